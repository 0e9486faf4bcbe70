CREATE TABLE "funding_plans" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"kind" text NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scholarship" jsonb,
	"deposit" jsonb,
	"reply_by" date NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"decline_reason" text,
	"replied_at" timestamp with time zone,
	"reopened" boolean DEFAULT false NOT NULL,
	"recorded_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_application_id_unique" UNIQUE("application_id")
);
--> statement-breakpoint
ALTER TABLE "funding_plans" ADD CONSTRAINT "funding_plans_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_recorded_by_staff_id_staff_id_fk" FOREIGN KEY ("recorded_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_student_idx" ON "offers" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_firm_idx" ON "offers" USING btree ("student_id") WHERE "offers"."state" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_backup_idx" ON "offers" USING btree ("student_id") WHERE "offers"."state" = 'held';--> statement-breakpoint
-- One funding plan per student (decision 0079): the sources each visa plan's funds check kept move into it,
-- the newest plan's first, with no proving document named yet; the visa plan keeps only its apply day.
INSERT INTO "funding_plans" ("student_id", "sources", "updated_at")
SELECT DISTINCT ON (vp."student_id") vp."student_id",
  (SELECT coalesce(jsonb_agg(s || jsonb_build_object('proof', null)), '[]'::jsonb) FROM jsonb_array_elements(vp."funds"->'sources') s),
  now()
FROM "visa_plans" vp
WHERE jsonb_typeof(vp."funds"->'sources') = 'array' AND jsonb_array_length(vp."funds"->'sources') > 0
ORDER BY vp."student_id", vp."created_at" DESC
ON CONFLICT ("student_id") DO NOTHING;--> statement-breakpoint
UPDATE "visa_plans" SET "funds" = "funds" - 'sources' WHERE "funds" ? 'sources';
