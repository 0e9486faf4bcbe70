/** What every input is told whatever its form (decision 0034): text never carries invisible control characters. */
export const inputMessages = {
  /** A NUL byte or another control character (line breaks and tabs aside) in a field. */
  controlCharacters: "Remove the invisible control characters (such as NUL) from this field",
  /** The same in an address's path or query. */
  controlCharactersInAddress: "The address holds invisible control characters (such as NUL); remove them and try again.",
} as const;
