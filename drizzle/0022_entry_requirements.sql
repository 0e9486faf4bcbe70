ALTER TABLE "courses" ADD COLUMN "min_percentage" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "min_cgpa" numeric(4, 2);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "min_ielts" numeric(2, 1);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "min_toefl" smallint;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "min_pte" smallint;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "english_test" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "english_score" numeric(4, 1);