ALTER TABLE "visa_practice_answers" ADD COLUMN "asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visa_practices" ADD COLUMN "review_seen_at" timestamp with time zone;