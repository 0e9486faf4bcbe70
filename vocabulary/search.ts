// The search box in the header: read on every page, so this file imports nothing and holds nothing else,
// keeping the rest of the catalogue's vocabulary out of every page's first load (decision 0071).

/** The longest search term read; a longer one is refused. */
export const SEARCH_TERM_MAX_LENGTH = 100;

/** A suggestion while typing in the navbar box (decision 0026). */
export interface Suggestion {
  kind: "destination" | "university" | "course";
  label: string;
  /** Where it is: the country for a university, the university for a course. */
  detail: string;
  href: string;
}

/** Suggestions start from this many letters: one letter begins too many words to be of use. */
export const SUGGEST_MIN_LENGTH = 2;
