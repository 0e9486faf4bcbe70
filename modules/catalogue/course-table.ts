import {
  type CourseLevel,
  type CourseMode,
  courseLevels,
  courseModes,
  type FeePeriod,
  feePeriods,
} from "../../vocabulary/catalogue.ts";
import { type CourseFacts, type CourseFieldKey, courseFieldList } from "./course-record.ts";

/** A shown course's own fields, as the catalogue mirror keeps them (its university comes from the mirror's list). */
export type MirroredCourse = { id: number; universityId: number } & CourseFacts;

/**
 * The entry requirements, five small numbers a row (7 bytes), each kept as a whole number of its smallest
 * step (a percentage and a CGPA in hundredths, an IELTS band in tenths); the column's largest value means
 * "not set". All five fit their columns: a percentage's 10,000 hundredths, a CGPA's 1,000, 90 tenths, 120.
 */
const requirementColumns = [
  { field: "minPercentage", scale: 100, wide: true },
  { field: "minCgpa", scale: 100, wide: true },
  { field: "minIelts", scale: 10, wide: false },
  { field: "minToefl", scale: 1, wide: false },
  { field: "minPte", scale: 1, wide: false },
] as const;
const NOT_SET_WIDE = 0xffff;
const NOT_SET_NARROW = 0xff;

/**
 * The fields kept in the typed columns below. A field added to the record later is kept without more
 * code, each distinct value once and a number a row (`others`), until it earns a column of its own.
 */
const tuned: ReadonlySet<CourseFieldKey> = new Set<CourseFieldKey>([
  "name",
  "level",
  "durationMonths",
  "feeAmount",
  "feeCurrency",
  "feePeriod",
  "mode",
  "englishExamWaiver",
  "mediumOfInstruction",
  "feeSource",
  "feeCheckedOn",
  ...requirementColumns.map((c) => c.field),
]);
const otherKeys = courseFieldList.map((f) => f.key).filter((key) => !tuned.has(key));

/** Every shown course's fields in columns, looked up by id (decision 0022: the result pages' details). */
export interface CourseTable {
  readonly size: number;
  get(id: number): MirroredCourse | undefined;
}

/** Repeated texts (names, currencies, media of instruction) kept once, each row holding its number. */
function createInterner<T = string>() {
  const numbers = new Map<T, number>();
  const texts: T[] = [];
  return {
    texts,
    numberOf(text: T): number {
      let n = numbers.get(text);
      if (n === undefined) {
        n = texts.length;
        texts.push(text);
        numbers.set(text, n);
      }
      return n;
    },
  };
}

const indexOfValue = <T extends string>(values: readonly T[], value: T) => {
  const n = values.indexOf(value);
  if (n < 0) throw new Error(`unknown catalogue value ${value}`);
  return n;
};

/**
 * Takes the shown courses in ascending id order (the mirror reads them in id batches) and keeps them in
 * typed columns: 200,000 courses take a few megabytes instead of the hundred or so that as many objects
 * would, and an id is found by binary search. The columns are typed from the start, sized by `expected`
 * (the mirror counts the courses first) and doubled if more come, so building leaves little garbage
 * behind: an idle server holds what it built, not what it built it from, until its next collection.
 */
export function createCourseTableBuilder(expected = 1024) {
  const names = createInterner();
  const currencies = createInterner();
  const media = createInterner();
  let capacity = Math.max(16, expected);
  let size = 0;
  let idColumn = new Int32Array(capacity);
  let nameColumn = new Int32Array(capacity);
  let levelColumn = new Uint8Array(capacity);
  let durationColumn = new Uint16Array(capacity);
  let amountColumn = new Float64Array(capacity);
  let currencyColumn = new Uint16Array(capacity);
  let periodColumn = new Uint8Array(capacity);
  let modeColumn = new Uint8Array(capacity);
  let waiverColumn = new Uint8Array(capacity);
  let mediumColumn = new Uint16Array(capacity);
  let universityColumn = new Int32Array(capacity);
  let requirementData = requirementColumns.map((c) => (c.wide ? new Uint16Array(capacity) : new Uint8Array(capacity)));
  const others = otherKeys.map((key) => ({ key, values: createInterner<unknown>(), column: new Uint32Array(capacity) }));
  const resized = <T extends Int32Array | Uint8Array | Uint16Array | Uint32Array | Float64Array>(
    column: T,
    length: number,
  ): T => {
    const next = new (column.constructor as new (n: number) => T)(length);
    next.set(column.subarray(0, Math.min(size, length)) as never);
    return next;
  };
  const resize = (length: number) => {
    idColumn = resized(idColumn, length);
    nameColumn = resized(nameColumn, length);
    levelColumn = resized(levelColumn, length);
    durationColumn = resized(durationColumn, length);
    amountColumn = resized(amountColumn, length);
    currencyColumn = resized(currencyColumn, length);
    periodColumn = resized(periodColumn, length);
    modeColumn = resized(modeColumn, length);
    waiverColumn = resized(waiverColumn, length);
    mediumColumn = resized(mediumColumn, length);
    universityColumn = resized(universityColumn, length);
    requirementData = requirementData.map((column) => resized(column, length));
    for (const other of others) other.column = resized(other.column, length);
    capacity = length;
  };
  /** Fee sources and check dates are rare (entered by admins): kept only for the rows that have them. */
  const checked = new Map<number, { source: string | null; checkedOn: string | null }>();
  return {
    add(course: MirroredCourse) {
      const row = size;
      if (row > 0 && (idColumn[row - 1] as number) >= course.id) throw new Error("courses must come in ascending id order");
      if (row === capacity) resize(capacity * 2);
      idColumn[row] = course.id;
      nameColumn[row] = names.numberOf(course.name);
      levelColumn[row] = indexOfValue(courseLevels, course.level);
      durationColumn[row] = course.durationMonths;
      amountColumn[row] = course.feeAmount;
      currencyColumn[row] = currencies.numberOf(course.feeCurrency);
      periodColumn[row] = indexOfValue(feePeriods, course.feePeriod);
      modeColumn[row] = indexOfValue(courseModes, course.mode);
      waiverColumn[row] = course.englishExamWaiver ? 1 : 0;
      mediumColumn[row] = media.numberOf(course.mediumOfInstruction);
      universityColumn[row] = course.universityId;
      requirementColumns.forEach((c, i) => {
        const value = course[c.field];
        (requirementData[i] as Uint8Array | Uint16Array)[row] =
          value === null ? (c.wide ? NOT_SET_WIDE : NOT_SET_NARROW) : Math.round(value * c.scale);
      });
      for (const other of others) other.column[row] = other.values.numberOf(course[other.key]);
      if (course.feeSource !== null || course.feeCheckedOn !== null)
        checked.set(row, { source: course.feeSource, checkedOn: course.feeCheckedOn });
      size += 1;
    },
    build(): CourseTable & { parts(): CourseTableParts } {
      // Views of the filled part: no copy (the courses counted beforehand are rarely more than came).
      const filled = <T extends Int32Array | Uint8Array | Uint16Array | Uint32Array | Float64Array>(column: T): T =>
        column.subarray(0, size) as T;
      return courseTableOf({
        ids: filled(idColumn),
        names: names.texts,
        name: filled(nameColumn),
        level: filled(levelColumn),
        duration: filled(durationColumn),
        amount: filled(amountColumn),
        currencies: currencies.texts,
        currency: filled(currencyColumn),
        period: filled(periodColumn),
        mode: filled(modeColumn),
        waiver: filled(waiverColumn),
        media: media.texts,
        medium: filled(mediumColumn),
        university: filled(universityColumn),
        requirements: requirementData.map(filled),
        others: others.map((other) => ({ key: other.key, values: other.values.texts, column: filled(other.column) })),
        checked: [...checked],
      });
    },
  };
}

/**
 * What a course table is made of: its typed columns and the texts they number. Kept on disk beside the
 * search index's parts, a table is made again from it without reading the catalogue (decision 0071).
 */
export interface CourseTableParts {
  ids: Int32Array;
  names: string[];
  name: Int32Array;
  level: Uint8Array;
  duration: Uint16Array;
  amount: Float64Array;
  currencies: string[];
  currency: Uint16Array;
  period: Uint8Array;
  mode: Uint8Array;
  waiver: Uint8Array;
  media: string[];
  medium: Uint16Array;
  university: Int32Array;
  requirements: Array<Uint8Array | Uint16Array>;
  /** The fields without a column of their own, each distinct value once. */
  others: Array<{ key: string; values: unknown[]; column: Uint32Array }>;
  /** Rows with a fee source or check date. */
  checked: Array<[number, { source: string | null; checkedOn: string | null }]>;
}

/** The table over its parts (never written to); `parts()` gives them back to be kept. */
export function courseTableOf(parts: CourseTableParts): CourseTable & { parts(): CourseTableParts } {
  const checked = new Map(parts.checked);
  const requirement = (i: number, row: number) => {
    const c = requirementColumns[i] as (typeof requirementColumns)[number];
    const stored = (parts.requirements[i] as Uint8Array | Uint16Array)[row] as number;
    return stored === (c.wide ? NOT_SET_WIDE : NOT_SET_NARROW) ? null : stored / c.scale;
  };
  const rowOf = (row: number): MirroredCourse => {
    const fee = checked.get(row);
    const course = {
      id: parts.ids[row] as number,
      name: parts.names[parts.name[row] as number] as string,
      level: courseLevels[parts.level[row] as number] as CourseLevel,
      durationMonths: parts.duration[row] as number,
      feeAmount: parts.amount[row] as number,
      feeCurrency: parts.currencies[parts.currency[row] as number] as string,
      feePeriod: feePeriods[parts.period[row] as number] as FeePeriod,
      feeSource: fee?.source ?? null,
      feeCheckedOn: fee?.checkedOn ?? null,
      mode: courseModes[parts.mode[row] as number] as CourseMode,
      englishExamWaiver: parts.waiver[row] === 1,
      mediumOfInstruction: parts.media[parts.medium[row] as number] as string,
      universityId: parts.university[row] as number,
      minPercentage: requirement(0, row),
      minCgpa: requirement(1, row),
      minIelts: requirement(2, row),
      minToefl: requirement(3, row),
      minPte: requirement(4, row),
    } as MirroredCourse;
    for (const other of parts.others) (course as Record<string, unknown>)[other.key] = other.values[other.column[row] as number];
    return course;
  };
  const ids = parts.ids;
  return {
    size: ids.length,
    parts: () => parts,
    get(id) {
      let low = 0;
      let high = ids.length - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const found = ids[middle] as number;
        if (found === id) return rowOf(middle);
        if (found < id) low = middle + 1;
        else high = middle - 1;
      }
      return undefined;
    },
  };
}
