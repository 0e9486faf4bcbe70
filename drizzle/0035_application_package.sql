CREATE TABLE "application_package_items" (
	"application_id" integer NOT NULL,
	"item" text NOT NULL,
	"attachment_type" text NOT NULL,
	"state" text NOT NULL,
	"file_id" integer,
	"waiver_reason" text,
	"position" smallint NOT NULL,
	CONSTRAINT "application_package_items_application_id_item_pk" PRIMARY KEY("application_id","item")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "fee_receipt_file_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "fee_paid_on" date;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "submitted_on" date;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "university_reference" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "letters_required" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "sop_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "sop_word_limit" smallint;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "portfolio_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "writing_sample_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "english_test_asked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "admissions_test_asked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "application_fee_amount" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "application_fee_currency" text;--> statement-breakpoint
ALTER TABLE "application_package_items" ADD CONSTRAINT "application_package_items_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_package_items" ADD CONSTRAINT "application_package_items_file_id_student_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."student_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_package_items_file_idx" ON "application_package_items" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_fee_receipt_file_id_student_files_id_fk" FOREIGN KEY ("fee_receipt_file_id") REFERENCES "public"."student_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_open_course_intake_idx" ON "applications" USING btree ("student_id","course_id","intake_year","intake_month") WHERE "applications"."status" not in ('Withdrawn', 'Rejected', 'Enrolled');