ALTER TABLE "consultations" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "assignee_opened_at" timestamp with time zone;