import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { courseLevels, catalogueAdminMessages as m, universityTypes } from "../../vocabulary/catalogue.ts";
import { catalogueImportMessages as im } from "../../vocabulary/catalogue-import.ts";
import {
  type CourseFacts,
  type CourseFieldKey,
  checkedOnFields,
  courseFieldList,
  courseFieldsColumnNames,
  courseFieldsFrom,
  courseFieldsRecordset,
  courseFieldsSelect,
  courseFieldsSet,
  courseInput,
  csvHeaderOf,
  universityInput,
} from "./course-record.ts";
import { type CatalogueCsvColumn, oneOfAnyCase, yesNo, yesNoCell } from "./csv-export.ts";
import {
  type Country,
  type CourseValues,
  cellOf,
  countryOf,
  diff,
  faultsOf,
  idCell,
  idList,
  inPieces,
  isBlankRow,
  type Outcome,
  type Pass,
  problemsOf,
  Refused,
  refuse,
  rowsOf,
  type SourceRow,
  shapeProblem,
  type UniversityValues,
} from "./import-pass.ts";
import { type IntakeCell, intakesCell, readIntakesCell } from "./intakes-editing.ts";

/** The catalogue import's engine: a batch of university rows and of course rows, checked against the database and written (decision 0020). */
// ---- universities

interface UniversityRecord {
  /** The natural key it was found by (lookups by key only). */
  key?: string;
  id: number;
  name: string;
  city: string;
  type: string;
  countryId: number;
  retired: boolean;
}

const universityFields = { name: "name", city: "city", type: "type" };

async function universitiesWhere(pass: Pass, condition: SQL, keys?: SQL): Promise<UniversityRecord[]> {
  // The apply locks what it read until it commits; the keyed lookup is a lateral subquery (offset 0 keeps
  // it one), so each key uses the index universities_country_lower_name_idx however large the table grew.
  const lock = pass.mode === "apply" ? sql` for update` : sql``;
  return rowsOf<UniversityRecord>(
    pass.db,
    sql`select ${keys ? sql`k.key, ` : sql``}u.id, u.name, u.city, u.type, u.country_id as "countryId", u.retired_at is not null as retired
        ${keys ? sql`from ${keys} cross join lateral (select * from universities u where ${condition} offset 0${lock}) u` : sql`from universities u where ${condition}${lock}`}`,
  );
}

async function universitiesByKey(pass: Pass, keys: Map<string, { countryId: number; name: string }>) {
  const found = new Map<string, UniversityRecord[]>();
  if (!keys.size) return found;
  // Matched by the database's lower(), the same the index universities_country_lower_name_idx holds.
  const list = [...keys.entries()].map(([key, k]) => ({ key, cid: k.countryId, name: k.name }));
  const rows = await universitiesWhere(
    pass,
    sql`u.country_id = k.cid and lower(u.name) = lower(k.name)`,
    sql`json_to_recordset(${JSON.stringify(list)}::json) as k(key text, cid int, name text)`,
  );
  for (const { key = "", ...r } of rows) found.set(key, [...(found.get(key) ?? []), r]);
  return found;
}

/** A row on its way through a batch: what its cells said, what the lookups found, or why it is refused. */
interface Item {
  row: SourceRow;
  refused?: string;
  blank?: boolean;
  id?: number;
  country?: Country;
  name?: string;
}

/** Runs `step` on each row still in play; a Refused thrown marks the row refused with its reason. */
async function eachLive<T extends Item>(items: T[], step: (item: T) => void | Promise<void>) {
  for (const item of items) {
    if (item.refused !== undefined || item.blank) continue;
    try {
      await step(item);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      item.refused = error.message;
    }
  }
}

export async function universityBatch(
  pass: Pass,
  batch: SourceRow[],
): Promise<{ outcomes: Outcome[]; writes: UniversityValues[] }> {
  const items: (Item & { existing?: UniversityRecord })[] = batch.map((row) => ({ row, blank: isBlankRow(row) }));
  // Each row's cells; what needs the database is gathered for two queries.
  await eachLive(items, (item) => {
    const shape = shapeProblem(pass, item.row);
    if (shape) refuse(shape);
    item.id = idCell(pass, item.row, "id");
    const countryText = cellOf(pass, item.row, "country");
    item.country = countryText ? (countryOf(pass, countryText) ?? refuse(im.unknownCountry(countryText))) : undefined;
    item.name = cellOf(pass, item.row, "name");
    if (item.id === undefined) {
      if (!item.name) refuse(`name: ${m.enterUniversityName}`);
      if (!item.country) refuse(im.noCountry);
    }
  });
  const ids = items.flatMap((i) => (i.refused === undefined && i.id !== undefined ? [i.id] : []));
  const byId = new Map((ids.length ? await universitiesWhere(pass, sql`u.id in ${idList(ids)}`) : []).map((u) => [u.id, u]));
  await eachLive(items, (item) => {
    if (item.id !== undefined) item.existing = byId.get(item.id) ?? refuse(im.noSuchUniversityId(String(item.id)));
  });
  // Natural keys: of rows without an id (to match them), and of renamed rows (to catch a name taken).
  const keys = new Map<string, { countryId: number; name: string }>();
  for (const item of items) {
    if (item.refused !== undefined || item.blank) continue;
    const countryId = item.country?.id ?? item.existing?.countryId;
    const name = item.name || item.existing?.name;
    if (countryId !== undefined && name) keys.set(`${countryId}|${name.toLowerCase()}`, { countryId, name });
  }
  const byKey = await universitiesByKey(pass, keys);

  const writes: UniversityValues[] = [];
  const outcomes: Outcome[] = [];
  for (const item of items) {
    if (item.blank) continue;
    const line = item.row.line;
    try {
      if (item.refused !== undefined) refuse(item.refused);
      let existing = item.existing;
      if (!existing) {
        const country = item.country as Country;
        const matches = byKey.get(`${country.id}|${(item.name ?? "").toLowerCase()}`) ?? [];
        if (matches.length > 1) refuse(im.ambiguousUniversity(item.name ?? "", country.name));
        existing = matches[0];
      }
      if (existing && pass.seen.has(existing.id)) refuse(im.sameAsLine(pass.seen.get(existing.id) ?? 0));
      const typeCell = cellOf(pass, item.row, "type");
      const parsed = universityInput.safeParse({
        name: item.name ?? existing?.name,
        city: cellOf(pass, item.row, "city") ?? existing?.city,
        type: typeCell !== undefined ? oneOfAnyCase(universityTypes, typeCell) : existing?.type,
      });
      // Every fault of the row's own cells is said together, not only the first.
      const retiredCell = cellOf(pass, item.row, "retired");
      const retiredValue = retiredCell === undefined ? (existing?.retired ?? false) : yesNo(retiredCell);
      const faults = [
        ...(parsed.success ? [] : problemsOf(parsed.error, universityFields)),
        ...(retiredValue === undefined ? [im.yesOrNo("retired")] : []),
      ];
      if (!parsed.success || retiredValue === undefined) refuse(faultsOf(pass, faults));
      const input = parsed.data as z.infer<typeof universityInput>;
      const countryId = item.country?.id ?? (existing?.countryId as number);
      const key = `${countryId}|${input.name.toLowerCase()}`;
      const earlier = pass.keys.get(key);
      if (earlier !== undefined) refuse(im.sameAsLine(earlier));
      const taken = (byKey.get(key) ?? []).find((u) => u.id !== existing?.id);
      if (taken && existing) refuse(im.nameTaken("university", taken.id));
      const retired = retiredValue as boolean;
      const country = pass.countryById.get(countryId)?.name ?? "";
      const label = `${input.name} (${country})`;
      pass.keys.set(key, line);
      pass.scope.add(countryId);
      const values: UniversityValues = { name: input.name, city: input.city, type: input.type, countryId, retired };
      if (!existing) {
        outcomes.push({ line, action: "new", label });
        writes.push(values);
        continue;
      }
      pass.seen.set(existing.id, line);
      pass.matched.add(existing.id);
      const changes = diff(
        {
          name: existing.name,
          city: existing.city,
          country: pass.countryById.get(existing.countryId)?.name,
          type: existing.type,
          retired: yesNoCell(existing.retired),
        },
        { name: input.name, city: input.city, country, type: input.type, retired: yesNoCell(retired) },
      );
      if (!Object.keys(changes).length) {
        outcomes.push({ line, action: "unchanged", recordId: existing.id, label });
        continue;
      }
      outcomes.push({ line, action: "changed", recordId: existing.id, label, changes });
      writes.push({ ...values, id: existing.id, renamed: Boolean(changes.name || changes.city || changes.country) });
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      outcomes.push({ line, action: "refused", label: labelOfRow(pass, item.row), reason: error.message });
    }
  }
  return { outcomes, writes };
}

/** What a refused row names, as far as its cells say. */
function labelOfRow(pass: Pass, row: SourceRow): string {
  const name = cellOf(pass, row, "name") ?? "";
  const where = pass.kind === "universities" ? cellOf(pass, row, "country") : cellOf(pass, row, "university");
  const id = cellOf(pass, row, "id");
  return [name || (id ? `id ${id}` : ""), where ? `(${where})` : ""].filter(Boolean).join(" ").slice(0, 300);
}

export async function writeUniversities(pass: Pass, writes: UniversityValues[]) {
  const now = pass.now.toISOString();
  const fresh = writes.filter((w) => w.id === undefined);
  const changed = writes.filter((w) => w.id !== undefined);
  await inPieces(fresh, async (piece) => {
    const inserted = await rowsOf<{ id: number }>(
      pass.db,
      sql`insert into universities (name, city, country_id, type, retired_at)
          select x.name, x.city, x."countryId", x.type, case when x.retired then ${now}::timestamptz end
          from json_to_recordset(${JSON.stringify(piece)}::json) as x(name text, city text, "countryId" int, type text, retired boolean)
          returning id`,
    );
    for (const { id } of inserted) pass.matched.add(id);
  });
  if (changed.length) {
    await inPieces(changed, async (piece) => {
      await pass.db.execute(
        sql`update universities u set name = x.name, city = x.city, country_id = x."countryId", type = x.type,
              retired_at = case when x.retired then coalesce(u.retired_at, ${now}::timestamptz) end
            from json_to_recordset(${JSON.stringify(piece)}::json) as x(id int, name text, city text, "countryId" int, type text, retired boolean)
            where u.id = x.id`,
      );
    });
    const renamed = changed.filter((w) => w.renamed).map((w) => w.id as number);
    // Touching the name fires the search-vector trigger of migration 0002 for each course.
    await inPieces(renamed, async (piece) => {
      await pass.db.execute(sql`update courses set name = name where university_id in ${idList(piece)}`);
    });
  }
}

// ---- courses

/** A course as the database holds it: the values of a row, with its id. */
type CourseRecord = CourseValues & { id: number };

interface UniversityRef {
  key?: string | null;
  id: number;
  name: string;
  countryId: number;
}

/** Each field's CSV column, for saying a refusal with the file's words. */
const courseHeaders: Record<string, string> = Object.fromEntries(courseFieldList.map((f) => [f.key, csvHeaderOf(f)]));

async function coursesWhere(pass: Pass, condition: SQL): Promise<CourseRecord[]> {
  // The apply locks what it read until it commits.
  const lock = pass.mode === "apply" ? sql` for update` : sql``;
  return rowsOf<CourseRecord>(
    pass.db,
    sql`select c.id, c.university_id as "universityId", ${courseFieldsSelect("c")}, c.retired_at is not null as retired
        from courses c where ${condition}${lock}`,
  );
}

/** A course's natural key in a file: its university, its name whatever the letter case, and its level. */
const courseKey = (universityId: number, name: string, level: string | undefined) =>
  `${universityId}|${name.toLowerCase()}|${level}`;

interface CourseItem extends Item {
  universityId?: number;
  universityName?: string;
  existing?: CourseRecord;
  university?: UniversityRef;
  level?: string;
}

/**
 * A row's cells for courseInput, a field at a time (course-record.ts): a column the file leaves out keeps
 * the course's value (or a new row's default), a blank number clears it, a choice is read whatever its
 * letter case, and a yes/no cell that is neither is a fault of the row (added to `faults`). `known` holds
 * what was read already.
 */
function courseCellsOf(
  pass: Pass,
  row: SourceRow,
  existing: CourseRecord | undefined,
  known: Partial<Record<CourseFieldKey, unknown>>,
  faults: string[],
): Record<string, unknown> {
  const given: Record<string, unknown> = {};
  for (const f of courseFieldList) {
    if (f.key in known) {
      given[f.key] = known[f.key];
      continue;
    }
    const header = csvHeaderOf(f) as CatalogueCsvColumn;
    const cell = cellOf(pass, row, header);
    const current = existing?.[f.key] ?? undefined;
    if (f.kind === "whole" || f.kind === "decimal") given[f.key] = cell === undefined ? current : cell === "" ? undefined : cell;
    else if (f.kind === "choice") given[f.key] = cell === undefined ? current : oneOfAnyCase(f.options ?? [], cell);
    else if (f.kind === "yesNo") {
      const value = cell === undefined ? (current ?? false) : yesNo(cell);
      if (value === undefined) faults.push(im.yesOrNo(header));
      given[f.key] = value ?? false;
    } else given[f.key] = cell ?? current ?? f.newRow;
  }
  return given;
}

export async function courseBatch(pass: Pass, batch: SourceRow[]): Promise<{ outcomes: Outcome[]; writes: CourseValues[] }> {
  const items: CourseItem[] = batch.map((row) => ({ row, blank: isBlankRow(row) }));
  await eachLive(items, (item) => {
    const shape = shapeProblem(pass, item.row);
    if (shape) refuse(shape);
    item.id = idCell(pass, item.row, "id");
    item.universityId = idCell(pass, item.row, "university_id");
    item.universityName = cellOf(pass, item.row, "university");
    const countryText = cellOf(pass, item.row, "country");
    if (countryText && item.universityId === undefined)
      item.country = countryOf(pass, countryText) ?? refuse(im.unknownCountry(countryText));
    if (item.id === undefined && item.universityId === undefined && !(item.universityName && item.country))
      refuse(im.noUniversity);
  });
  const courseIds = items.flatMap((i) => (i.refused === undefined && i.id !== undefined ? [i.id] : []));
  const byId = new Map(
    (courseIds.length ? await coursesWhere(pass, sql`c.id in ${idList(courseIds)}`) : []).map((c) => [c.id, c]),
  );
  await eachLive(items, (item) => {
    if (item.id !== undefined) item.existing = byId.get(item.id) ?? refuse(im.noSuchCourseId(String(item.id)));
  });
  // The universities the rows name: by id (theirs, or their course's), and by country and name.
  const universityIds = new Set<number>();
  const namedUniversities = new Map<string, { key: string; cid: number; name: string }>();
  for (const item of items) {
    if (item.refused !== undefined || item.blank) continue;
    if (item.universityId !== undefined) universityIds.add(item.universityId);
    else if (item.universityName && item.country)
      namedUniversities.set(`${item.country.id}|${item.universityName.toLowerCase()}`, {
        key: `${item.country.id}|${item.universityName.toLowerCase()}`,
        cid: item.country.id,
        name: item.universityName,
      });
    if (item.existing) universityIds.add(item.existing.universityId);
  }
  const refs = await rowsOf<UniversityRef>(
    pass.db,
    sql`select null as key, u.id, u.name, u.country_id as "countryId" from universities u where u.id in ${idList(universityIds)}
        union all
        select k.key, u.id, u.name, u.country_id
        from json_to_recordset(${JSON.stringify([...namedUniversities.values()])}::json) as k(key text, cid int, name text)
        cross join lateral (select * from universities u where u.country_id = k.cid and lower(u.name) = lower(k.name) offset 0) u`,
  );
  const universityById = new Map(refs.map((u) => [u.id, u]));
  const universitiesByKey = new Map<string, UniversityRef[]>();
  for (const { key, ...u } of refs) if (key) universitiesByKey.set(key, [...(universitiesByKey.get(key) ?? []), u]);
  // Each row's university, name and level; then the courses they name (to match, or to find a name taken).
  await eachLive(items, (item) => {
    if (item.universityId !== undefined)
      item.university = universityById.get(item.universityId) ?? refuse(im.noSuchUniversityId(String(item.universityId)));
    else if (item.universityName && item.country) {
      const matches = universitiesByKey.get(`${item.country.id}|${item.universityName.toLowerCase()}`) ?? [];
      if (matches.length > 1) refuse(im.ambiguousUniversity(item.universityName, item.country.name));
      item.university = matches[0] ?? refuse(im.unknownUniversity(item.universityName, item.country.name));
    } else if (item.existing) item.university = universityById.get(item.existing.universityId);
    if (!item.university) refuse(im.noUniversity);
    item.name = cellOf(pass, item.row, "name") ?? item.existing?.name ?? "";
    const levelCell = cellOf(pass, item.row, "level");
    item.level = levelCell !== undefined ? oneOfAnyCase(courseLevels, levelCell) : (item.existing?.level ?? "");
  });
  const courseKeys = new Map<string, { uid: number }>();
  for (const item of items)
    if (item.refused === undefined && item.university && item.name)
      courseKeys.set(courseKey(item.university.id, item.name, item.level), { uid: item.university.id });
  const byKey = new Map<string, CourseRecord[]>();
  // The courses of the batch's universities by index range scans (a file lists a university's courses
  // together, as the export does), matched here by university, lower-case name and level. Only the
  // matching fields are read, in pieces, then the whole records of the matched ones (locked by the
  // apply): all the fields of 500 rows' universities' courses in one statement held PGlite's thread
  // for 150 to 220 ms (decision 0038).
  const batchUniversities = [...new Set([...courseKeys.values()].map((k) => k.uid))];
  const matched: number[] = [];
  await inPieces(
    batchUniversities,
    async (piece) => {
      const named = await rowsOf<{ id: number; universityId: number; name: string; level: string }>(
        pass.db,
        sql`select c.id, c.university_id as "universityId", c.name, c.level from courses c
            where c.university_id in ${idList(piece)}`,
      );
      for (const c of named) if (courseKeys.has(courseKey(c.universityId, c.name, c.level))) matched.push(c.id);
    },
    10,
  );
  if (matched.length)
    for (const c of await coursesWhere(pass, sql`c.id in ${idList(matched)}`)) {
      const key = courseKey(c.universityId, c.name, c.level);
      byKey.set(key, [...(byKey.get(key) ?? []), c]);
    }
  // The intakes of the courses the rows name, when the file has the intakes column (decision 0085).
  const intakesOf = new Map<number, IntakeCell[]>();
  if (pass.at.intakes !== undefined) {
    const ids = [...new Set([...byId.keys(), ...matched])];
    if (ids.length)
      for (const i of await rowsOf<IntakeCell & { courseId: number }>(
        pass.db,
        sql`select course_id as "courseId", month, year, deadline::text as deadline from course_intakes
            where course_id = any(${`{${ids.join(",")}}`}::int[])${pass.mode === "apply" ? sql` for update` : sql``}`,
      ))
        intakesOf.set(i.courseId, [...(intakesOf.get(i.courseId) ?? []), { month: i.month, year: i.year, deadline: i.deadline }]);
  }

  const outcomes: Outcome[] = [];
  const writes: CourseValues[] = [];
  const universityLabel = (u: UniversityRef) => `${u.name} (${pass.countryById.get(u.countryId)?.name ?? ""})`;
  for (const item of items) {
    if (item.blank) continue;
    const { row } = item;
    const line = row.line;
    try {
      if (item.refused !== undefined) refuse(item.refused);
      const university = item.university as UniversityRef;
      let existing = item.existing;
      if (!existing) {
        const matches = byKey.get(courseKey(university.id, item.name ?? "", item.level)) ?? [];
        if (matches.length > 1) refuse(im.nameTaken("course", matches[0]?.id ?? 0));
        existing = matches[0];
      }
      if (existing && pass.seen.has(existing.id)) refuse(im.sameAsLine(pass.seen.get(existing.id) ?? 0));
      // Every fault of the row's own cells is said together, not only the first.
      const faults: string[] = [];
      const given = courseCellsOf(pass, row, existing, { name: item.name, level: item.level }, faults);
      const parsed = courseInput.safeParse(given);
      if (!parsed.success) faults.push(...problemsOf(parsed.error, courseHeaders));
      else
        for (const f of checkedOnFields) {
          const day = parsed.data[f.key];
          if (typeof day === "string" && day > pass.today) faults.push(`${csvHeaderOf(f)}: ${f.notAfterToday}`);
        }
      const retiredCell = cellOf(pass, row, "retired");
      const retiredValue = retiredCell === undefined ? (existing?.retired ?? false) : yesNo(retiredCell);
      if (retiredValue === undefined) faults.push(im.yesOrNo("retired"));
      const intakesText = cellOf(pass, row, "intakes");
      const intakesBefore = existing ? (intakesOf.get(existing.id) ?? []) : [];
      const read = intakesText === undefined ? undefined : readIntakesCell(intakesText, intakesBefore, pass.now);
      if (read) faults.push(...read.faults);
      if (faults.length || !parsed.success) refuse(faultsOf(pass, faults));
      const input = parsed.data as z.infer<typeof courseInput>;
      const key = `${university.id}|${input.name.toLowerCase()}|${input.level}`;
      const earlier = pass.keys.get(key);
      if (earlier !== undefined) refuse(im.sameAsLine(earlier));
      const taken = (byKey.get(key) ?? []).find((c) => c.id !== existing?.id);
      if (taken && existing) refuse(im.nameTaken("course", taken.id));
      const retired = retiredValue as boolean;
      const values: CourseValues = {
        universityId: university.id,
        ...(Object.fromEntries(courseFieldList.map((f) => [f.key, input[f.key] ?? null])) as CourseFacts),
        retired,
        ...(read ? { intakes: read.intakes } : {}),
      };
      const label = `${input.name} (${input.level}), ${universityLabel(university)}`;
      pass.keys.set(key, line);
      pass.scope.add(university.id);
      if (!existing) {
        outcomes.push({ line, action: "new", label });
        writes.push(values);
        continue;
      }
      pass.seen.set(existing.id, line);
      pass.matched.add(existing.id);
      const shown = (c: CourseValues | CourseRecord) => ({
        university: "",
        ...Object.fromEntries(
          courseFieldList.map((f) => [csvHeaderOf(f), f.kind === "yesNo" ? yesNoCell(c[f.key] as boolean) : c[f.key]]),
        ),
        retired: yesNoCell(c.retired),
      });
      const before: Record<string, unknown> = shown(existing);
      const after: Record<string, unknown> = shown(values);
      if (read) {
        before.intakes = intakesCell(intakesBefore);
        after.intakes = intakesCell(read.intakes);
      }
      if (existing.universityId !== university.id) {
        const was = universityById.get(existing.universityId);
        before.university = was ? `${universityLabel(was)}, id ${was.id}` : `id ${existing.universityId}`;
        after.university = `${universityLabel(university)}, id ${university.id}`;
      }
      const changes = diff(before, after);
      if (!Object.keys(changes).length) {
        outcomes.push({ line, action: "unchanged", recordId: existing.id, label });
        continue;
      }
      outcomes.push({ line, action: "changed", recordId: existing.id, label, changes });
      writes.push({ ...values, id: existing.id });
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      outcomes.push({ line, action: "refused", label: labelOfRow(pass, row), reason: error.message });
    }
  }
  return { outcomes, writes };
}

const courseRecordset = sql`(id int, "universityId" int, ${courseFieldsRecordset()}, retired boolean)`;

export async function writeCourses(pass: Pass, writes: CourseValues[]) {
  const now = pass.now.toISOString();
  const fresh = writes.filter((w) => w.id === undefined);
  const changed = writes.filter((w) => w.id !== undefined);
  // A few statements per batch, each of a piece (the search-words statement trigger of migration 0002
  // runs once for each), so other requests go between them (decision 0038).
  await inPieces(fresh, async (piece) => {
    const inserted = await rowsOf<{ id: number }>(
      pass.db,
      sql`insert into courses (university_id, ${courseFieldsColumnNames()}, retired_at)
          select x."universityId", ${courseFieldsFrom("x")}, case when x.retired then ${now}::timestamptz end
          from json_to_recordset(${JSON.stringify(piece)}::json) as x${courseRecordset}
          returning id`,
    );
    for (const { id } of inserted) pass.matched.add(id);
  });
  await inPieces(changed, async (piece) => {
    await pass.db.execute(
      sql`update courses c set university_id = x."universityId", ${courseFieldsSet("x")},
            retired_at = case when x.retired then coalesce(c.retired_at, ${now}::timestamptz) end
          from json_to_recordset(${JSON.stringify(piece)}::json) as x${courseRecordset}
          where c.id = x.id`,
    );
  });
  await writeIntakes(pass, writes);
}

/**
 * The intakes of the courses written whose rows list them (decision 0085): each course's intakes become
 * the row's. An intake removed, or one whose deadline moved, joins `pass.intakeChanges`, told once the
 * whole file is written (the applications naming it keep what they were applied for; their counsellors
 * are mailed once per import, in the apply's transaction: decision 0106). A few statements for the whole batch.
 */
async function writeIntakes(pass: Pass, writes: CourseValues[]) {
  const listing = writes.filter((w) => w.intakes !== undefined);
  if (!listing.length) return;
  // New courses' ids, by their natural key (the import keeps it unique within a file and against the catalogue).
  const fresh = listing.filter((w) => w.id === undefined);
  const idOf = new Map<CourseValues, number>();
  for (const w of listing) if (w.id !== undefined) idOf.set(w, w.id);
  if (fresh.length) {
    const found = await rowsOf<{ id: number; universityId: number; name: string; level: string }>(
      pass.db,
      sql`select c.id, c.university_id as "universityId", c.name, c.level
          from json_to_recordset(${JSON.stringify(fresh.map((w) => ({ uid: w.universityId, name: w.name, level: w.level })))}::json)
               as k(uid int, name text, level text)
          join courses c on c.university_id = k.uid and lower(c.name) = lower(k.name) and c.level = k.level`,
    );
    const byKey = new Map(found.map((c) => [courseKey(c.universityId, c.name, c.level), c.id]));
    for (const w of fresh) {
      const id = byKey.get(courseKey(w.universityId, w.name, w.level));
      if (id !== undefined) idOf.set(w, id);
    }
  }
  const courseIds = [...idOf.values()];
  const current = await rowsOf<{ id: number; courseId: number; month: number; year: number; deadline: string | null }>(
    pass.db,
    sql`select id, course_id as "courseId", month, year, deadline::text as deadline from course_intakes
        where course_id = any(${`{${courseIds.join(",")}}`}::int[]) for update`,
  );
  const removed: typeof current = [];
  const moved: { id: number; deadline: string | null; before: (typeof current)[number] }[] = [];
  const added: { courseId: number; month: number; year: number; deadline: string | null }[] = [];
  for (const [w, courseId] of idOf) {
    const now = current.filter((i) => i.courseId === courseId);
    const wanted = w.intakes ?? [];
    for (const i of now) {
      const kept = wanted.find((x) => x.month === i.month && x.year === i.year);
      if (!kept) removed.push(i);
      else if (kept.deadline !== i.deadline) moved.push({ id: i.id, deadline: kept.deadline, before: i });
    }
    for (const x of wanted) if (!now.some((i) => i.month === x.month && i.year === x.year)) added.push({ courseId, ...x });
  }
  if (removed.length) await pass.db.execute(sql`delete from course_intakes where id in ${idList(removed.map((i) => i.id))}`);
  if (moved.length)
    await pass.db.execute(
      sql`update course_intakes i set deadline = x.deadline::date
          from json_to_recordset(${JSON.stringify(moved.map(({ id, deadline }) => ({ id, deadline })))}::json) as x(id int, deadline text)
          where i.id = x.id`,
    );
  if (added.length)
    await pass.db.execute(
      sql`insert into course_intakes (course_id, month, year, deadline)
          select x."courseId", x.month, x.year, x.deadline::date
          from json_to_recordset(${JSON.stringify(added)}::json) as x("courseId" int, month int, year int, deadline text)`,
    );
  for (const i of removed)
    pass.intakeChanges?.push({
      courseId: i.courseId,
      month: i.month,
      year: i.year,
      deadline: i.deadline,
      removed: true,
      deadlineNow: null,
    });
  for (const { before: i, deadline } of moved)
    pass.intakeChanges?.push({
      courseId: i.courseId,
      month: i.month,
      year: i.year,
      deadline: i.deadline,
      removed: false,
      deadlineNow: deadline,
    });
}
