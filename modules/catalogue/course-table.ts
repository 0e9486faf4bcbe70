import {
  type CourseLevel,
  type CourseMode,
  courseLevels,
  courseModes,
  type FeePeriod,
  feePeriods,
} from "../../vocabulary/catalogue.ts";

/** A shown course's own fields, as the catalogue mirror keeps them (its university comes from the mirror's list). */
export interface MirroredCourse {
  id: number;
  name: string;
  level: CourseLevel;
  durationMonths: number;
  feeAmount: number;
  feeCurrency: string;
  feePeriod: FeePeriod;
  feeSource: string | null;
  feeCheckedOn: string | null;
  mode: CourseMode;
  englishExamWaiver: boolean;
  mediumOfInstruction: string;
  universityId: number;
}

/** Every shown course's fields in columns, looked up by id (decision 0022: the result pages' details). */
export interface CourseTable {
  readonly size: number;
  get(id: number): MirroredCourse | undefined;
}

/** Repeated texts (names, currencies, media of instruction) kept once, each row holding its number. */
function createInterner() {
  const numbers = new Map<string, number>();
  const texts: string[] = [];
  return {
    texts,
    numberOf(text: string): number {
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
 * would, and an id is found by binary search.
 */
export function createCourseTableBuilder() {
  const ids: number[] = [];
  const names = createInterner();
  const currencies = createInterner();
  const media = createInterner();
  const nameNumbers: number[] = [];
  const levels: number[] = [];
  const durations: number[] = [];
  const amounts: number[] = [];
  const currencyNumbers: number[] = [];
  const periods: number[] = [];
  const modes: number[] = [];
  const waivers: number[] = [];
  const mediumNumbers: number[] = [];
  const universityIds: number[] = [];
  /** Fee sources and check dates are rare (entered by admins): kept only for the rows that have them. */
  const checked = new Map<number, { source: string | null; checkedOn: string | null }>();
  return {
    add(course: MirroredCourse) {
      const row = ids.length;
      if (row > 0 && (ids[row - 1] as number) >= course.id) throw new Error("courses must come in ascending id order");
      ids.push(course.id);
      nameNumbers.push(names.numberOf(course.name));
      levels.push(indexOfValue(courseLevels, course.level));
      durations.push(course.durationMonths);
      amounts.push(course.feeAmount);
      currencyNumbers.push(currencies.numberOf(course.feeCurrency));
      periods.push(indexOfValue(feePeriods, course.feePeriod));
      modes.push(indexOfValue(courseModes, course.mode));
      waivers.push(course.englishExamWaiver ? 1 : 0);
      mediumNumbers.push(media.numberOf(course.mediumOfInstruction));
      universityIds.push(course.universityId);
      if (course.feeSource !== null || course.feeCheckedOn !== null)
        checked.set(row, { source: course.feeSource, checkedOn: course.feeCheckedOn });
    },
    build(): CourseTable {
      const idColumn = Int32Array.from(ids);
      const nameColumn = Int32Array.from(nameNumbers);
      const levelColumn = Uint8Array.from(levels);
      const durationColumn = Uint16Array.from(durations);
      const amountColumn = Float64Array.from(amounts);
      const currencyColumn = Uint16Array.from(currencyNumbers);
      const periodColumn = Uint8Array.from(periods);
      const modeColumn = Uint8Array.from(modes);
      const waiverColumn = Uint8Array.from(waivers);
      const mediumColumn = Uint16Array.from(mediumNumbers);
      const universityColumn = Int32Array.from(universityIds);
      const rowOf = (row: number): MirroredCourse => {
        const fee = checked.get(row);
        return {
          id: idColumn[row] as number,
          name: names.texts[nameColumn[row] as number] as string,
          level: courseLevels[levelColumn[row] as number] as CourseLevel,
          durationMonths: durationColumn[row] as number,
          feeAmount: amountColumn[row] as number,
          feeCurrency: currencies.texts[currencyColumn[row] as number] as string,
          feePeriod: feePeriods[periodColumn[row] as number] as FeePeriod,
          feeSource: fee?.source ?? null,
          feeCheckedOn: fee?.checkedOn ?? null,
          mode: courseModes[modeColumn[row] as number] as CourseMode,
          englishExamWaiver: waiverColumn[row] === 1,
          mediumOfInstruction: media.texts[mediumColumn[row] as number] as string,
          universityId: universityColumn[row] as number,
        };
      };
      return {
        size: idColumn.length,
        get(id) {
          let low = 0;
          let high = idColumn.length - 1;
          while (low <= high) {
            const middle = (low + high) >>> 1;
            const found = idColumn[middle] as number;
            if (found === id) return rowOf(middle);
            if (found < id) low = middle + 1;
            else high = middle - 1;
          }
          return undefined;
        },
      };
    },
  };
}
