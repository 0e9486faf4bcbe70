// Copies the flag of every study destination from the flag-icons package (MIT) into public/flags,
// so flags are served by us like any other static file.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const source = readFileSync(path.join(root, "modules/catalogue/demo/countries.ts"), "utf8");
const codes = [...source.matchAll(/code:\s*"([a-z]{2})"/g)].map((m) => m[1]);
const target = path.join(root, "public/flags");
mkdirSync(target, { recursive: true });
for (const code of codes) {
  copyFileSync(path.join(root, "node_modules/flag-icons/flags/4x3", `${code}.svg`), path.join(target, `${code}.svg`));
}
copyFileSync(path.join(root, "node_modules/flag-icons/LICENSE"), path.join(target, "LICENSE"));
process.stdout.write(`copied ${codes.length} flags\n`);
