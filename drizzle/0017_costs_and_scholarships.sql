CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"rupees_per_unit" numeric(16, 6) NOT NULL,
	"source" text NOT NULL,
	"rate_date" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "living_costs" (
	"country_id" integer PRIMARY KEY NOT NULL,
	"amount_per_year" integer NOT NULL,
	"currency" text NOT NULL,
	"source" text NOT NULL,
	"year" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scholarships" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"destinations" text[] DEFAULT '{}'::text[] NOT NULL,
	"levels" text[] NOT NULL,
	"amount" text NOT NULL,
	"deadline_month" smallint,
	"deadline_day" smallint,
	"deadline_note" text,
	"eligibility" text NOT NULL,
	"minimum_percentage" numeric(5, 2),
	"official_url" text NOT NULL,
	"checked_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "living_costs" ADD CONSTRAINT "living_costs_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scholarships_name_provider_idx" ON "scholarships" USING btree (lower("name"),lower("provider"));