-- Sessions on a calendar (decision 0036): the database refuses two holds of one staff member
-- whose times overlap (sessions that are not cancelled, and exceptions), whoever writes them and however
-- many instances race. btree_gist lets the integer staff_id share a GiST index with the range.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "calendar_holds" ADD CONSTRAINT "calendar_holds_no_overlap" EXCLUDE USING gist ("staff_id" WITH =, "during" WITH &&);--> statement-breakpoint
ALTER TABLE "calendar_holds" ADD CONSTRAINT "calendar_holds_one_owner" CHECK (("session_id" IS NULL) <> ("exception_id" IS NULL));--> statement-breakpoint
ALTER TABLE "calendar_holds" ADD CONSTRAINT "calendar_holds_not_empty" CHECK (NOT isempty("during"));
