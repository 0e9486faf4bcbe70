import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each module owns its tables (decision 0052); the platform's own (rate limits) sit in platform/db.
  schema: ["./modules/**/tables.ts", "./modules/tables.ts", "./platform/db/tables.ts"],
  out: "./drizzle",
});
