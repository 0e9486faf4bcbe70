ALTER TABLE "applications" ADD COLUMN "applied_deadline" date;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "intake_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deadline_preferences" ADD COLUMN "language" text;--> statement-breakpoint
UPDATE "applications" a SET "applied_deadline" = i."deadline" FROM "course_intakes" i WHERE i."course_id" = a."course_id" AND i."month" = a."intake_month" AND i."year" = a."intake_year";
