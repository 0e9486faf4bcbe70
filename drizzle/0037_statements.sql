CREATE TABLE "statement_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"paragraph_index" smallint NOT NULL,
	"paragraph_hash" text NOT NULL,
	"paragraph_text" text NOT NULL,
	"quote" text,
	"body" text NOT NULL,
	"staff_id" integer,
	"staff_name" text NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"paragraphs" jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by_staff_id" integer
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"paragraphs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"approved_version_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "sop_review" text;--> statement-breakpoint
ALTER TABLE "statement_comments" ADD CONSTRAINT "statement_comments_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_comments" ADD CONSTRAINT "statement_comments_version_id_statement_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."statement_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_comments" ADD CONSTRAINT "statement_comments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_versions" ADD CONSTRAINT "statement_versions_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_versions" ADD CONSTRAINT "statement_versions_approved_by_staff_id_staff_id_fk" FOREIGN KEY ("approved_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_approved_version_id_statement_versions_id_fk" FOREIGN KEY ("approved_version_id") REFERENCES "public"."statement_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_comments_statement_idx" ON "statement_comments" USING btree ("statement_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_versions_number_idx" ON "statement_versions" USING btree ("statement_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_application_kind_idx" ON "statements" USING btree ("application_id","kind");--> statement-breakpoint
CREATE INDEX "statements_student_idx" ON "statements" USING btree ("student_id");