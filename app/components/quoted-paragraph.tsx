/** Where each quoted phrase stands in the text, in order, overlapping ones merged. */
function spansOf(text: string, quotes: readonly (string | null)[]) {
  const spans = quotes
    .flatMap((quote) => {
      const start = quote ? text.indexOf(quote) : -1;
      return quote && start >= 0 ? [{ start, end: start + quote.length }] : [];
    })
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * A paragraph of a statement with the words its comments quote marked in it (decision 0100): the student and
 * the counsellor see which words a comment is about, inside the paragraph rather than apart from it.
 * A quote is kept exactly as the paragraph has it, so it is found by its text.
 */
export function QuotedParagraph({
  text,
  quotes,
  className,
  ...rest
}: { text: string; quotes: readonly (string | null)[]; className?: string } & Record<`data-${string}`, string | number>) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const { start, end } of spansOf(text, quotes)) {
    parts.push(text.slice(at, start), <mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return (
    <p className={className} {...rest}>
      {parts}
    </p>
  );
}
