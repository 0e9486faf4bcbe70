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

export interface SearchIndex {
  /** How many courses are indexed. */
  readonly size: number;
  /**
   * The ids of the courses matching every word, best first: `total` of them, `ids` from `offset`. A plain
   * string is a word matched anywhere.
   */
  search(words: ReadonlyArray<string | SearchWord>, offset: number, limit: number): { total: number; ids: number[] };
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
export function createSearchIndexBuilder() {
  const arrivalIds: number[] = [];
  const arrivalNames: string[] = [];
  const building = new Map<string, number[]>();
  const FIELD_BITS = 32;
  return {
    add(row: IndexedCourse) {
      const arrival = arrivalIds.length;
      arrivalIds.push(row.id);
      arrivalNames.push(row.name);
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
    build(): SearchIndex {
      const count = arrivalIds.length;
      // Documents are numbered in (name, id) order, so ties fall out of a numeric sort.
      const order = Array.from({ length: count }, (_, i) => i);
      order.sort((a, b) => {
        const x = arrivalNames[a] as string;
        const y = arrivalNames[b] as string;
        return x < y ? -1 : x > y ? 1 : (arrivalIds[a] as number) - (arrivalIds[b] as number);
      });
      const courseIds = new Int32Array(count);
      const docOf = new Int32Array(count);
      order.forEach((arrival, doc) => {
        courseIds[doc] = arrivalIds[arrival] as number;
        docOf[arrival] = doc;
      });
      const terms = [...building.keys()].sort();
      const termDocs: Int32Array[] = [];
      const termMasks: Uint8Array[] = [];
      for (const term of terms) {
        const packed = Int32Array.from(
          building.get(term) ?? [],
          (p) => (docOf[Math.floor(p / FIELD_BITS)] as number) * FIELD_BITS + (p % FIELD_BITS),
        );
        building.delete(term);
        packed.sort();
        termDocs.push(packed.map((p) => Math.floor(p / FIELD_BITS)));
        termMasks.push(Uint8Array.from(packed, (p) => p % FIELD_BITS));
      }
      return indexOf(courseIds, terms, termDocs, termMasks);
    },
  };
}

function indexOf(courseIds: Int32Array, terms: string[], termDocs: Int32Array[], termMasks: Uint8Array[]): SearchIndex {
  const count = courseIds.length;
  // Each document's terms with their field masks (the postings turned round): once a search has few
  // candidates left, a word that stands for many terms ("in", "of": every word they begin) is checked
  // against the candidates' own few terms instead of reading all those postings.
  const docTermStart = new Int32Array(count + 1);
  for (const docs of termDocs)
    for (let i = 0; i < docs.length; i += 1) {
      const next = (docs[i] as number) + 1;
      docTermStart[next] = (docTermStart[next] as number) + 1;
    }
  for (let doc = 0; doc < count; doc += 1)
    docTermStart[doc + 1] = (docTermStart[doc + 1] as number) + (docTermStart[doc] as number);
  const docTerms = new Int32Array(docTermStart[count] as number);
  const docTermMasks = new Uint8Array(docTerms.length);
  const filled = docTermStart.slice(0, count);
  termDocs.forEach((docs, term) => {
    const masks = termMasks[term] as Uint8Array;
    for (let i = 0; i < docs.length; i += 1) {
      const doc = docs[i] as number;
      const at = filled[doc] as number;
      filled[doc] = at + 1;
      docTerms[at] = term;
      docTermMasks[at] = masks[i] as number;
    }
  });
  const termQuality = new Float64Array(terms.length);
  const termStamp = new Int32Array(terms.length);
  // The best weight of each field mask (5 fields: 32 masks).
  const maskWeight = new Float64Array(1 << searchFields.length);
  for (let mask = 1; mask < maskWeight.length; mask += 1)
    maskWeight[mask] = Math.max(...searchFields.filter((_, bit) => mask & (1 << bit)).map((f) => fieldWeights[f]));

  // Trigram -> terms holding it, for typo correction.
  const trigramLists = new Map<string, number[]>();
  const termTrigramCount = new Int32Array(terms.length);
  terms.forEach((term, id) => {
    const grams = trigramsOf(term);
    termTrigramCount[id] = grams.length;
    for (const gram of grams) {
      const list = trigramLists.get(gram);
      if (list) list.push(id);
      else trigramLists.set(gram, [id]);
    }
  });
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

  return {
    size: count,
    search(words, offset, limit) {
      if (words.length === 0 || count === 0) return { total: 0, ids: [] };
      let candidates: Int32Array | null = null;
      let candidateGeneration = 0;
      // The sum is the same in any order: the words that read fewest postings go first.
      const given = words.map((word) => (typeof word === "string" ? anywhere(word) : word));
      const required = given.filter((word) => !word.optional);
      if (required.length === 0) return { total: 0, ids: [] };
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
        generation += 1;
        if (generation > 2_000_000_000) {
          mark.fill(0);
          termStamp.fill(0);
          generation = 1;
        }
        const current = generation;
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
      if (!candidates || candidates.length === 0) return { total: 0, ids: [] };
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

      // Best score first; within a score, document order is (name, id) order. The candidates are
      // counted by score (a query gives a handful of distinct scores), then only the buckets the page
      // falls in are read in document order, stopping once the page is full.
      const scoreValues: number[] = [];
      const scoreCounts: number[] = [];
      let lastScore = Number.NaN;
      let lastBucket = -1;
      for (let i = 0; i < candidates.length; i += 1) {
        const score = totalScore[candidates[i] as number] as number;
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
      // cheaper than sorting its candidates.
      const broad = candidates.length > count >>> 5;
      if (!broad) candidates.sort();
      const ids: number[] = [];
      let skip = offset;
      for (const { score, size } of buckets) {
        if (ids.length >= limit) break;
        if (skip >= size) {
          skip -= size;
          continue;
        }
        const end = broad ? count : candidates.length;
        for (let i = 0; i < end && ids.length < limit; i += 1) {
          const doc = broad ? i : (candidates[i] as number);
          if ((broad && mark[doc] !== candidateGeneration) || totalScore[doc] !== score) continue;
          if (skip > 0) {
            skip -= 1;
            continue;
          }
          ids.push(courseIds[doc] as number);
        }
      }
      return { total: candidates.length, ids };
    },
  };
}
