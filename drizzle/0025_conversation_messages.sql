CREATE TABLE "conversation_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"author" text NOT NULL,
	"author_staff_id" integer,
	"body" text NOT NULL,
	"file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conversation_notices" (
	"student_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"last_mailed_at" timestamp with time zone,
	"waiting_since" timestamp with time zone,
	CONSTRAINT "conversation_notices_student_id_recipient_pk" PRIMARY KEY("student_id","recipient")
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_author_staff_id_staff_id_fk" FOREIGN KEY ("author_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_file_id_student_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."student_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_notices" ADD CONSTRAINT "conversation_notices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_student_idx" ON "conversation_messages" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_messages_unread_idx" ON "conversation_messages" USING btree ("student_id","author") WHERE "conversation_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "conversation_notices_waiting_idx" ON "conversation_notices" USING btree ("waiting_since") WHERE "conversation_notices"."waiting_since" is not null;