CREATE TABLE "offer_date_reminders" (
	"item_uid" text NOT NULL,
	"day" date NOT NULL,
	"threshold_days" smallint NOT NULL,
	"days_left" smallint NOT NULL,
	"student_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_date_reminders_item_uid_day_threshold_days_pk" PRIMARY KEY("item_uid","day","threshold_days")
);
--> statement-breakpoint
CREATE TABLE "offer_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by_staff_id" integer,
	CONSTRAINT "offer_letters_application_id_unique" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "parent_sharing" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"offer_amounts" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "student_files_current_idx";--> statement-breakpoint
ALTER TABLE "offer_date_reminders" ADD CONSTRAINT "offer_date_reminders_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_letters" ADD CONSTRAINT "offer_letters_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_letters" ADD CONSTRAINT "offer_letters_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_letters" ADD CONSTRAINT "offer_letters_file_id_student_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."student_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_letters" ADD CONSTRAINT "offer_letters_confirmed_by_staff_id_staff_id_fk" FOREIGN KEY ("confirmed_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_sharing" ADD CONSTRAINT "parent_sharing_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_date_reminders_student_idx" ON "offer_date_reminders" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "offer_letters_student_idx" ON "offer_letters" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_files_current_idx" ON "student_files" USING btree ("student_id","attachment_type") WHERE "student_files"."superseded_at" is null and "student_files"."attachment_type" <> 'Offer letter';