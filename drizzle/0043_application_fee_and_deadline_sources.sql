ALTER TABLE "courses" ADD COLUMN "application_fee_source" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "application_fee_checked_on" date;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "deadline_source" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "deadline_checked_on" date;