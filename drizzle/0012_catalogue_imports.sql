CREATE TABLE "catalogue_import_mappings" (
	"kind" text NOT NULL,
	"header_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_import_mappings_kind_header_key_pk" PRIMARY KEY("kind","header_key")
);
--> statement-breakpoint
CREATE TABLE "catalogue_import_rows" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"record_id" integer,
	"action" text NOT NULL,
	"label" text NOT NULL,
	"changes" jsonb,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "catalogue_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"staff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"header_key" text NOT NULL,
	"mapping" jsonb,
	"retire_missing" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"rows_total" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "catalogue_imports_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "course_intakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"year" smallint NOT NULL,
	"deadline" date
);
--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "featured_rank" smallint;--> statement-breakpoint
ALTER TABLE "catalogue_import_rows" ADD CONSTRAINT "catalogue_import_rows_import_id_catalogue_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalogue_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_intakes" ADD CONSTRAINT "course_intakes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_import_rows_import_idx" ON "catalogue_import_rows" USING btree ("import_id","action","line");--> statement-breakpoint
CREATE INDEX "catalogue_imports_created_idx" ON "catalogue_imports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_intakes_course_start_idx" ON "course_intakes" USING btree ("course_id","year","month");--> statement-breakpoint
CREATE INDEX "universities_country_lower_name_idx" ON "universities" USING btree ("country_id",lower("name"));