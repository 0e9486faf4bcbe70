// Cuts the Devanagari face (@fontsource/noto-sans-devanagari, OFL) down to the glyphs of the languages'
// own names in vocabulary/languages.ts ("हिन्दी"), for the language switch of English pages: 2.4 KB
// instead of the 50 KB face, which only Hindi pages then fetch (decision 0047). Written to
// app/styles/fonts/ (not kept in git) before the client is built, like the flags.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "..");
const source = readFileSync(path.join(root, "vocabulary/languages.ts"), "utf8");
const names = [...source.matchAll(/name:\s*"([^"]+)"/g)].map((m) => m[1]);
const devanagari = [...new Set(names.join("").match(/[\u0900-\u097F]/gu) ?? [])].join("");
if (!devanagari) throw new Error("vocabulary/languages.ts names no language in Devanagari: is the switch's face still needed?");
const face = readFileSync(
  path.join(root, "node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2"),
);
const cut = await subsetFont(face, devanagari, { targetFormat: "woff2" });
const target = path.join(root, "app/styles/fonts");
mkdirSync(target, { recursive: true });
writeFileSync(path.join(target, "language-names.woff2"), cut);
process.stdout.write(`cut the Devanagari face to the languages' names: ${face.length} -> ${cut.length} bytes\n`);
