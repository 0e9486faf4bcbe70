ALTER TABLE "countries" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "fee_source" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "fee_checked_on" date;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "retired_at" timestamp with time zone;