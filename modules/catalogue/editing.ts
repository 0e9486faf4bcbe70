import { and, asc, eq, ilike, isNotNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import {
  CATALOGUE_SEARCH_LIMIT,
  catalogueAdminMessages as m,
  universityImage,
  type universityTypes,
} from "../../vocabulary/catalogue.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { recordAudit } from "../audit-log.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { containing } from "../fields.ts";
import { authorize, canManageCatalogue, type StaffMember } from "../policies.ts";
import { parseInput } from "../validation.ts";
import {
  type CourseFacts,
  checkedOnFields,
  courseFieldColumns,
  courseInput,
  courseStoredValues,
  decimalKeys,
  universityInput,
} from "./course-record.ts";
import { countries, courses, universities } from "./tables.ts";
import { type IncomingPicture, preparePicture, storePicture } from "./university-pictures.ts";

export { courseInput, universityInput };

/**
 * Admins edit the catalogue (decision 0017): a university's and a course's facts, retiring and restoring
 * either (kept for the applications naming them, hidden from the site), and a country's visibility.
 * Every change is audited with its before and after, and the public cache is told at once.
 */

export interface CatalogueUniversity {
  id: number;
  name: string;
  city: string;
  type: (typeof universityTypes)[number];
  countryId: number;
  country: string;
  countryVisible: boolean;
  retired: boolean;
  /** The picture's address: the uploaded one, or the drawn placeholder. */
  image: string;
  hasPicture: boolean;
  /** Its place on the home page's strips (1 to 8), or null. */
  featuredPlace: number | null;
}

/** A course as the console shows it (retired ones too): its university and its facts (course-record.ts). */
export type CatalogueCourse = {
  id: number;
  universityId: number;
  university: string;
} & CourseFacts & { retired: boolean };

const universityColumns = {
  id: universities.id,
  name: universities.name,
  city: universities.city,
  type: universities.type,
  countryId: universities.countryId,
  country: countries.name,
  countryVisible: countries.visible,
  retiredAt: universities.retiredAt,
  imageKey: universities.imageKey,
  featuredPlace: universities.featuredRank,
};

const toUniversity = ({
  retiredAt,
  imageKey,
  ...row
}: { retiredAt: Date | null; imageKey: string | null } & Omit<CatalogueUniversity, "retired" | "image" | "hasPicture">) => ({
  ...row,
  retired: retiredAt !== null,
  image: universityImage(row.id, imageKey),
  hasPicture: imageKey !== null,
});

const courseColumns = {
  id: courses.id,
  universityId: courses.universityId,
  university: universities.name,
  ...courseFieldColumns,
  retiredAt: courses.retiredAt,
};

const toCourse = ({ retiredAt, ...row }: { retiredAt: Date | null } & Omit<CatalogueCourse, "retired">): CatalogueCourse => ({
  ...row,
  retired: retiredAt !== null,
});

/** Universities whose name holds the search (all of them, retired too), by name. */
export async function searchCatalogueUniversities(
  deps: StaffDeps,
  member: StaffMember,
  filters: { q?: string },
): Promise<CatalogueUniversity[]> {
  authorize(canManageCatalogue, member);
  const q = filters.q?.trim().slice(0, 100);
  const rows = await deps.db
    .select(universityColumns)
    .from(universities)
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(q ? ilike(universities.name, containing(q)) : undefined)
    .orderBy(asc(universities.name), asc(universities.id))
    .limit(CATALOGUE_SEARCH_LIMIT);
  return rows.map(toUniversity);
}

/** The universities on the home page's strips, by place (retired ones too: the screen marks them). */
export async function featuredCatalogueUniversities(deps: StaffDeps, member: StaffMember): Promise<CatalogueUniversity[]> {
  authorize(canManageCatalogue, member);
  const rows = await deps.db
    .select(universityColumns)
    .from(universities)
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(isNotNull(universities.featuredRank))
    .orderBy(asc(universities.featuredRank));
  return rows.map(toUniversity);
}

/** One university with all its courses, retired ones included. */
export async function catalogueUniversity(deps: StaffDeps, member: StaffMember, id: number) {
  authorize(canManageCatalogue, member);
  const [row] = await deps.db
    .select(universityColumns)
    .from(universities)
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(eq(universities.id, id));
  if (!row) throw new AppError("not_found", "No such university.");
  const courseRows = await deps.db
    .select(courseColumns)
    .from(courses)
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .where(eq(courses.universityId, id))
    .orderBy(asc(courses.name), asc(courses.id));
  return { university: toUniversity(row), courses: courseRows.map(toCourse) };
}

export async function catalogueCourse(deps: StaffDeps, member: StaffMember, id: number): Promise<CatalogueCourse> {
  authorize(canManageCatalogue, member);
  const [row] = await deps.db
    .select(courseColumns)
    .from(courses)
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .where(eq(courses.id, id));
  if (!row) throw new AppError("not_found", "No such course.");
  return toCourse(row);
}

/** A university as an admin adds it: universityInput and its country. */
export const newUniversityInput = universityInput.extend({
  countryId: z.coerce.number({ error: m.chooseCountry }).int(m.chooseCountry).positive(m.chooseCountry),
});

type Tx = Parameters<Parameters<StaffDeps["db"]["transaction"]>[0]>[0];

/**
 * Refuses (409) a second university of the same name in one country (any letter case): imports match a
 * row by its country and name, and visitors could not tell two apart. Under a lock per country, so two
 * admins cannot both add it between the check and the write.
 */
async function refuseNameTaken(tx: Tx, countryId: number, name: string, exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ignite:university-names'), ${countryId})`);
  const [taken] = await tx
    .select({ name: universities.name, country: countries.name })
    .from(universities)
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(
      and(
        eq(universities.countryId, countryId),
        eq(sql`lower(${universities.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(universities.id, exceptId),
      ),
    );
  if (taken) {
    const message = m.universityExists(taken.name, taken.country);
    throw new AppError("conflict", message, { name: message });
  }
}

/**
 * Adds a university, with a picture when one is given (checked and re-encoded before anything is written;
 * stored first, removed again if the row cannot be written). Audited; the public cache is cleared.
 */
export async function createUniversity(
  deps: StaffDeps,
  member: StaffMember,
  raw: unknown,
  picture?: IncomingPicture,
): Promise<CatalogueUniversity> {
  authorize(canManageCatalogue, member);
  const input = parseInput(newUniversityInput, raw);
  const bytes = picture ? await preparePicture(picture) : undefined;
  const id = await storePicture(deps, bytes, (imageKey) =>
    deps.db.transaction(async (tx) => {
      const [country] = await tx.select({ name: countries.name }).from(countries).where(eq(countries.id, input.countryId));
      if (!country) throw new AppError("invalid_input", m.chooseCountry, { countryId: m.chooseCountry });
      await refuseNameTaken(tx, input.countryId, input.name);
      const [created] = await tx
        .insert(universities)
        .values({ ...input, imageKey })
        .returning({ id: universities.id });
      if (!created) throw new Error("insert returned no row");
      await recordAudit(tx, member, {
        action: "university.created",
        subjectType: "university",
        subjectId: created.id,
        after: {
          name: input.name,
          city: input.city,
          type: input.type,
          country: country.name,
          image: universityImage(created.id, imageKey),
        },
      });
      return created.id;
    }),
  );
  return (await catalogueUniversity(deps, member, id)).university;
}

/**
 * Changes a university's name, city or type. Its courses' search vectors hold its name and city, so
 * they are rebuilt in the same transaction (touching `name` fires the trigger of migration 0002, whose
 * statement trigger also adds the new words to search_words).
 */
export async function editUniversity(deps: StaffDeps, member: StaffMember, id: number, raw: unknown) {
  authorize(canManageCatalogue, member);
  const input = parseInput(universityInput, raw);
  const result = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: universities.name, city: universities.city, type: universities.type, countryId: universities.countryId })
      .from(universities)
      .where(eq(universities.id, id))
      .for("update");
    if (!before) throw new AppError("not_found", "No such university.");
    const { countryId, ...shown } = before;
    await refuseNameTaken(tx, countryId, input.name, id);
    await tx.update(universities).set(input).where(eq(universities.id, id));
    if (before.name !== input.name || before.city !== input.city)
      await tx
        .update(courses)
        .set({ name: sql`${courses.name}` })
        .where(eq(courses.universityId, id));
    await recordAudit(tx, member, {
      action: "university.edited",
      subjectType: "university",
      subjectId: id,
      before: shown,
      after: input,
    });
    return input;
  });
  return result;
}

/**
 * Retires a university or a course (hidden from the site, kept for applications) or brings it back.
 * Audited when it changes; the public cache is cleared.
 */
async function setRetired(deps: StaffDeps, member: StaffMember, kind: "university" | "course", id: number, retired: boolean) {
  authorize(canManageCatalogue, member);
  const table = kind === "university" ? universities : courses;
  const name = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: table.name, retiredAt: table.retiredAt })
      .from(table)
      .where(eq(table.id, id))
      .for("update");
    if (!before) throw new AppError("not_found", `No such ${kind}.`);
    if ((before.retiredAt !== null) === retired) return before.name;
    await tx
      .update(table)
      .set({ retiredAt: retired ? nowOf(deps) : null })
      .where(eq(table.id, id));
    await recordAudit(tx, member, {
      action: `${kind}.${retired ? "retired" : "restored"}`,
      subjectType: kind,
      subjectId: id,
      before: { retired: !retired },
      after: { retired },
    });
    return before.name;
  });
  return retired ? m.retired(name) : m.restored(name);
}

export const setUniversityRetired = (deps: StaffDeps, member: StaffMember, id: number, retired: boolean) =>
  setRetired(deps, member, "university", id, retired);

/**
 * A course's facts as stored, from courseInput: absent provenance is null; a fee, an application fee or
 * deadlines checked in the future are refused, each said beside its field (decision 0105).
 */
function courseValues(deps: StaffDeps, raw: unknown) {
  const values = courseStoredValues(parseInput(courseInput, raw));
  const today = indianDay(nowOf(deps));
  const future = checkedOnFields.filter((f) => {
    const day = values[f.key];
    return typeof day === "string" && day > today;
  });
  const first = future[0];
  if (first)
    throw new AppError("invalid_input", first.notAfterToday, Object.fromEntries(future.map((f) => [f.key, f.notAfterToday])));
  return values;
}

/** The audit log reads the decimal requirements as numbers (the database gives "75.00", the form "75"). */
const forAudit = (record: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(record).map(([key, value]) => [
      key,
      decimalKeys.has(key) && typeof value === "string" ? Number(value) : value,
    ]),
  );

/** Changes a course's facts, with where and when its fee was checked. Audited with before and after. */
export async function editCourse(deps: StaffDeps, member: StaffMember, id: number, raw: unknown) {
  authorize(canManageCatalogue, member);
  const values = courseValues(deps, raw);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for("update");
    if (!row) throw new AppError("not_found", "No such course.");
    const before = Object.fromEntries(Object.keys(values).map((key) => [key, row[key as keyof typeof values]]));
    await tx.update(courses).set(values).where(eq(courses.id, id));
    await recordAudit(tx, member, {
      action: "course.edited",
      subjectType: "course",
      subjectId: id,
      before: forAudit(before),
      after: forAudit(values),
    });
  });
  return values;
}

/**
 * Adds a course to a university, with the same rules as editCourse. Its search entry is written by the
 * insert trigger of migration 0002 (with the university's name, city and country), and its words reach
 * search_words, so public search finds it at once, typos forgiven. Audited; the public cache is cleared.
 */
export async function createCourse(deps: StaffDeps, member: StaffMember, universityId: number, raw: unknown) {
  authorize(canManageCatalogue, member);
  const values = courseValues(deps, raw);
  const id = await deps.db.transaction(async (tx) => {
    const [university] = await tx.select({ id: universities.id }).from(universities).where(eq(universities.id, universityId));
    if (!university) throw new AppError("not_found", "No such university.");
    const [created] = await tx
      .insert(courses)
      .values({ ...values, universityId })
      .returning({ id: courses.id });
    if (!created) throw new Error("insert returned no row");
    await recordAudit(tx, member, {
      action: "course.created",
      subjectType: "course",
      subjectId: created.id,
      after: forAudit({ universityId, ...values }),
    });
    return created.id;
  });
  return catalogueCourse(deps, member, id);
}

export const setCourseRetired = (deps: StaffDeps, member: StaffMember, id: number, retired: boolean) =>
  setRetired(deps, member, "course", id, retired);

/** Hides a country from the site (its universities and courses with it) or shows it again. Audited when it changes. */
export async function setCountryVisible(deps: StaffDeps, member: StaffMember, id: number, visible: boolean) {
  authorize(canManageCatalogue, member);
  const name = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: countries.name, visible: countries.visible })
      .from(countries)
      .where(eq(countries.id, id))
      .for("update");
    if (!before) throw new AppError("not_found", "No such country.");
    if (before.visible === visible) return before.name;
    await tx.update(countries).set({ visible }).where(eq(countries.id, id));
    await recordAudit(tx, member, {
      action: visible ? "country.shown" : "country.hidden",
      subjectType: "country",
      subjectId: id,
      before: { visible: before.visible },
      after: { visible },
    });
    return before.name;
  });
  return visible ? m.countryShown(name) : m.countryHidden(name);
}
