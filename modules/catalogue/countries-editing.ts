import { and, asc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { COUNTRY_ALIAS_MAX_LENGTH, COUNTRY_ALIASES_MAX, catalogueAdminMessages as m } from "../../vocabulary/catalogue.ts";
import { countryCodes } from "../../vocabulary/country-codes.ts";
import { recordAudit } from "../audit-log.ts";
import type { StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { checkbox, personName } from "../fields.ts";
import { authorize, canManageCatalogue, type StaffMember } from "../policies.ts";
import { parseInput } from "../validation.ts";
import { countries, courses, universities } from "./tables.ts";

/**
 * Admins add and change countries (decision 0019): the name (its slug, the address /{slug}/universities,
 * follows it), the flag's ISO 3166-1 code, other names a visitor may type, the fees' currency and whether
 * the site shows it. No two countries may answer to the same name, address or other name: the public
 * routes find a country by any of them (modules/catalogue findCountry), so a clash is refused (409).
 */

const flagCodes = new Set<string>(countryCodes.map((c) => c.code));

/** The address form of a name, as the demo countries' slugs are written: "South Korea" -> "south-korea", "Türkiye" -> "turkiye". */
export const countrySlug = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** How the public routes read an address segment or an alias as an address: spaces and underscores become hyphens. */
const addressForm = (text: string) => text.toLowerCase().replace(/[\s_]+/g, "-");

const aliasList = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",") : (value ?? [])),
  z
    .array(
      z
        .string({ error: m.aliasRule })
        .max(COUNTRY_ALIAS_MAX_LENGTH, m.aliasRule)
        .regex(/^[^\p{Cc}]*$/u, m.aliasRule),
      {
        error: m.aliasRule,
      },
    )
    .transform((aliases) => [
      ...new Set(aliases.map((alias) => alias.trim().replace(/\s+/g, " ").toLowerCase()).filter((alias) => alias !== "")),
    ])
    .refine((aliases) => aliases.length <= COUNTRY_ALIASES_MAX, m.aliasRule),
);

/** A country as an admin gives it: aliases as a list or one comma-separated line (a form's), stored lower-case. */
export const countryInput = z.object({
  name: personName(m.enterCountryName, 100).refine((name) => countrySlug(name) !== "", m.nameNeedsLetters),
  code: z
    .string({ error: m.chooseFlag })
    .trim()
    .toLowerCase()
    .refine((code) => flagCodes.has(code), m.chooseFlag),
  aliases: aliasList,
  currency: z
    .string({ error: m.countryCurrency })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, m.countryCurrency),
  visible: checkbox,
});

export interface CatalogueCountry {
  id: number;
  name: string;
  slug: string;
  code: string;
  aliases: string[];
  currency: string;
  visible: boolean;
  universities: number;
}

const countryColumns = {
  id: countries.id,
  name: countries.name,
  slug: countries.slug,
  code: countries.code,
  aliases: countries.aliases,
  currency: countries.currency,
  visible: countries.visible,
  // Written out: drizzle leaves the columns of a subquery in a select list unqualified, so "id" would be the university's.
  universities: sql<number>`(select count(*)::int from universities u where u.country_id = countries.id)`,
};

/** Every country, shown or hidden, with how many universities it has (in the site's order). */
export async function catalogueCountries(deps: StaffDeps, member: StaffMember): Promise<CatalogueCountry[]> {
  authorize(canManageCatalogue, member);
  return deps.db.select(countryColumns).from(countries).orderBy(asc(countries.sortOrder), asc(countries.name));
}

export async function catalogueCountry(deps: StaffDeps, member: StaffMember, id: number): Promise<CatalogueCountry> {
  authorize(canManageCatalogue, member);
  const [row] = await deps.db.select(countryColumns).from(countries).where(eq(countries.id, id));
  if (!row) throw new AppError("not_found", "No such country.");
  return row;
}

type CountryValues = z.infer<typeof countryInput>;
type Tx = Parameters<Parameters<StaffDeps["db"]["transaction"]>[0]>[0];

/** Every way the public routes find a country: its name, its slug, each alias and each alias's address form. */
const keysOf = (country: { name: string; slug: string; aliases: string[] }) =>
  new Set([country.name.toLowerCase(), country.slug, ...country.aliases, ...country.aliases.map(addressForm)]);

/**
 * Refuses (409) a name, flag or alias another country already answers to. Runs under the countries'
 * advisory lock, so two admins cannot both take the same name between the check and the write.
 */
async function refuseClashes(tx: Tx, values: CountryValues & { slug: string }, exceptId?: number) {
  const others = await tx
    .select({ name: countries.name, slug: countries.slug, code: countries.code, aliases: countries.aliases })
    .from(countries)
    .where(exceptId === undefined ? undefined : ne(countries.id, exceptId));
  const named = others.find((other) => keysOf(other).has(values.name.toLowerCase()) || keysOf(other).has(values.slug));
  if (named) {
    const message = m.countryNameTaken(values.name, named.name);
    throw new AppError("conflict", message, { name: message });
  }
  const flagged = others.find((other) => other.code === values.code);
  if (flagged) {
    const message = m.countryCodeTaken(values.code, flagged.name);
    throw new AppError("conflict", message, { code: message });
  }
  for (const alias of values.aliases) {
    const other = others.find((o) => keysOf(o).has(alias) || keysOf(o).has(addressForm(alias)));
    if (other) {
      const message = m.aliasTaken(alias, other.name);
      throw new AppError("conflict", message, { aliases: message });
    }
  }
}

/** The place in the site's list: beside the countries whose names sort before it (the demo's 38 are alphabetical). */
const sortOrderFor = async (tx: Tx, name: string, exceptId?: number) => {
  const [row] = await tx
    .select({ order: sql<number | null>`max(${countries.sortOrder})` })
    .from(countries)
    .where(
      and(lt(sql`lower(${countries.name})`, name.toLowerCase()), exceptId === undefined ? undefined : ne(countries.id, exceptId)),
    );
  return row?.order ?? 0;
};

/** Aliases without the country's own name or address (they find it anyway). */
const ownAliasesDropped = (values: CountryValues, slug: string) =>
  values.aliases.filter((alias) => alias !== values.name.toLowerCase() && addressForm(alias) !== slug);

const lockCountries = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('ignite:countries'))`);

/** Adds a country (shown or hidden); audited. Its flag is the code's, already among public/flags. */
export async function createCountry(deps: StaffDeps, member: StaffMember, raw: unknown): Promise<CatalogueCountry> {
  authorize(canManageCatalogue, member);
  const input = parseInput(countryInput, raw);
  const slug = countrySlug(input.name);
  const values = { ...input, aliases: ownAliasesDropped(input, slug), slug };
  const id = await deps.db.transaction(async (tx) => {
    await lockCountries(tx);
    await refuseClashes(tx, values);
    const [created] = await tx
      .insert(countries)
      .values({ ...values, sortOrder: await sortOrderFor(tx, values.name) })
      .returning({ id: countries.id });
    if (!created) throw new Error("insert returned no row");
    await recordAudit(tx, member, { action: "country.created", subjectType: "country", subjectId: created.id, after: values });
    return created.id;
  });
  return catalogueCountry(deps, member, id);
}

/**
 * Changes a country. A new name keeps the old one as an alias, so old links (/{old-slug}/universities) and
 * searches by it still find the country; the admin may remove it later. When the name or the aliases change,
 * the search entries of the country's courses are rebuilt in the same transaction (their vectors hold both,
 * drizzle/0002_search_index.sql), and the new words reach search_words for typo correction.
 */
export async function editCountry(deps: StaffDeps, member: StaffMember, id: number, raw: unknown): Promise<CatalogueCountry> {
  authorize(canManageCatalogue, member);
  const input = parseInput(countryInput, raw);
  const slug = countrySlug(input.name);
  await deps.db.transaction(async (tx) => {
    await lockCountries(tx);
    const [before] = await tx
      .select({
        name: countries.name,
        slug: countries.slug,
        code: countries.code,
        aliases: countries.aliases,
        currency: countries.currency,
        visible: countries.visible,
      })
      .from(countries)
      .where(eq(countries.id, id))
      .for("update");
    if (!before) throw new AppError("not_found", "No such country.");
    const renamed = before.name.toLowerCase() !== input.name.toLowerCase();
    const keptNames = renamed
      ? [before.name.toLowerCase(), ...(before.slug !== addressForm(before.name) ? [before.slug] : [])]
      : [];
    const aliases = ownAliasesDropped({ ...input, aliases: [...new Set([...input.aliases, ...keptNames])] }, slug);
    const after = { ...input, aliases, slug };
    await refuseClashes(tx, after, id);
    await tx
      .update(countries)
      .set({ ...after, ...(renamed ? { sortOrder: await sortOrderFor(tx, after.name, id) } : {}) })
      .where(eq(countries.id, id));
    if (before.name !== after.name || before.aliases.join("\n") !== after.aliases.join("\n"))
      await tx
        .update(courses)
        .set({ name: sql`${courses.name}` })
        .where(
          inArray(
            courses.universityId,
            tx.select({ id: universities.id }).from(universities).where(eq(universities.countryId, id)),
          ),
        );
    await recordAudit(tx, member, { action: "country.edited", subjectType: "country", subjectId: id, before, after });
  });
  return catalogueCountry(deps, member, id);
}
