import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

/**
 * The approved statement as a PDF (decision 0096): an A4 page (or more) with the student's name, the
 * university and course, the title and the paragraphs, set in Noto Sans Devanagari (SIL Open Font
 * License, from @fontsource/noto-sans-devanagari) so a name or a sentence in Devanagari is shaped by
 * fontkit (conjuncts, vowel signs before their consonant) as a browser would show it.
 */

const require = createRequire(import.meta.url);
const faceFile = (subset: string, weight: 400 | 700) =>
  readFileSync(require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${subset}-${weight}-normal.woff`));

/** Fontsource cuts the face by script; a text's characters are set in the first cut that has them. */
const subsets = ["latin", "latin-ext", "devanagari"] as const;
let faces: Map<string, Buffer> | null = null;
const loadFaces = () => {
  faces ??= new Map(subsets.flatMap((s) => [400, 700].map((w) => [`${s}-${w}`, faceFile(s, w as 400 | 700)] as const)));
  return faces;
};

export interface StatementPdfInput {
  title: string;
  studentName: string;
  university: string;
  course: string;
  /** The line under the heading, e.g. "Version 2, approved 12 March 2026". */
  note: string;
  paragraphs: readonly string[];
}

const DEVANAGARI = /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/u;
/** Spaces, punctuation and digits stay in the run they are in, so a Devanagari phrase is shaped as one. */
const NEUTRAL = /[\s\p{P}\p{N}\u200C\u200D]/u;
/** What no font needs to draw: spaces and line breaks, joiners and variation selectors. */
const UNDRAWN = /[\s\p{Cc}\p{Cf}]|[\uFE00-\uFE0F]/u;

/** A cut's font as fontkit reads it, asked whether it has a character. */
type Face = { hasGlyphForCodePoint: (codePoint: number) => boolean };
let cuts: Map<string, Face> | null = null;

/**
 * The cuts as fontkit parsed them, read once through a document of pdfkit's own (the fonts it embeds), so a
 * text's characters are looked up without parsing the fonts again for each statement.
 */
function loadCuts() {
  if (cuts) return cuts;
  const doc = new PDFDocument({ autoFirstPage: false });
  const parsed = new Map<string, Face>();
  for (const [name, bytes] of loadFaces()) {
    doc.registerFont(name, bytes);
    doc.font(name);
    // biome-ignore lint/suspicious/noExplicitAny: pdfkit's embedded font exposes fontkit's font, untyped
    parsed.set(name, (doc as any)._font.font as Face);
  }
  cuts = parsed;
  return parsed;
}

const has = (font: string, ch: string) =>
  loadCuts()
    .get(font)
    ?.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0) ?? false;
const printable = (ch: string, weight: 400 | 700) => UNDRAWN.test(ch) || subsets.some((s) => has(`${s}-${weight}`, ch));
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * The characters (as a reader sees them: "❤️" with its variation selector, "மி" with its vowel sign) that none
 * of the cuts can draw, e.g. an emoji or Tamil (decision 0096), each once in the order first met. The PDF
 * leaves them out; the statement's page lists them before the download.
 */
export function unprintable(texts: readonly string[], weight: 400 | 700 = 400): string[] {
  const found = new Set<string>();
  for (const text of texts)
    for (const { segment } of graphemes.segment(text)) if (![...segment].every((ch) => printable(ch, weight))) found.add(segment);
  return [...found];
}

/** What the PDF of `input` leaves out (`unprintable`): its name in bold, its other lines and paragraphs. */
export const pdfCannotPrint = (input: Pick<StatementPdfInput, "studentName" | "university" | "course" | "paragraphs">) => [
  ...new Set([
    ...unprintable([input.studentName], 700),
    ...unprintable([`${input.course}, ${input.university}`, ...input.paragraphs]),
  ]),
];

/** A text without what no cut can draw, rather than an empty box for each; the spaces around one are made one. */
const printableOnly = (text: string, weight: 400 | 700) => {
  const dropped = unprintable([text], weight);
  if (!dropped.length) return text;
  let kept = "";
  for (const { segment } of graphemes.segment(text)) if (!dropped.includes(segment)) kept += segment;
  return kept.replace(/[ \t]{2,}/g, " ").trim();
};

type Doc = PDFKit.PDFDocument;

/** Splits a text into runs, each set in one cut of the face. */
function runsOf(text: string, weight: 400 | 700): { font: string; text: string }[] {
  const runs: { font: string; text: string }[] = [];
  const fonts = subsets.map((s) => `${s}-${weight}`);
  const devanagariFont = `devanagari-${weight}`;
  for (const ch of text) {
    const last = runs.at(-1);
    let font: string;
    if (DEVANAGARI.test(ch)) font = devanagariFont;
    else if (last && NEUTRAL.test(ch) && has(last.font, ch)) font = last.font;
    else font = fonts.find((f) => has(f, ch)) ?? fonts[0] ?? devanagariFont;
    if (last && last.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}

function write(doc: Doc, text: string, weight: 400 | 700, size: number, options: PDFKit.Mixins.TextOptions = {}) {
  const runs = runsOf(printableOnly(text, weight), weight);
  doc.fontSize(size);
  runs.forEach((run, i) => {
    doc.font(run.font).text(run.text, { ...options, continued: i < runs.length - 1 });
  });
}

/** A name for the file a browser saves: the title and the university in ASCII letters and digits (accents dropped). */
export const pdfFileName = (title: string, university: string) =>
  `${`${title} ${university}`
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)}.pdf`;

/** The PDF's bytes. */
export function statementPdf(input: StatementPdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    info: { Title: `${input.title}: ${input.university}`, Author: input.studentName, Creator: "Ignite" },
    lang: "en",
    displayTitle: true,
  });
  for (const [name, bytes] of loadFaces()) doc.registerFont(name, bytes);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  write(doc, input.studentName, 700, 12, { lineGap: 2 });
  write(doc, `${input.course}, ${input.university}`, 400, 11, { lineGap: 2 });
  doc.moveDown(1.5);
  write(doc, input.title, 700, 18, { lineGap: 2 });
  write(doc, input.note, 400, 9, { lineGap: 2 });
  doc.moveDown(1);
  for (const paragraph of input.paragraphs) {
    write(doc, paragraph, 400, 11, { align: "left", lineGap: 3 });
    doc.moveDown(0.8);
  }
  doc.end();
  return done;
}
