CREATE TABLE "calendar_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"during" "tstzrange" NOT NULL,
	"session_id" integer,
	"exception_id" integer
);
--> statement-breakpoint
CREATE TABLE "counselling_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"staff_id" integer NOT NULL,
	"student_id" integer,
	"lead_id" integer,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"meeting_link" text,
	"booked_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"mailed_sequence" integer DEFAULT -1 NOT NULL,
	"mail_claimed_at" timestamp with time zone,
	"mail_attempts" smallint DEFAULT 0 NOT NULL,
	"reminded_day_at" timestamp with time zone,
	"reminded_hour_at" timestamp with time zone,
	"reminder_claimed_at" timestamp with time zone,
	"outcome" text,
	"outcome_note" text,
	"outcome_at" timestamp with time zone,
	CONSTRAINT "counselling_sessions_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "staff_calendar_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"day" date NOT NULL,
	"starts" text,
	"ends" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_calendar_settings" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"weekly_hours" jsonb,
	"meeting_link" text
);
--> statement-breakpoint
ALTER TABLE "calendar_holds" ADD CONSTRAINT "calendar_holds_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_holds" ADD CONSTRAINT "calendar_holds_session_id_counselling_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."counselling_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_holds" ADD CONSTRAINT "calendar_holds_exception_id_staff_calendar_exceptions_id_fk" FOREIGN KEY ("exception_id") REFERENCES "public"."staff_calendar_exceptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_sessions" ADD CONSTRAINT "counselling_sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_sessions" ADD CONSTRAINT "counselling_sessions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_sessions" ADD CONSTRAINT "counselling_sessions_lead_id_consultations_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_calendar_exceptions" ADD CONSTRAINT "staff_calendar_exceptions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_calendar_settings" ADD CONSTRAINT "staff_calendar_settings_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_holds_session_idx" ON "calendar_holds" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "calendar_holds_exception_idx" ON "calendar_holds" USING btree ("exception_id");--> statement-breakpoint
CREATE INDEX "counselling_sessions_staff_idx" ON "counselling_sessions" USING btree ("staff_id","starts_at");--> statement-breakpoint
CREATE INDEX "counselling_sessions_student_idx" ON "counselling_sessions" USING btree ("student_id","starts_at");--> statement-breakpoint
CREATE INDEX "counselling_sessions_lead_idx" ON "counselling_sessions" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "counselling_sessions_due_idx" ON "counselling_sessions" USING btree ("starts_at") WHERE cancelled_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_calendar_exceptions_day_idx" ON "staff_calendar_exceptions" USING btree ("staff_id","day");