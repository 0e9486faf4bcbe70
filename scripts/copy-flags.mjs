// Copies the flag of every country code an admin may choose (vocabulary/country-codes.ts: the 249
// ISO 3166-1 alpha-2 codes) from the flag-icons package (MIT) into public/flags, so flags are served
// by us like any other static file and a country created in the console has its flag (decision 0019).
// About 1.7 MB of SVG (0.57 MB gzipped), of which a page loads only the flags it shows.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const source = readFileSync(path.join(root, "vocabulary/country-codes.ts"), "utf8");
const codes = [...source.matchAll(/code:\s*"([a-z]{2})"/g)].map((m) => m[1]);
if (codes.length < 200) throw new Error(`vocabulary/country-codes.ts lists only ${codes.length} codes`);
const target = path.join(root, "public/flags");
mkdirSync(target, { recursive: true });
for (const code of codes) {
  copyFileSync(path.join(root, "node_modules/flag-icons/flags/4x3", `${code}.svg`), path.join(target, `${code}.svg`));
}
copyFileSync(path.join(root, "node_modules/flag-icons/LICENSE"), path.join(target, "LICENSE"));
process.stdout.write(`copied ${codes.length} flags\n`);
