ALTER TABLE "courses" ADD COLUMN "min_duolingo" smallint;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "min_gre" smallint;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "min_gmat" smallint;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "gre_score" smallint;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "gmat_score" smallint;