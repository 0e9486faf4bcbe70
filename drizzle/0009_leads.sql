ALTER TABLE "consultations" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "assigned_staff_id" integer;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_assigned_staff_id_staff_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultations_assigned_idx" ON "consultations" USING btree ("assigned_staff_id","created_at");--> statement-breakpoint
-- "Closed" became "Lost" when the console widened the statuses.
UPDATE "consultations" SET "status" = 'Lost' WHERE "status" = 'Closed';
