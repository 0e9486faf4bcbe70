-- The reports' indexes (decision 0018). Only in this migration, like the triggers of 0002: schema.ts
-- does not declare them, so `drizzle-kit generate` leaves them alone.
-- Leads booked in a range (the funnel): the other consultations indexes lead with other columns.
CREATE INDEX IF NOT EXISTS "consultations_created_idx" ON "consultations" ("created_at");
--> statement-breakpoint
-- Application events in a range: offers and visas, and the applications that moved (stays per stage).
CREATE INDEX IF NOT EXISTS "application_events_at_idx" ON "application_events" ("at");
