CREATE TABLE "visa_guides" (
	"country_id" integer PRIMARY KEY NOT NULL,
	"guide" jsonb NOT NULL,
	"updated_by_staff_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visa_plan_steps" (
	"plan_id" integer NOT NULL,
	"step_key" text NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"on_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visa_plan_steps_plan_id_step_key_pk" PRIMARY KEY("plan_id","step_key")
);
--> statement-breakpoint
CREATE TABLE "visa_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"funds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome" text,
	"outcome_section" text,
	"outcome_reason" text,
	"outcome_at" timestamp with time zone,
	"outcome_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visa_plans_application_id_unique" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "visa_practice_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"question_id" integer,
	"theme" text NOT NULL,
	"question_text" text NOT NULL,
	"mode" text,
	"answer_text" text,
	"duration_seconds" integer,
	"recording_public_id" text,
	"recording_key" text,
	"recording_type" text,
	"recording_bytes" integer,
	"feedback" jsonb,
	"answered_at" timestamp with time zone,
	"scores" jsonb,
	"comment" text,
	CONSTRAINT "visa_practice_answers_recording_public_id_unique" UNIQUE("recording_public_id")
);
--> statement-breakpoint
CREATE TABLE "visa_practices" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"application_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"shared_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_staff_id" integer
);
--> statement-breakpoint
CREATE TABLE "visa_question_banks" (
	"country_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"questions_per_practice" smallint NOT NULL,
	"seconds_per_answer" smallint NOT NULL,
	"norms" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visa_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" text,
	"country_id" integer NOT NULL,
	"theme" text NOT NULL,
	"text" text NOT NULL,
	"needs" text[] DEFAULT '{}'::text[] NOT NULL,
	"core" boolean DEFAULT false NOT NULL,
	"wants" text NOT NULL,
	"points" jsonb NOT NULL,
	"red_flags" jsonb NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"updated_by_staff_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visa_questions_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
ALTER TABLE "country_document_rules" ADD COLUMN "for_visa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visa_guides" ADD CONSTRAINT "visa_guides_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_guides" ADD CONSTRAINT "visa_guides_updated_by_staff_id_staff_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_plan_steps" ADD CONSTRAINT "visa_plan_steps_plan_id_visa_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."visa_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_plans" ADD CONSTRAINT "visa_plans_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_plans" ADD CONSTRAINT "visa_plans_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_plans" ADD CONSTRAINT "visa_plans_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_plans" ADD CONSTRAINT "visa_plans_outcome_by_staff_id_staff_id_fk" FOREIGN KEY ("outcome_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_practice_answers" ADD CONSTRAINT "visa_practice_answers_practice_id_visa_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."visa_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_practice_answers" ADD CONSTRAINT "visa_practice_answers_question_id_visa_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."visa_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_practices" ADD CONSTRAINT "visa_practices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_practices" ADD CONSTRAINT "visa_practices_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_practices" ADD CONSTRAINT "visa_practices_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_practices" ADD CONSTRAINT "visa_practices_reviewed_by_staff_id_staff_id_fk" FOREIGN KEY ("reviewed_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_question_banks" ADD CONSTRAINT "visa_question_banks_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_questions" ADD CONSTRAINT "visa_questions_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_questions" ADD CONSTRAINT "visa_questions_updated_by_staff_id_staff_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visa_practice_answers_position_idx" ON "visa_practice_answers" USING btree ("practice_id","position");--> statement-breakpoint
CREATE INDEX "visa_practices_student_idx" ON "visa_practices" USING btree ("student_id","started_at");--> statement-breakpoint
CREATE INDEX "visa_practices_shared_idx" ON "visa_practices" USING btree ("shared_at");--> statement-breakpoint
CREATE INDEX "visa_questions_country_idx" ON "visa_questions" USING btree ("country_id","theme");