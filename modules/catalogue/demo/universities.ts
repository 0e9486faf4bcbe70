import { z } from "zod";
import { readReferenceData } from "../../reference-data.ts";
import data from "./universities.json" with { type: "json" };

/** A real institution for the demo catalogue: its English name, its city and whether it is public or private. */
export interface DemoUniversity {
  name: string;
  city: string;
  /** A DemoCountry.name. */
  country: string;
  type: "Public" | "Private";
}

const rowSchema = z.tuple([z.string().min(1), z.string().min(1), z.enum(["Public", "Private"])]);

/**
 * Real universities (as named in the world-universities list), grouped by country: the spec's destinations in
 * their order, then Canada and New Zealand. The list is data (`universities.json`, decision 0052).
 */
export const demoUniversities: DemoUniversity[] = Object.entries(
  readReferenceData("modules/catalogue/demo/universities.json", data, {
    universitiesByCountry: z.record(z.string(), z.array(rowSchema).min(1)),
  }).universitiesByCountry,
).flatMap(([country, rows]) => rows.map(([name, city, type]) => ({ name, city, country, type })));
