CREATE TABLE "departure_ticks" (
	"application_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"item" text NOT NULL,
	"ticked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departure_ticks_application_id_item_pk" PRIMARY KEY("application_id","item")
);
--> statement-breakpoint
CREATE TABLE "loan_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"label" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"annual_rate" numeric(5, 2) NOT NULL,
	"rate_type" text NOT NULL,
	"tenure_months" smallint NOT NULL,
	"course_months" smallint NOT NULL,
	"grace_months" smallint NOT NULL,
	"interest_paid_during_moratorium" boolean NOT NULL,
	"processing_fee" numeric(12, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departure_ticks" ADD CONSTRAINT "departure_ticks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_ticks" ADD CONSTRAINT "departure_ticks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_offers" ADD CONSTRAINT "loan_offers_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departure_ticks_student_idx" ON "departure_ticks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "loan_offers_student_idx" ON "loan_offers" USING btree ("student_id","created_at");