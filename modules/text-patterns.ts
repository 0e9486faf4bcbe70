/** Text made into regular expressions: the one way to escape it, and the sentence shapes of the translations. */

/** `text` matched literally inside a regular expression. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A sentence with named blanks ("Apply by {date}") as a pattern that matches it filled in, each blank
 * captured in order (`names`): how a sentence built in English is found again to be shown translated.
 */
export function sentenceShape(shape: string): { names: string[]; pattern: RegExp } {
  return {
    names: [...shape.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ""),
    pattern: new RegExp(
      `^${shape
        .split(/\{\w+\}/)
        .map(escapeRegExp)
        .join("(.+?)")}$`,
    ),
  };
}
