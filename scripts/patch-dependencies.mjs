// Mends installed dependencies where their published code costs us a measured target, until the fix is
// upstream (decision 0038, third amendment). `npm install` runs this file (postinstall). Each mend names
// the package and exact version it was written for, the text it replaces and the text it writes; a
// file that holds neither stops the install with the reason, so an upgrade cannot drop a mend unseen.
// Running it twice changes nothing. Written for old Nodes too (it runs before the runtime is brought).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), "..");

/**
 * PGlite's protocol reader copies every text value it reads into an ArrayBuffer of its own
 * (`buffer.slice`) before decoding it. During a catalogue import on the large catalogue, one query in a
 * hundred then held the event loop 20 to 44 ms (backing-store allocations right after a scavenge);
 * decoding from a view of the message's bytes allocates nothing and reads the same characters.
 */
const mends = [
  {
    pkg: "@electric-sql/pglite",
    version: "0.5.16",
    files: {
      "dist/chunk-Y6PULSM7.js": [
        "string(t){return r(this,le).decode(this.bytes(t))}",
        "string(t){let v=r(this,x),o=r(this,w);d(this,w,o+t);return r(this,le).decode(new Uint8Array(v.buffer,o,t))}",
      ],
      "dist/index.cjs": [
        "string(t){return c(this,vr).decode(this.bytes(t))}",
        "string(t){let s=c(this,j);y(this,j,s+t);return c(this,vr).decode(new Uint8Array(c(this,he).buffer,s,t))}",
      ],
    },
  },
];

/** Applies each mend; returns what it did, one line per file. Throws when a file holds neither text. */
export function mendDependencies(modules = path.join(root, "node_modules")) {
  const done = [];
  for (const mend of mends) {
    const folder = path.join(modules, mend.pkg);
    const installed = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")).version;
    if (installed !== mend.version) {
      throw new Error(
        `scripts/patch-dependencies.mjs mends ${mend.pkg} ${mend.version}, but ${installed} is installed: ` +
          "check whether the new version still needs it, then update or remove the mend",
      );
    }
    for (const [file, [before, after]] of Object.entries(mend.files)) {
      const where = path.join(folder, file);
      const text = readFileSync(where, "utf8");
      if (text.includes(after)) {
        done.push(`${mend.pkg}/${file}: already mended`);
        continue;
      }
      if (text.split(before).length !== 2) {
        throw new Error(`${mend.pkg}/${file} does not hold the text scripts/patch-dependencies.mjs replaces (exactly once)`);
      }
      writeFileSync(where, text.replace(before, after));
      done.push(`${mend.pkg}/${file}: mended`);
    }
  }
  return done;
}

if (process.argv[1] && path.resolve(process.argv[1]) === here) {
  for (const line of mendDependencies()) console.log(line);
}
