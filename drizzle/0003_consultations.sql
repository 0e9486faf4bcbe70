CREATE TABLE "consultations" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text NOT NULL,
	"study_destination" text NOT NULL,
	"type_of_study" text NOT NULL,
	"preferred_subject" text NOT NULL,
	"year_of_study" text,
	"state" text,
	"qualification" text,
	"student_id" integer,
	"status" text DEFAULT 'New' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"staff_notified_at" timestamp with time zone,
	"mail_attempts" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consultations_contact_idx" ON "consultations" USING btree ("email","phone_number","created_at");--> statement-breakpoint
CREATE INDEX "consultations_status_idx" ON "consultations" USING btree ("status","created_at");