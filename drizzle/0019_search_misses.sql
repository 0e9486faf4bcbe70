CREATE TABLE "search_misses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"results" smallint NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_misses_searched_at_idx" ON "search_misses" USING btree ("searched_at");