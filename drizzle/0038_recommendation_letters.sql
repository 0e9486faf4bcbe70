CREATE TABLE "letter_request_applications" (
	"request_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	CONSTRAINT "letter_request_applications_request_id_application_id_pk" PRIMARY KEY("request_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "letter_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"recommender_id" integer NOT NULL,
	"waived" boolean NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_mail_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminders" integer DEFAULT 0 NOT NULL,
	"outbox_id" integer,
	"opened_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"revoked_at" timestamp with time zone,
	"storage_key" text,
	"file_name" text,
	"size_bytes" integer,
	"uploaded_at" timestamp with time zone,
	CONSTRAINT "letter_requests_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "recommenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"institution" text NOT NULL,
	"relation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "letter_request_applications" ADD CONSTRAINT "letter_request_applications_request_id_letter_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."letter_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_request_applications" ADD CONSTRAINT "letter_request_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_requests" ADD CONSTRAINT "letter_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_requests" ADD CONSTRAINT "letter_requests_recommender_id_recommenders_id_fk" FOREIGN KEY ("recommender_id") REFERENCES "public"."recommenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommenders" ADD CONSTRAINT "recommenders_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letter_request_applications_app_idx" ON "letter_request_applications" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "letter_requests_student_idx" ON "letter_requests" USING btree ("student_id","invited_at");--> statement-breakpoint
CREATE INDEX "letter_requests_open_idx" ON "letter_requests" USING btree ("status") WHERE "letter_requests"."status" in ('invited', 'opened');--> statement-breakpoint
CREATE UNIQUE INDEX "recommenders_student_email_idx" ON "recommenders" USING btree ("student_id","email");