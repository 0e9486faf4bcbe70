/**
 * Reading a search term into its parts (decision 0026): a level, subjects, a destination or city, and the
 * rest as text, by the dictionary (search-dictionary.ts) and the catalogue's own countries and cities.
 * The parts become what the index matches (search-index.ts): the level only in the course's level, a
 * subject only in its name (typos forgiven there), a country only in the country field and a city only
 * in the city or the university's name (many carry their city), both exactly, so a word naming a place
 * never reaches a university that merely looks like it ("france" is not "Frankfurt"). The rest matches
 * as before, anywhere.
 */

import { monthNames } from "../../vocabulary/applications.ts";
import type { CourseLevel } from "../../vocabulary/catalogue.ts";
import { degrees, fillerWords, intakeWords, intakeYear, places, subjects, unservedDestinations } from "./search-dictionary.ts";
import { type SearchWord, wordsOf } from "./search-index.ts";

/** The catalogue's places as the reader needs them. */
export interface SearchPlaces {
  /** Shown countries: name and lower-case aliases. */
  countries: ReadonlyArray<{ name: string; aliases: readonly string[] }>;
  /** Cities of shown universities. */
  cities: readonly string[];
}

export type QueryPartKind = "level" | "subject" | "country" | "city" | "intake" | "text";

/** One part of the reading, as the results page shows it ("Masters"), with the typed words it came from. */
export interface QueryPart {
  kind: QueryPartKind;
  label: string;
}

export interface QueryReading {
  level: CourseLevel | null;
  /** Subjects as course names write them ("Computer Science"). */
  subjects: string[];
  country: string | null;
  city: string | null;
  /** The intake's month (1 to 12) the term named ("fall 2027": 9), a filter like the level (decision 0051). */
  intake: number | null;
  /** Words read as nothing in particular: matched anywhere, as before. */
  text: string[];
  /** A destination we do not serve that was asked for, with the closest ones we do. */
  unserved: { name: string; closest: string[] } | null;
  /** The parts in the order the page shows them: level, subjects, city, country, text. */
  parts: QueryPart[];
  /** The term without each part (same order as `parts`): the drop links. */
  without: string[];
  /** The term without the unserved destination: what to search for at the closest ones. */
  withoutUnserved: string;
  /** The term without the words that named its level, destination or intake (the filters carry those) and its filler words. */
  withoutFilters: string;
  /** What the index is asked. Empty when nothing is left to search for. */
  words: SearchWord[];
}

/** Longest phrase the reader tries (words). */
const MAX_PHRASE = 4;
/** At most this many words of a term are read (the rest is ignored). */
const MAX_WORDS = 12;

type PlaceHit = { kind: "country" | "city"; name: string } | { kind: "unserved"; name: string };

/** A lookup of the catalogue's places by their lower-case name, alias or shorthand. */
export function placeLookup(catalogue: SearchPlaces): (phrase: string) => PlaceHit | null {
  const served = new Map<string, PlaceHit>();
  for (const city of catalogue.cities) served.set(wordsOf(city).join(" "), { kind: "city", name: city });
  // Countries after cities: "singapore" is the country.
  for (const country of catalogue.countries) {
    served.set(wordsOf(country.name).join(" "), { kind: "country", name: country.name });
    for (const alias of country.aliases) served.set(wordsOf(alias).join(" "), { kind: "country", name: country.name });
  }
  const byName = new Map<string, PlaceHit>();
  for (const hit of served.values()) byName.set(hit.name, hit);
  const unserved = new Map(Object.keys(unservedDestinations).map((name) => [wordsOf(name).join(" "), name]));
  return (phrase) => {
    const found = served.get(phrase);
    if (found) return found;
    const named = places[phrase];
    if (named) {
      const hit = byName.get(named);
      if (hit) return hit;
      if (unservedDestinations[named]) return { kind: "unserved", name: named };
    }
    const far = unserved.get(phrase);
    return far ? { kind: "unserved", name: far } : null;
  };
}

/** Reads a (lower-cased) search term. `lookup` is placeLookup of the catalogue's places. */
export function readQuery(term: string, lookup: (phrase: string) => PlaceHit | null, served: SearchPlaces): QueryReading {
  const tokens = wordsOf(term)
    .map((w) => w.slice(0, 40))
    .slice(0, MAX_WORDS);
  let level: CourseLevel | null = null;
  const preferred: string[] = [];
  const subjectList: string[] = [];
  let country: string | null = null;
  let city: string | null = null;
  let intake: number | null = null;
  const text: string[] = [];
  let unserved: QueryReading["unserved"] = null;
  // Which pieces of the term each part came from, so a part can be dropped from the term.
  const pieces: Array<{ tokens: string[]; key: string | null }> = [];

  for (let at = 0; at < tokens.length; ) {
    let taken = 0;
    for (let length = Math.min(MAX_PHRASE, tokens.length - at); length >= 1 && taken === 0; length -= 1) {
      const slice = tokens.slice(at, at + length);
      const phrase = slice.join(" ");
      const place = lookup(phrase);
      if (place) {
        taken = length;
        if (place.kind === "unserved") {
          unserved ??= { name: place.name, closest: [...(unservedDestinations[place.name] ?? [])] };
          pieces.push({ tokens: slice, key: "unserved" });
        } else if (place.kind === "country" && (country === null || country === place.name)) {
          country = place.name;
          pieces.push({ tokens: slice, key: "country" });
        } else if (place.kind === "city" && (city === null || city === place.name)) {
          city = place.name;
          pieces.push({ tokens: slice, key: "city" });
        } else {
          // A second, different place: both cannot hold, so the first is kept and this one left out.
          pieces.push({ tokens: slice, key: null });
        }
        continue;
      }
      const month = intakeWords[phrase];
      if (month) {
        // "fall 2027": the year goes with the season (an intake recurs every year).
        const year = tokens[at + length];
        const withYear = year !== undefined && intakeYear.test(year) ? [...slice, year] : slice;
        taken = withYear.length;
        if (intake === null || intake === month) {
          intake = month;
          pieces.push({ tokens: withYear, key: "intake" });
        } else pieces.push({ tokens: withYear, key: null });
        continue;
      }
      const degree = degrees[phrase];
      if (degree) {
        taken = length;
        if (level === null || level === degree.level) {
          level = degree.level;
          for (const word of wordsOf(degree.prefer ?? "")) if (!preferred.includes(word)) preferred.push(word);
          pieces.push({ tokens: slice, key: degree.subject ? `level+subject:${degree.subject}` : "level" });
        } else pieces.push({ tokens: slice, key: degree.subject ? `subject:${degree.subject}` : null });
        if (degree.subject && !subjectList.includes(degree.subject)) subjectList.push(degree.subject);
        continue;
      }
      const subject = subjects[phrase];
      if (subject) {
        taken = length;
        if (!subjectList.includes(subject)) subjectList.push(subject);
        pieces.push({ tokens: slice, key: `subject:${subject}` });
        continue;
      }
      if (length === 1) {
        taken = 1;
        const word = slice[0] as string;
        if (fillerWords.has(word)) pieces.push({ tokens: slice, key: null });
        else {
          if (!text.includes(word)) text.push(word);
          pieces.push({ tokens: slice, key: `text:${word}` });
        }
      }
    }
    at += taken;
  }

  // A term of filler words only ("university") is searched as typed, as before.
  if (text.length === 0 && subjectList.length === 0 && !level && !country && !city && !intake && !unserved)
    for (const piece of pieces)
      for (const word of piece.tokens)
        if (!text.includes(word)) {
          text.push(word);
          piece.key = `text:${word}`;
        }

  const parts: QueryPart[] = [];
  const partKeys: Array<(key: string | null) => boolean> = [];
  if (level) {
    parts.push({ kind: "level", label: level });
    partKeys.push((key) => key === "level" || (key?.startsWith("level+") ?? false));
  }
  for (const subject of subjectList) {
    parts.push({ kind: "subject", label: subject });
    partKeys.push((key) => key === `subject:${subject}` || key === `level+subject:${subject}`);
  }
  if (city) {
    parts.push({ kind: "city", label: city });
    partKeys.push((key) => key === "city");
  }
  if (country) {
    parts.push({ kind: "country", label: country });
    partKeys.push((key) => key === "country");
  }
  if (intake) {
    parts.push({ kind: "intake", label: monthNames[intake - 1] ?? "" });
    partKeys.push((key) => key === "intake");
  }
  for (const word of text) {
    parts.push({ kind: "text", label: word });
    partKeys.push((key) => key === `text:${word}`);
  }
  const without = partKeys.map((isPart) =>
    pieces
      .filter((piece) => !isPart(piece.key))
      .flatMap((piece) => piece.tokens)
      .join(" "),
  );

  // A destination we do not serve: nothing from elsewhere is offered in its place, only the line naming
  // the closest ones we serve (the page links them).
  const words: SearchWord[] = [];
  const add = (word: SearchWord) => {
    if (!words.some((w) => w.word === word.word && w.field === word.field)) words.push(word);
  };
  if (level) add({ word: level.toLowerCase(), field: "level", exact: true });
  for (const subject of subjectList)
    for (const word of wordsOf(subject)) if (!fillerWords.has(word)) add({ word, field: "name", exact: false });
  if (city) for (const word of wordsOf(city)) add({ word, field: "cityOrUniversity", exact: true });
  if (country) for (const word of wordsOf(country)) add({ word, field: "country", exact: true });
  for (const word of text) add({ word, field: "any", exact: false });
  for (const word of preferred) add({ word, field: "name", exact: false, optional: true });
  if (unserved) words.length = 0;

  const closest = unserved ? unserved.closest.filter((name) => served.countries.some((c) => c.name === name)) : [];
  return {
    level,
    subjects: subjectList,
    country,
    city,
    intake,
    text,
    unserved: unserved ? { name: unserved.name, closest } : null,
    parts,
    without,
    withoutUnserved: pieces
      .filter((piece) => piece.key !== "unserved")
      .flatMap((piece) => piece.tokens)
      .join(" "),
    withoutFilters: pieces
      .filter((piece) => piece.key !== null && piece.key !== "level" && piece.key !== "country" && piece.key !== "intake")
      .flatMap((piece) => piece.tokens)
      .join(" "),
    words,
  };
}
