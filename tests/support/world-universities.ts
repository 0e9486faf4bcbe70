import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { stringify } from "csv-stringify/sync";
import { eq, sql } from "drizzle-orm";
import { countries } from "../../modules/catalogue/tables.ts";
import type { Database } from "../../platform/db/client.ts";

/**
 * The 10,251 real universities of tests/fixtures/world-universities.json.gz as our universities CSV
 * (decision 0020): name, city (the state or province, else the country's name), country, type Public.
 *
 * The list is real data, so two things are cleaned here, as an admin would before importing:
 * - control characters in four Polish names (a stray byte of another encoding) become spaces;
 * - 20 universities appear twice under the same name in the same country (two entries for two web
 *   domains): the import refuses a file naming one record twice, so the later entry is left out.
 */
export interface WorldUniversity {
  name: string;
  country: string;
  alpha_two_code: string;
  "state-province": string | null;
}

const fixture = path.resolve(import.meta.dirname, "../fixtures/world-universities.json.gz");

export const worldUniversities = (): WorldUniversity[] => JSON.parse(gunzipSync(readFileSync(fixture)).toString("utf8"));

const clean = (text: string) =>
  text
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The rows the CSV holds: cleaned, each university once per country (by its ISO code). */
export function worldUniversityRows(): { name: string; city: string; country: string; code: string }[] {
  const seen = new Set<string>();
  const rows: { name: string; city: string; country: string; code: string }[] = [];
  for (const u of worldUniversities()) {
    const name = clean(u.name);
    const key = `${u.alpha_two_code.toLowerCase()}|${name.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      name,
      city: clean(u["state-province"] ?? "") || u.country,
      country: u.country,
      code: u.alpha_two_code.toLowerCase(),
    });
  }
  return rows;
}

export function worldUniversitiesCsv(): string {
  return stringify([
    ["name", "city", "country", "type"],
    ...worldUniversityRows().map((u) => [u.name, u.city, u.country, "Public"]),
  ]);
}

const slugOf = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * Countries are created on the catalogue screen, never by an import (an unknown country is a refused
 * row), so the test set-up makes the list's countries first: a country we have under another name
 * (Russia for "Russian Federation") gets the list's name as an alias; any other is inserted.
 */
export async function ensureWorldCountries(db: Database): Promise<{ added: number; aliased: number }> {
  let added = 0;
  let aliased = 0;
  const named = new Map<string, string>();
  for (const u of worldUniversities()) named.set(u.country, u.alpha_two_code.toLowerCase());
  for (const [name, code] of named) {
    const [byCode] = await db.select().from(countries).where(eq(countries.code, code));
    if (!byCode) {
      await db.insert(countries).values({ name, slug: slugOf(name), code, aliases: [], currency: "USD", sortOrder: 100 });
      added += 1;
    } else if (byCode.name.toLowerCase() !== name.toLowerCase() && !byCode.aliases.includes(name.toLowerCase())) {
      await db
        .update(countries)
        .set({ aliases: sql`array_append(${countries.aliases}, ${name.toLowerCase()})` })
        .where(eq(countries.id, byCode.id));
      aliased += 1;
    }
  }
  return { added, aliased };
}
