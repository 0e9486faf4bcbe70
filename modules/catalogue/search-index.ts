/**
 * The course search index, held in the process (decision 0022): every shown course's searchable words
 * in compact typed arrays, so a search, however broad, reads a few posting lists instead of ranking
 * every match in the database. It answers which courses match and in what order; their details come
 * from the database by id.
 *
 * Matching follows the database search it replaces (decision 0002): a term's words are ANDed; each word
 * matches indexed words it is a prefix of, and, from three letters, up to four indexed words within
 * trigram similarity 0.3 (pg_trgm's measure), so one typo per word is forgiven. A course's score is the
 * sum, over the term's words, of the best weight among the fields the word matched in (course name 1,
 * level 0.4, university, city or country 0.2) times how well it matched (the word itself 1, a word it
 * begins 0.8, a similar word 0.5). Ties go by course name, then id.
 *
 * A word of a read query (decision 0026) may be kept to one field (a subject to the name, a country to
 * the country) and to the word itself (`exact`): its look-alikes and the words it begins are then only
 * those in that field, so typo correction never crosses fields. An optional word adds to the score of the
 * courses holding it and leaves none out.
 */

import { type CourseMode, courseLevels, courseModes } from "../../vocabulary/catalogue.ts";
import { type CourseSort, durationBandOf, emptyFilterCounts, type FilterCounts, type ResolvedFilters } from "./course-filters.ts";

/** Where a word of a course was found. */
export const searchFields = ["name", "level", "university", "city", "country"] as const;
export type SearchField = (typeof searchFields)[number];

const fieldWeights: Record<SearchField, number> = { name: 1, level: 0.4, university: 0.2, city: 0.2, country: 0.2 };

/** A shown course as the index reads it. */
export interface IndexedCourse {
  id: number;
  name: string;
  level: string;
  university: string;
  city: string;
  /** The country's name and its aliases. */
  country: string;
  /** What the filters read (course-filters.ts); absent ones never match a filter on them. */
  countryId?: number;
  universityId?: number;
  mode?: CourseMode;
  durationMonths?: number;
  /** Tuition per year in the fee's currency (annualFee). */
  annualFee?: number;
  feeCurrency?: string;
  /** Months (1..12) in which the course has an intake that has not yet begun. */
  intakeMonths?: readonly number[];
  /** The same months as bits (bit m-1 for month m), as a whole build reads them; added to `intakeMonths`. */
  intakeBits?: number;
}

/** Words of a text as the index and the queries cut them: letters and digits, lower case. */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** How well an indexed word matches a query word: the word itself, a word it begins, a similar word (a typo). */
const EXACT = 1;
const PREFIX = 0.8;
const SIMILAR = 0.5;

const SIMILARITY_THRESHOLD = 0.3;
const MAX_SIMILAR = 4;

/** pg_trgm's trigrams of one word: padded with two spaces before and one after. */
function trigramsOf(word: string): string[] {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  return [...grams];
}

/**
 * A word of a read query (search-query.ts, decision 0026): where it may match (`any` field, as a plain
 * word does, or only one) and whether only the word itself counts (`exact`: no word it begins, no typo).
 */
export interface SearchWord {
  word: string;
  /** `cityOrUniversity`: a city's words, found in the city or, as many universities carry their city, its name. */
  field: SearchField | "any" | "cityOrUniversity";
  exact: boolean;
  /** Adds to the score of the courses holding it but leaves none out (a degree's own words: "technology" for btech). */
  optional?: boolean;
}

const anywhere = (word: string): SearchWord => ({ word, field: "any", exact: false });

/** The field bits a search word may match in. */
const fieldMaskOf = (field: SearchWord["field"]) =>
  field === "any"
    ? (1 << searchFields.length) - 1
    : field === "cityOrUniversity"
      ? (1 << searchFields.indexOf("city")) | (1 << searchFields.indexOf("university"))
      : 1 << searchFields.indexOf(field);

/** A search with filters and an order (course-filters.ts). */
export interface IndexQuery {
  /** No words: every course (the filters alone narrow). */
  words: ReadonlyArray<string | SearchWord>;
  filters?: ResolvedFilters;
  sort?: CourseSort;
  offset: number;
  limit: number;
  /** Rupees per unit of each currency, for the fee filters and order; a fee without a rate matches no fee filter. */
  rupees?: ReadonlyMap<string, number>;
  /** Count what each choice of each filter would leave, at these fee steps (rupees a year). */
  counts?: { feeSteps: readonly number[] };
}

/** A match with what places it (for merging two indexes' answers): its score and its sort key (0 for relevance). */
export interface RankedEntry {
  id: number;
  score: number;
  key: number;
}

export interface SearchIndex {
  /** How many courses are indexed (and not hidden). */
  readonly size: number;
  /**
   * Leaves these courses out of every answer from now on: their newer state is in an overlay index, or
   * they are gone (decision 0038). Ids the index does not hold are ignored.
   */
  hide(ids: Iterable<number>): void;
  /** The first `offset + limit` matches in order, each with its score and key, for merging with another index's. */
  ranked(query: IndexQuery): { total: number; entries: RankedEntry[]; counts?: FilterCounts };
  /** The matching courses' ids in the order asked, `total` of them, and what each filter's choices would leave. */
  find(query: IndexQuery): { total: number; ids: number[]; counts?: FilterCounts };
  /**
   * The ids of the courses matching every word, best first: `total` of them, `ids` from `offset`. A plain
   * string is a word matched anywhere; without a required word nothing matches.
   */
  search(words: ReadonlyArray<string | SearchWord>, offset: number, limit: number): { total: number; ids: number[] };
  /** What a whole index was built from (decision 0071: kept beside the data); absent for a merged one. */
  parts?(): SearchIndexParts;
}

/**
 * What an index is made of, in its own order (documents by name then id, terms sorted): kept on disk,
 * an index is made again from it without reading the catalogue (decision 0071). Never written to.
 */
export interface SearchIndexParts {
  courseIds: Int32Array;
  terms: string[];
  termDocs: Int32Array[];
  termMasks: Uint8Array[];
  facts: CourseFactColumns;
  /** Course ids ascending, and each one's document. */
  byId: { ids: Int32Array; docs: Int32Array };
}

/** The index again from its parts, in slices of a few milliseconds (decision 0038). */
export function searchIndexFromParts(parts: SearchIndexParts, held?: (ms: number) => void): Promise<SearchIndex> {
  return runSliced(indexSteps(parts), held);
}

/** Builds the index from every shown course (any order). */
export function buildSearchIndex(rows: Iterable<IndexedCourse>): SearchIndex {
  const builder = createSearchIndexBuilder();
  for (const row of rows) builder.add(row);
  return builder.build();
}

/**
 * Takes courses one at a time (so a catalogue read in batches is never held whole) and builds the
 * index. Postings are kept packed while building: (arrival number × 32) + the fields' bit mask.
 */
export function createSearchIndexBuilder(expected = 1024) {
  const arrivalIds: number[] = [];
  const arrivalNames: string[] = [];
  const facts = createFactsBuilder(expected);
  const building = new Map<string, number[]>();
  const FIELD_BITS = 32;
  return {
    add(row: IndexedCourse) {
      const arrival = arrivalIds.length;
      arrivalIds.push(row.id);
      arrivalNames.push(row.name);
      facts.add(row);
      const masks = new Map<string, number>();
      const texts: Record<SearchField, string> = {
        name: row.name,
        level: row.level,
        university: row.university,
        city: row.city,
        country: row.country,
      };
      searchFields.forEach((field, bit) => {
        for (const word of wordsOf(texts[field])) masks.set(word, (masks.get(word) ?? 0) | (1 << bit));
      });
      for (const [word, mask] of masks) {
        const packed = arrival * FIELD_BITS + mask;
        const postings = building.get(word);
        if (postings) postings.push(packed);
        else building.set(word, [packed]);
      }
    },
    /** Builds at once (tests, small indexes such as the mirror's overlay). */
    build(): SearchIndex {
      return runSteps(buildSteps());
    },
    /**
     * Builds in slices of a few milliseconds, letting other work run between them (decision 0038);
     * `held` is told how long each slice held the event loop.
     */
    buildSliced(held?: (ms: number) => void): Promise<SearchIndex> {
      return runSliced(buildSteps(), held);
    },
  };

  function* buildSteps(): Generator<void, SearchIndex> {
    const count = arrivalIds.length;
    // Documents are numbered in (name, id) order, so ties fall out of a numeric sort.
    const order = yield* sortSteps(countingUp(count), (a, b) => {
      const x = arrivalNames[a] as string;
      const y = arrivalNames[b] as string;
      return x < y ? -1 : x > y ? 1 : (arrivalIds[a] as number) - (arrivalIds[b] as number);
    });
    const courseIds = new Int32Array(count);
    const docOf = new Int32Array(count);
    for (let doc = 0; doc < count; doc += 1) {
      const arrival = order[doc] as number;
      courseIds[doc] = arrivalIds[arrival] as number;
      docOf[arrival] = doc;
      if ((doc & 16383) === 0) yield;
    }
    const terms = [...building.keys()].sort();
    yield;
    const termDocs: Int32Array[] = [];
    const termMasks: Uint8Array[] = [];
    // A common word ("university") has a posting in most courses: its lists are turned in steps too.
    for (const term of terms) {
      const postings = building.get(term) ?? [];
      building.delete(term);
      const packed = new Int32Array(postings.length);
      for (let i = 0; i < postings.length; i += 1) {
        const p = postings[i] as number;
        packed[i] = (docOf[Math.floor(p / FIELD_BITS)] as number) * FIELD_BITS + (p % FIELD_BITS);
        if ((i & 16383) === 16383) yield;
      }
      packed.sort();
      yield;
      const docs = new Int32Array(packed.length);
      const masks = new Uint8Array(packed.length);
      for (let i = 0; i < packed.length; i += 1) {
        const p = packed[i] as number;
        docs[i] = Math.floor(p / FIELD_BITS);
        masks[i] = p % FIELD_BITS;
        if ((i & 16383) === 16383) yield;
      }
      termDocs.push(docs);
      termMasks.push(masks);
      yield;
    }
    // Each document by course id, for hiding a course (the mirror reads courses in id order, so the
    // arrivals usually are; otherwise they are sorted).
    let ascending = true;
    for (let arrival = 1; arrival < count && ascending; arrival += 1)
      ascending = (arrivalIds[arrival - 1] as number) < (arrivalIds[arrival] as number);
    const byId = ascending
      ? countingUp(count)
      : yield* sortSteps(countingUp(count), (a, b) => (arrivalIds[a] as number) - (arrivalIds[b] as number));
    yield;
    const idsAscending = yield* mappedSteps(byId, (arrival) => arrivalIds[arrival] as number);
    const docsByIdOrder = yield* mappedSteps(byId, (arrival) => docOf[arrival] as number);
    yield;
    const facts_ = yield* facts.buildSteps(docOf);
    yield;
    return yield* indexSteps({
      courseIds,
      terms,
      termDocs,
      termMasks,
      facts: facts_,
      byId: { ids: idsAscending, docs: docsByIdOrder },
    });
  }
}

/**
 * 0, 1, … n - 1. A plain loop: `Int32Array.from` with a function takes about 50 ms for 200,000 numbers
 * (it goes through the iterator protocol), which held the event loop in one step (decision 0038).
 */
function countingUp(n: number): Int32Array<ArrayBuffer> {
  const numbers = new Int32Array(n);
  for (let i = 0; i < n; i += 1) numbers[i] = i;
  return numbers;
}

/** `source` mapped through `map` into a new Int32Array, yielding every 16,384 numbers. */
function* mappedSteps(source: Int32Array, map: (value: number) => number): Generator<void, Int32Array<ArrayBuffer>> {
  const mapped = new Int32Array(source.length);
  for (let i = 0; i < source.length; i += 1) {
    mapped[i] = map(source[i] as number);
    if ((i & 16383) === 16383) yield;
  }
  return mapped;
}

/** Runs a build's steps to the end at once. */
function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** The longest a build holds the event loop before letting other work run. */
const SLICE_MS = 4;

/** Runs a build's steps, giving the event loop back (setImmediate) whenever a slice has taken SLICE_MS. */
async function runSliced<T>(steps: Generator<void, T>, held?: (ms: number) => void): Promise<T> {
  let sliceStarted = performance.now();
  for (;;) {
    const next = steps.next();
    const took = performance.now() - sliceStarted;
    if (next.done) {
      held?.(took);
      return next.value;
    }
    if (took >= SLICE_MS) {
      held?.(took);
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
  }
}

/**
 * A merge sort of `items` that yields every few thousand steps (an `Array.prototype.sort` of 200,000
 * names holds the event loop for a good part of a second). Runs of 2,048 are sorted whole first.
 */
function* sortSteps(
  items: Int32Array<ArrayBuffer>,
  compare: (a: number, b: number) => number,
): Generator<void, Int32Array<ArrayBuffer>> {
  const n = items.length;
  const RUN = 2048;
  for (let start = 0; start < n; start += RUN) {
    items.subarray(start, Math.min(start + RUN, n)).sort(compare);
    yield;
  }
  let from = items;
  let to = new Int32Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k += 1) {
        if (i < mid && (j >= hi || compare(from[i] as number, from[j] as number) <= 0)) to[k] = from[i++] as number;
        else to[k] = from[j++] as number;
        if ((k & 4095) === 0) yield;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}

/** Each course's facts for the filters, in typed columns by document (the index's (name, id) order). */
export interface CourseFactColumns {
  /** Small numbers standing for country ids (`countryIds` holds the ids), -1 when absent. */
  country: Int16Array;
  countryIds: number[];
  university: Int32Array;
  level: Int8Array;
  mode: Int8Array;
  duration: Int16Array;
  annualFee: Float64Array;
  /** Small numbers standing for currency codes (`currencies`). */
  currency: Int16Array;
  currencies: string[];
  /** Bit m-1 set: an upcoming intake in month m. */
  intakes: Uint16Array;
}

/**
 * Each course's facts as it arrives, in typed columns sized by the count expected (doubled if more come),
 * so building leaves little garbage behind (an idle server keeps what it built, not what it built it from).
 */
function createFactsBuilder(expected: number) {
  const countryNumbers = new Map<number, number>();
  const currencyNumbers = new Map<string, number>();
  let capacity = Math.max(16, expected);
  let size = 0;
  let country = new Int16Array(capacity);
  let university = new Int32Array(capacity);
  let level = new Int8Array(capacity);
  let mode = new Int8Array(capacity);
  let duration = new Int16Array(capacity);
  let annualFee = new Float64Array(capacity);
  let currency = new Int16Array(capacity);
  let intakes = new Uint16Array(capacity);
  const grown = <T extends Int8Array | Int16Array | Int32Array | Uint16Array | Float64Array>(column: T): T => {
    const next = new (column.constructor as new (n: number) => T)(capacity * 2);
    next.set(column as never);
    return next;
  };
  const numberOf = <K>(numbers: Map<K, number>, key: K | undefined) => {
    if (key === undefined) return -1;
    let n = numbers.get(key);
    if (n === undefined) {
      n = numbers.size;
      numbers.set(key, n);
    }
    return n;
  };
  return {
    add(row: IndexedCourse) {
      if (size === capacity) {
        country = grown(country);
        university = grown(university);
        level = grown(level);
        mode = grown(mode);
        duration = grown(duration);
        annualFee = grown(annualFee);
        currency = grown(currency);
        intakes = grown(intakes);
        capacity *= 2;
      }
      country[size] = numberOf(countryNumbers, row.countryId);
      university[size] = row.universityId ?? -1;
      level[size] = courseLevels.indexOf(row.level as (typeof courseLevels)[number]);
      mode[size] = row.mode === undefined ? -1 : courseModes.indexOf(row.mode);
      duration[size] = row.durationMonths ?? -1;
      annualFee[size] = row.annualFee ?? Number.NaN;
      currency[size] = numberOf(currencyNumbers, row.feeCurrency?.toUpperCase());
      let months = row.intakeBits ?? 0;
      for (const month of row.intakeMonths ?? []) months |= 1 << (month - 1);
      intakes[size] = months;
      size += 1;
    },
    /**
     * The columns in document order (`docOf[arrival]` is the document of the arrival-th course), in steps:
     * eight columns of 200,000 at once held the event loop for 30 to 80 ms (decision 0038).
     */
    *buildSteps(docOf: Int32Array): Generator<void, CourseFactColumns> {
      function* ordered<T extends Int8Array | Int16Array | Int32Array | Uint16Array | Float64Array>(
        column: T,
      ): Generator<void, T> {
        const byDoc = new (column.constructor as new (n: number) => T)(docOf.length);
        for (let arrival = 0; arrival < docOf.length; arrival += 1) {
          byDoc[docOf[arrival] as number] = column[arrival] as number;
          if ((arrival & 16383) === 16383) yield;
        }
        return byDoc;
      }
      return {
        country: yield* ordered(country),
        countryIds: [...countryNumbers.keys()],
        university: yield* ordered(university),
        level: yield* ordered(level),
        mode: yield* ordered(mode),
        duration: yield* ordered(duration),
        annualFee: yield* ordered(annualFee),
        currency: yield* ordered(currency),
        currencies: [...currencyNumbers.keys()],
        intakes: yield* ordered(intakes),
      };
    },
  };
}

/** Filter bits: which of a course's facts a filter refuses. */
const FAILS_COUNTRY = 1;
const FAILS_LEVEL = 2;
const FAILS_MODE = 4;
const FAILS_DURATION = 8;
const FAILS_INTAKE = 16;
const FAILS_FEE = 32;

/** The documents holding each value of a column, in document order: `docs[start[k]..start[k+1])` hold `keys[k]`. */
interface GroupedDocs {
  keys: Int32Array;
  start: Int32Array;
  docs: Int32Array;
}

function* groupDocs(column: ArrayLike<number>): Generator<void, GroupedDocs> {
  const sizes = new Map<number, number>();
  for (let doc = 0; doc < column.length; doc += 1) {
    const value = column[doc] as number;
    sizes.set(value, (sizes.get(value) ?? 0) + 1);
    if ((doc & 16383) === 0) yield;
  }
  const keys = Int32Array.from(sizes.keys()).sort();
  const start = new Int32Array(keys.length + 1);
  const next = new Map<number, number>();
  keys.forEach((key, k) => {
    next.set(key, start[k] as number);
    start[k + 1] = (start[k] as number) + (sizes.get(key) as number);
  });
  const docs = new Int32Array(column.length);
  for (let doc = 0; doc < column.length; doc += 1) {
    const value = column[doc] as number;
    const at = next.get(value) as number;
    next.set(value, at + 1);
    docs[at] = doc;
    if ((doc & 16383) === 0) yield;
  }
  return { keys, start, docs };
}

const NO_DOCS = new Int32Array(0);

/** The documents holding `value`, in document order (a view, never to be written). */
function docsWith(grouped: GroupedDocs, value: number): Int32Array {
  let lo = 0;
  let hi = grouped.keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((grouped.keys[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  if (grouped.keys[lo] !== value) return NO_DOCS;
  return grouped.docs.subarray(grouped.start[lo] as number, grouped.start[lo + 1] as number);
}

function* indexSteps(parts: SearchIndexParts): Generator<void, SearchIndex> {
  const { courseIds, terms, termDocs, termMasks, facts, byId } = parts;
  const count = courseIds.length;
  // Each document's terms with their field masks (the postings turned round): once a search has few
  // candidates left, a word that stands for many terms ("in", "of": every word they begin) is checked
  // against the candidates' own few terms instead of reading all those postings.
  const docTermStart = new Int32Array(count + 1);
  for (const docs of termDocs) {
    for (let i = 0; i < docs.length; i += 1) {
      const next = (docs[i] as number) + 1;
      docTermStart[next] = (docTermStart[next] as number) + 1;
    }
    yield;
  }
  for (let doc = 0; doc < count; doc += 1)
    docTermStart[doc + 1] = (docTermStart[doc + 1] as number) + (docTermStart[doc] as number);
  yield;
  const docTerms = new Int32Array(docTermStart[count] as number);
  const docTermMasks = new Uint8Array(docTerms.length);
  const filled = docTermStart.slice(0, count);
  for (const [term, docs] of termDocs.entries()) {
    const masks = termMasks[term] as Uint8Array;
    for (let i = 0; i < docs.length; i += 1) {
      const doc = docs[i] as number;
      const at = filled[doc] as number;
      filled[doc] = at + 1;
      docTerms[at] = term;
      docTermMasks[at] = masks[i] as number;
    }
    yield;
  }
  const termQuality = new Float64Array(terms.length);
  const termStamp = new Int32Array(terms.length);
  // The best weight of each field mask (5 fields: 32 masks).
  const maskWeight = new Float64Array(1 << searchFields.length);
  for (let mask = 1; mask < maskWeight.length; mask += 1)
    maskWeight[mask] = Math.max(...searchFields.filter((_, bit) => mask & (1 << bit)).map((f) => fieldWeights[f]));

  // Each university's, destination's and level's documents: a search narrowed to one of them starts
  // from its few documents instead of every document (a university's page, "germany", "masters").
  const byUniversity = yield* groupDocs(facts.university);
  const byCountry = yield* groupDocs(facts.country);
  const byLevel = yield* groupDocs(facts.level);

  // Trigram -> terms holding it, for typo correction.
  const trigramLists = new Map<string, number[]>();
  const termTrigramCount = new Int32Array(terms.length);
  for (const [id, term] of terms.entries()) {
    const grams = trigramsOf(term);
    termTrigramCount[id] = grams.length;
    for (const gram of grams) {
      const list = trigramLists.get(gram);
      if (list) list.push(id);
      else trigramLists.set(gram, [id]);
    }
    if ((id & 255) === 0) yield;
  }
  const trigramTerms = new Map<string, Int32Array>();
  for (const [gram, list] of trigramLists) trigramTerms.set(gram, Int32Array.from(list));
  trigramLists.clear();
  // Scratch space for counting the trigrams a query word shares with each term.
  const sharedCount = new Int32Array(terms.length);
  const sharedStamp = new Int32Array(terms.length);
  const sharedTerms = new Int32Array(terms.length);
  let wordGeneration = 0;

  /** The first term not below `word` (binary search over the sorted terms). */
  const lowerBound = (word: string) => {
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((terms[mid] as string) < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  /** Terms a query word stands for, each with how well: itself, those it begins, up to four similar ones. */
  const termsFor = (word: string, exact: boolean): Array<{ id: number; quality: number }> => {
    const found: Array<{ id: number; quality: number }> = [];
    if (exact) {
      const id = lowerBound(word);
      if (terms[id] === word) found.push({ id, quality: EXACT });
      return found;
    }
    for (let id = lowerBound(word); id < terms.length && (terms[id] as string).startsWith(word); id += 1)
      found.push({ id, quality: terms[id] === word ? EXACT : PREFIX });
    if (word.length >= 3) {
      const grams = trigramsOf(word);
      wordGeneration += 1;
      if (wordGeneration > 2_000_000_000) {
        sharedStamp.fill(0);
        wordGeneration = 1;
      }
      const stamp = wordGeneration;
      let sharing = 0;
      for (const gram of grams) {
        const holders = trigramTerms.get(gram);
        if (!holders) continue;
        for (let i = 0; i < holders.length; i += 1) {
          const id = holders[i] as number;
          if (sharedStamp[id] === stamp) sharedCount[id] = (sharedCount[id] as number) + 1;
          else {
            sharedStamp[id] = stamp;
            sharedCount[id] = 1;
            sharedTerms[sharing++] = id;
          }
        }
      }
      const similar: Array<{ id: number; similarity: number }> = [];
      for (let i = 0; i < sharing; i += 1) {
        const id = sharedTerms[i] as number;
        const common = sharedCount[id] as number;
        const similarity = common / (grams.length + (termTrigramCount[id] as number) - common);
        if (similarity >= SIMILARITY_THRESHOLD) similar.push({ id, similarity });
      }
      similar.sort((a, b) => b.similarity - a.similarity || ((terms[a.id] as string) < (terms[b.id] as string) ? -1 : 1));
      for (const { id } of similar.slice(0, MAX_SIMILAR))
        if (!found.some((f) => f.id === id)) found.push({ id, quality: SIMILAR });
    }
    return found;
  };

  // Scratch space reused by every search (searches run one at a time: JavaScript is single-threaded).
  const mark = new Int32Array(count);
  /** Courses left out of every answer (hide): their newer state is elsewhere, or they are gone. */
  const hidden = new Uint8Array(count);
  let hiddenCount = 0;
  const wordScore = new Float64Array(count);
  const totalScore = new Float64Array(count);
  /** The documents a word keeps, gathered before they are copied out as the next candidates. */
  const gathered = new Int32Array(count);
  let generation = 0;

  const AVERAGE_TERMS_PER_DOC = Math.max(1, Math.ceil(docTerms.length / Math.max(1, count)));

  /** The candidates holding one of `matched`, each with the word's best weight added to its score. */
  const narrowed = (
    candidates: Int32Array,
    matched: Array<{ id: number; quality: number }>,
    allowed: number,
    current: number,
  ): Int32Array => {
    for (const { id, quality } of matched) {
      termStamp[id] = current;
      termQuality[id] = quality;
    }
    let kept = 0;
    for (let i = 0; i < candidates.length; i += 1) {
      const doc = candidates[i] as number;
      let best = 0;
      for (let at = docTermStart[doc] as number, end = docTermStart[doc + 1] as number; at < end; at += 1) {
        const term = docTerms[at] as number;
        if (termStamp[term] !== current) continue;
        const weight = (maskWeight[(docTermMasks[at] as number) & allowed] as number) * (termQuality[term] as number);
        if (weight > best) best = weight;
      }
      if (best > 0) {
        mark[doc] = current;
        totalScore[doc] = (totalScore[doc] as number) + best;
        gathered[kept++] = doc;
      }
    }
    return gathered.slice(0, kept);
  };

  /** A fresh stamp for `mark` (and `termStamp`), starting the stamps again before they overflow. */
  const nextGeneration = () => {
    generation += 1;
    if (generation > 2_000_000_000) {
      mark.fill(0);
      termStamp.fill(0);
      generation = 1;
    }
    return generation;
  };

  let everyDoc: Int32Array | null = null;
  /** The longest duration in months: courses are counted by their months in a table this long. */
  const longestDuration = facts.duration.reduce((longest, months) => Math.max(longest, months), 0);

  /**
   * The documents a search's filters confine it to, when few enough to start from: a university's, or
   * (when the choices are not counted, since counting a filter's choices reads past that filter) a
   * destination's, or a level's when no word is required. Null: start from the words.
   */
  const scopeOf = (filters: ResolvedFilters, counting: boolean, wordsRequired: boolean): Int32Array | null => {
    if (filters.universityId !== undefined) return docsWith(byUniversity, filters.universityId);
    if (counting) return null;
    if (filters.countryId !== undefined) return docsWith(byCountry, facts.countryIds.indexOf(filters.countryId));
    if (!wordsRequired && filters.level !== undefined) return docsWith(byLevel, courseLevels.indexOf(filters.level));
    return null;
  };

  /**
   * The documents holding every required word, each with its score in `totalScore` and stamped in `mark`
   * with the generation returned; null when none. No words: every document, all scoring alike.
   */
  const matching = (
    words: ReadonlyArray<string | SearchWord>,
    filters: ResolvedFilters,
    counting: boolean,
  ): { candidates: Int32Array; generation: number } | null => {
    if (count === 0) return null;
    let candidates: Int32Array | null = null;
    let candidateGeneration = 0;
    const given = words.map((word) => (typeof word === "string" ? anywhere(word) : word));
    const required = given.filter((word) => !word.optional);
    const scope = scopeOf(filters, counting, required.length > 0);
    if (scope) {
      // Only these documents can be kept: they are the first candidates, and the words narrow them.
      if (scope.length === 0) return null;
      candidateGeneration = nextGeneration();
      for (let i = 0; i < scope.length; i += 1) {
        const doc = scope[i] as number;
        mark[doc] = candidateGeneration;
        totalScore[doc] = 0;
      }
      candidates = scope;
    } else if (required.length === 0) {
      // Nothing required: every document, all scoring alike until the optional words below.
      everyDoc ??= countingUp(count);
      candidateGeneration = nextGeneration();
      mark.fill(candidateGeneration);
      totalScore.fill(0);
      candidates = everyDoc;
    }
    // The sum is the same in any order: the words that read fewest postings go first.
    const planned = required
      .map((word) => {
        const matched = termsFor(word.word, word.exact);
        return {
          matched,
          allowed: fieldMaskOf(word.field),
          postings: matched.reduce((n, m) => n + (termDocs[m.id] as Int32Array).length, 0),
        };
      })
      .sort((a, b) => a.postings - b.postings);
    for (const { matched, allowed, postings } of planned) {
      const current = nextGeneration();
      if (candidates !== null && candidates.length * AVERAGE_TERMS_PER_DOC < postings) {
        candidates = narrowed(candidates, matched, allowed, current);
        candidateGeneration = current;
        if (candidates.length === 0) break;
        continue;
      }
      let found = 0;
      for (const { id: term, quality } of matched) {
        const docs = termDocs[term] as Int32Array;
        const masks = termMasks[term] as Uint8Array;
        for (let i = 0; i < docs.length; i += 1) {
          const weight = (maskWeight[(masks[i] as number) & allowed] as number) * quality;
          if (weight === 0) continue;
          const doc = docs[i] as number;
          const seen = mark[doc] as number;
          if (seen === current) {
            if (weight > (wordScore[doc] as number)) wordScore[doc] = weight;
          } else if (candidates === null || seen === candidateGeneration) {
            mark[doc] = current;
            wordScore[doc] = weight;
            gathered[found++] = doc;
          }
        }
      }
      const next = gathered.slice(0, found);
      for (let i = 0; i < next.length; i += 1) {
        const doc = next[i] as number;
        totalScore[doc] = (candidates === null ? 0 : (totalScore[doc] as number)) + (wordScore[doc] as number);
      }
      candidates = next;
      candidateGeneration = current;
      if (candidates.length === 0) break;
    }
    if (!candidates || candidates.length === 0) return null;
    // Optional words raise the candidates holding them, reading only the candidates' own terms.
    for (const word of given) {
      if (!word.optional) continue;
      const matched = termsFor(word.word, word.exact);
      if (matched.length === 0) continue;
      generation += 1;
      const current = generation;
      for (const { id, quality } of matched) {
        termStamp[id] = current;
        termQuality[id] = quality;
      }
      const allowed = fieldMaskOf(word.field);
      for (let i = 0; i < candidates.length; i += 1) {
        const doc = candidates[i] as number;
        let best = 0;
        for (let at = docTermStart[doc] as number, end = docTermStart[doc + 1] as number; at < end; at += 1) {
          const term = docTerms[at] as number;
          if (termStamp[term] !== current) continue;
          const weight = (maskWeight[(docTermMasks[at] as number) & allowed] as number) * (termQuality[term] as number);
          if (weight > best) best = weight;
        }
        totalScore[doc] = (totalScore[doc] as number) + best;
      }
    }
    return { candidates, generation: candidateGeneration };
  };

  /** A course's tuition a year in rupees at these rates; NaN without its currency's rate. */
  const rupeesAYear = (rate: Float64Array, doc: number) => {
    const currency = facts.currency[doc] as number;
    return (facts.annualFee[doc] as number) * (currency < 0 ? Number.NaN : (rate[currency] as number));
  };

  /**
   * The candidates the filters keep (stamped in `mark` with a new generation) and, when asked, what each
   * choice of each filter would leave: a course counts for a filter's choice when every other filter keeps it.
   */
  const filtering = (
    candidates: Int32Array,
    filters: ResolvedFilters,
    rate: Float64Array,
    feeSteps: readonly number[] | null,
  ): { kept: Int32Array; generation: number; counts: FilterCounts | null } => {
    const countryWanted = filters.countryId === undefined ? -2 : facts.countryIds.indexOf(filters.countryId);
    const levelWanted = filters.level === undefined ? -2 : courseLevels.indexOf(filters.level);
    const modeWanted = filters.mode === undefined ? -2 : courseModes.indexOf(filters.mode);
    const durationMin = filters.duration?.min ?? 0;
    const durationMax = filters.duration?.max ?? Number.POSITIVE_INFINITY;
    const intakeBit = filters.intake === undefined ? 0 : 1 << (filters.intake - 1);
    const feeMin = filters.feeMin ?? Number.NEGATIVE_INFINITY;
    const feeMax = filters.feeMax ?? Number.POSITIVE_INFINITY;
    const feeFiltered = filters.feeMin !== undefined || filters.feeMax !== undefined;
    const universityWanted = filters.universityId ?? -2;
    const countryCounts = new Int32Array(facts.countryIds.length);
    const levelCounts = new Int32Array(courseLevels.length);
    const modeCounts = new Int32Array(courseModes.length);
    const durationCounts = new Int32Array(longestDuration + 1);
    const intakeCounts = new Int32Array(12);
    const steps = feeSteps ?? [];
    // Courses up to a step (from the lowest fee asked) and from a step (to the highest asked), by step.
    const upToCounts = new Int32Array(steps.length + 1);
    const fromCounts = new Int32Array(steps.length + 1);
    const current = nextGeneration();
    let kept = 0;
    // The columns read once here, not through `facts` for every candidate (a search may have 200,000).
    const { university, country, level, mode, duration, intakes } = facts;
    const durationFiltered = filters.duration !== undefined;
    const feeRead = feeFiltered || feeSteps !== null;
    for (let i = 0; i < candidates.length; i += 1) {
      const doc = candidates[i] as number;
      if (hidden[doc] === 1) continue;
      if (universityWanted !== -2 && university[doc] !== universityWanted) continue;
      const fee = feeRead ? rupeesAYear(rate, doc) : Number.NaN;
      const months = duration[doc] as number;
      let fails = 0;
      if (countryWanted !== -2 && country[doc] !== countryWanted) fails |= FAILS_COUNTRY;
      if (levelWanted !== -2 && level[doc] !== levelWanted) fails |= FAILS_LEVEL;
      if (modeWanted !== -2 && mode[doc] !== modeWanted) fails |= FAILS_MODE;
      if (durationFiltered && !(months >= durationMin && months <= durationMax)) fails |= FAILS_DURATION;
      if (intakeBit && ((intakes[doc] as number) & intakeBit) === 0) fails |= FAILS_INTAKE;
      if (feeFiltered && !(fee >= feeMin && fee <= feeMax)) fails |= FAILS_FEE;
      if (fails === 0) {
        mark[doc] = current;
        gathered[kept++] = doc;
      }
      if (!feeSteps || (fails & (fails - 1)) !== 0) continue;
      // No filter or exactly one refuses it: it counts for that one's choices (or, none refusing, for all).
      if ((fails | FAILS_COUNTRY) === FAILS_COUNTRY) {
        const n = country[doc] as number;
        if (n >= 0) countryCounts[n] = (countryCounts[n] as number) + 1;
      }
      if ((fails | FAILS_LEVEL) === FAILS_LEVEL) {
        const n = level[doc] as number;
        if (n >= 0) levelCounts[n] = (levelCounts[n] as number) + 1;
      }
      if ((fails | FAILS_MODE) === FAILS_MODE) {
        const n = mode[doc] as number;
        if (n >= 0) modeCounts[n] = (modeCounts[n] as number) + 1;
      }
      if ((fails | FAILS_DURATION) === FAILS_DURATION && months >= 0)
        durationCounts[months] = (durationCounts[months] as number) + 1;
      if ((fails | FAILS_INTAKE) === FAILS_INTAKE)
        // Each month's bit set, lowest first: one step a month with an intake.
        for (let months = intakes[doc] as number; months !== 0; months &= months - 1) {
          const m = 31 - Math.clz32(months & -months);
          intakeCounts[m] = (intakeCounts[m] as number) + 1;
        }
      if ((fails | FAILS_FEE) === FAILS_FEE && !Number.isNaN(fee)) {
        // The first step not below the fee counts it "up to"; the last step not above it, "from" (one
        // scan: the steps below the fee, then those equal to it).
        let step = 0;
        while (step < steps.length && (steps[step] as number) < fee) step += 1;
        if (fee >= feeMin) upToCounts[step] = (upToCounts[step] as number) + 1;
        let from = step;
        while (from < steps.length && steps[from] === fee) from += 1;
        if (fee <= feeMax) fromCounts[from] = (fromCounts[from] as number) + 1;
      }
    }
    let counts: FilterCounts | null = null;
    if (feeSteps) {
      counts = emptyFilterCounts();
      for (const [n, id] of facts.countryIds.entries()) if (countryCounts[n]) counts.country.set(id, countryCounts[n] as number);
      for (const [n, level] of courseLevels.entries()) counts.level.set(level, levelCounts[n] as number);
      for (const [n, mode] of courseModes.entries()) counts.mode.set(mode, modeCounts[n] as number);
      for (const [months, n] of durationCounts.entries()) {
        if (n === 0) continue;
        const band = durationBandOf(months);
        counts.duration.set(band, (counts.duration.get(band) ?? 0) + n);
      }
      for (const [m, n] of intakeCounts.entries()) counts.intake.set(m + 1, n);
      let upTo = 0;
      for (const [at, step] of steps.entries()) {
        upTo += upToCounts[at] as number;
        counts.feeUpTo.set(step, upTo);
      }
      let from = fromCounts[steps.length] as number;
      for (let at = steps.length - 1; at >= 0; at -= 1) {
        counts.feeFrom.set(steps[at] as number, from);
        from += fromCounts[at] as number;
      }
    }
    return { kept: gathered.slice(0, kept), generation: current, counts };
  };

  /** The page `[offset, offset + limit)` of `kept`, best score first, ties in document order. */
  const byRelevance = (kept: Int32Array, keptGeneration: number, offset: number, limit: number): number[] => {
    // Best score first; within a score, document order is (name, id) order. The kept are
    // counted by score (a query gives a handful of distinct scores), then only the buckets the page
    // falls in are read in document order, stopping once the page is full.
    const scoreValues: number[] = [];
    const scoreCounts: number[] = [];
    let lastScore = Number.NaN;
    let lastBucket = -1;
    for (let i = 0; i < kept.length; i += 1) {
      const score = totalScore[kept[i] as number] as number;
      if (score !== lastScore) {
        lastScore = score;
        lastBucket = scoreValues.indexOf(score);
        if (lastBucket < 0) {
          lastBucket = scoreValues.length;
          scoreValues.push(score);
          scoreCounts.push(0);
        }
      }
      scoreCounts[lastBucket] = (scoreCounts[lastBucket] as number) + 1;
    }
    const buckets = scoreValues.map((score, at) => ({ score, size: scoreCounts[at] as number }));
    buckets.sort((a, b) => b.score - a.score);
    // A broad search holds a good share of all courses: walking the marks in document order is then
    // cheaper than sorting its kept.
    const broad = kept.length > count >>> 5;
    if (!broad) kept.sort();
    const ids: number[] = [];
    let skip = offset;
    for (const { score, size } of buckets) {
      if (ids.length >= limit) break;
      if (skip >= size) {
        skip -= size;
        continue;
      }
      const end = broad ? count : kept.length;
      for (let i = 0; i < end && ids.length < limit; i += 1) {
        const doc = broad ? i : (kept[i] as number);
        if ((broad && mark[doc] !== keptGeneration) || totalScore[doc] !== score) continue;
        if (skip > 0) {
          skip -= 1;
          continue;
        }
        ids.push(doc);
      }
    }
    return ids;
  };

  /**
   * The page of `kept` in the order of `key` (lowest first; NaN last), then best score, then document
   * order: the first `offset + limit` are kept in a heap whose top is the worst of them.
   */
  /** Each kept document's sort key, read once per search (scratch space, like the scores). */
  const sortKey = new Float64Array(count);
  const byKey = (kept: Int32Array, key: (doc: number) => number, offset: number, limit: number): number[] => {
    const wanted = offset + limit;
    for (let i = 0; i < kept.length; i += 1) {
      const doc = kept[i] as number;
      const k = key(doc);
      sortKey[doc] = Number.isNaN(k) ? Number.POSITIVE_INFINITY : k;
    }
    /** Whether a comes after b. */
    const after = (a: number, b: number) => {
      const ka = sortKey[a] as number;
      const kb = sortKey[b] as number;
      if (ka !== kb) return ka > kb;
      const sa = totalScore[a] as number;
      const sb = totalScore[b] as number;
      return sa !== sb ? sa < sb : a > b;
    };
    const heap: number[] = [];
    const siftDown = (at: number) => {
      for (;;) {
        const left = at * 2 + 1;
        const right = left + 1;
        let worst = at;
        if (left < heap.length && after(heap[left] as number, heap[worst] as number)) worst = left;
        if (right < heap.length && after(heap[right] as number, heap[worst] as number)) worst = right;
        if (worst === at) return;
        [heap[at], heap[worst]] = [heap[worst] as number, heap[at] as number];
        at = worst;
      }
    };
    for (let i = 0; i < kept.length; i += 1) {
      const doc = kept[i] as number;
      if (heap.length < wanted) {
        heap.push(doc);
        for (let at = heap.length - 1; at > 0; ) {
          const parent = (at - 1) >>> 1;
          if (!after(heap[at] as number, heap[parent] as number)) break;
          [heap[at], heap[parent]] = [heap[parent] as number, heap[at] as number];
          at = parent;
        }
      } else if (
        wanted > 0 &&
        (sortKey[doc] as number) <= (sortKey[heap[0] as number] as number) &&
        after(heap[0] as number, doc)
      ) {
        // Most documents come after the worst kept one by their key alone: rejected by one comparison.
        heap[0] = doc;
        siftDown(0);
      }
    }
    heap.sort((a, b) => (after(a, b) ? 1 : -1));
    return heap.slice(offset);
  };

  /** The page's documents in order, the total and the filters' counts; `keyOf` gives each document's sort key. */
  const answer = ({ words, filters = {}, sort = "relevance", offset, limit, rupees, counts }: IndexQuery) => {
    const matched = matching(words, filters, counts !== undefined);
    // Rupees per unit by the index's currency numbers (NaN: no rate), for the fee filters and order.
    const rate = Float64Array.from(facts.currencies, (code) => rupees?.get(code) ?? Number.NaN);
    const keyOf =
      sort === "fee"
        ? (doc: number) => rupeesAYear(rate, doc)
        : sort === "duration"
          ? (doc: number) => facts.duration[doc] as number
          : () => 0;
    if (!matched) return { total: 0, docs: [], keyOf, ...(counts ? { counts: emptyFilterCounts() } : {}) };
    // Hidden courses are left out by the filtering step, so it runs whenever one is hidden.
    const narrowing = hiddenCount > 0 || Object.values(filters).some((value) => value !== undefined);
    const filtered =
      narrowing || counts
        ? filtering(matched.candidates, filters, rate, counts?.feeSteps ?? null)
        : { kept: matched.candidates, generation: matched.generation, counts: null };
    const { kept } = filtered;
    const docs = sort === "relevance" ? byRelevance(kept, filtered.generation, offset, limit) : byKey(kept, keyOf, offset, limit);
    return { total: kept.length, docs, keyOf, ...(filtered.counts ? { counts: filtered.counts } : {}) };
  };

  return {
    get size() {
      return count - hiddenCount;
    },
    parts: () => parts,
    hide(ids) {
      for (const id of ids) {
        let lo = 0;
        let hi = byId.ids.length - 1;
        while (lo <= hi) {
          const mid = (lo + hi) >>> 1;
          const found = byId.ids[mid] as number;
          if (found === id) {
            const doc = byId.docs[mid] as number;
            if (hidden[doc] === 0) {
              hidden[doc] = 1;
              hiddenCount += 1;
            }
            break;
          }
          if (found < id) lo = mid + 1;
          else hi = mid - 1;
        }
      }
    },
    find(query) {
      const { total, docs, counts } = answer(query);
      return { total, ids: docs.map((doc) => courseIds[doc] as number), ...(counts ? { counts } : {}) };
    },
    ranked(query) {
      const { total, docs, keyOf, counts } = answer({ ...query, offset: 0, limit: query.offset + query.limit });
      const entries = docs.map((doc) => {
        const key = keyOf(doc);
        return {
          id: courseIds[doc] as number,
          score: totalScore[doc] as number,
          key: Number.isNaN(key) ? Number.POSITIVE_INFINITY : key,
        };
      });
      return { total, entries, ...(counts ? { counts } : {}) };
    },
    search(words, offset, limit) {
      if (!words.some((word) => typeof word === "string" || !word.optional)) return { total: 0, ids: [] };
      const { total, ids } = this.find({ words, offset, limit });
      return { total, ids };
    },
  };
}

/** Adds one answer's filter counts to another's. */
function addCounts(into: FilterCounts, from: FilterCounts): FilterCounts {
  for (const key of Object.keys(into) as Array<keyof FilterCounts>) {
    const target = into[key] as Map<unknown, number>;
    for (const [choice, n] of from[key] as Map<unknown, number>) target.set(choice, (target.get(choice) ?? 0) + n);
  }
  return into;
}

/**
 * The base index with a small overlay (decision 0038): the courses changed since the base was built are
 * hidden in the base and indexed, in their new state, in `overlay`; a removed course is only hidden.
 * Answers are the two indexes' answers merged in the same order a single index would give: sort key,
 * then score (best first), then name and id (`nameOf` reads a course's name).
 */
export function overlaidIndex(base: SearchIndex, overlay: SearchIndex, nameOf: (id: number) => string): SearchIndex {
  const ranked = (query: IndexQuery) => {
    const a = base.ranked(query);
    const b = overlay.ranked(query);
    const keyed = (query.sort ?? "relevance") !== "relevance";
    const entries = [...a.entries, ...b.entries].sort((x, y) => {
      if (keyed && x.key !== y.key) return x.key < y.key ? -1 : 1;
      if (x.score !== y.score) return y.score - x.score;
      const nx = nameOf(x.id);
      const ny = nameOf(y.id);
      return nx < ny ? -1 : nx > ny ? 1 : x.id - y.id;
    });
    const counts = a.counts && b.counts ? addCounts(a.counts, b.counts) : (a.counts ?? b.counts);
    return { total: a.total + b.total, entries: entries.slice(0, query.offset + query.limit), ...(counts ? { counts } : {}) };
  };
  return {
    get size() {
      return base.size + overlay.size;
    },
    hide(ids) {
      const list = [...ids];
      base.hide(list);
      overlay.hide(list);
    },
    ranked,
    find(query) {
      const { total, entries, counts } = ranked(query);
      return { total, ids: entries.slice(query.offset).map((e) => e.id), ...(counts ? { counts } : {}) };
    },
    search(words, offset, limit) {
      if (!words.some((word) => typeof word === "string" || !word.optional)) return { total: 0, ids: [] };
      const { total, ids } = this.find({ words, offset, limit });
      return { total, ids };
    },
  };
}
