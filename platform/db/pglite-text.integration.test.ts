import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script, run by npm install (postinstall), without types
import { mendDependencies } from "../../scripts/patch-dependencies.mjs";
import { openPglite } from "./client.ts";

/**
 * PGlite's protocol reader, as installed (scripts/patch-dependencies.mjs; decision 0038, third amendment):
 * it decodes text values from the message's bytes instead of copying each into an ArrayBuffer first.
 * With a copy per value, one query in a hundred held the event loop 20 to 44 ms during a large import.
 */
let handle: ReturnType<typeof openPglite>;
beforeAll(async () => {
  handle = openPglite("memory://");
  await handle.ping();
});
afterAll(() => handle.close());

/** How many ArrayBuffers `work` copied out of others (ArrayBuffer.prototype.slice) while it ran. */
async function bufferCopiesDuring(work: () => Promise<unknown>): Promise<number> {
  const slice = ArrayBuffer.prototype.slice;
  let copies = 0;
  ArrayBuffer.prototype.slice = function (this: ArrayBuffer, ...args: Parameters<ArrayBuffer["slice"]>) {
    copies += 1;
    return slice.apply(this, args);
  };
  try {
    await work();
  } finally {
    ArrayBuffer.prototype.slice = slice;
  }
  return copies;
}

describe("PGlite reads text values", () => {
  it("2,000 rows of three text values each cost a handful of buffer copies, not one per value", async () => {
    let rows: { name: string; city: string; empty: string | null }[] = [];
    const copies = await bufferCopiesDuring(async () => {
      rows = (
        await handle.client.query<{ name: string; city: string; empty: string | null }>(
          `select 'Course ' || g as name, 'City ' || (g % 7) as city, case when g % 2 = 0 then '' end as empty
             from generate_series(1, 2000) g`,
        )
      ).rows;
    });
    expect(rows).toHaveLength(2000);
    expect(copies).toBeLessThan(100);
  });

  it("every character comes back as written: Devanagari, accents, emoji, empty and null values, long texts", async () => {
    const texts = ["मास्टर ऑफ़ साइंस", "Université de Genève", "MBA 🎓 (Global)", "", "a".repeat(70_000), "İstanbul — Ç"];
    const { rows } = await handle.client.query<{ t: string | null; n: number }>(
      "select t, ordinality::int as n from unnest($1::text[]) with ordinality as t union all select null, 0 order by n",
      [texts],
    );
    expect(rows.map((row) => row.t)).toEqual([null, ...texts]);
  });
});

describe("scripts/patch-dependencies.mjs", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "ignite-mend-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const pglite = path.join(folder, "@electric-sql/pglite");
  const original = path.join(import.meta.dirname, "../../node_modules/@electric-sql/pglite");
  /** A copy of the installed package as the registry serves it: the mended texts turned back. */
  function freshInstall(version = "0.5.16") {
    mkdirSync(path.join(pglite, "dist"), { recursive: true });
    writeFileSync(path.join(pglite, "package.json"), JSON.stringify({ name: "@electric-sql/pglite", version }));
    writeFileSync(
      path.join(pglite, "dist/chunk-Y6PULSM7.js"),
      "class R{string(t){return r(this,le).decode(this.bytes(t))}cstring(){}}",
    );
    writeFileSync(path.join(pglite, "dist/index.cjs"), "class R{string(t){return c(this,vr).decode(this.bytes(t))}}");
  }

  it("the installed PGlite is mended", () => {
    expect(readFileSync(path.join(original, "dist/chunk-Y6PULSM7.js"), "utf8")).not.toContain("decode(this.bytes(t))");
    expect(readFileSync(path.join(original, "dist/index.cjs"), "utf8")).not.toContain("decode(this.bytes(t))");
  });

  it("mends a fresh install, and a second run changes nothing", () => {
    freshInstall();
    expect(mendDependencies(folder)).toEqual([
      "@electric-sql/pglite/dist/chunk-Y6PULSM7.js: mended",
      "@electric-sql/pglite/dist/index.cjs: mended",
    ]);
    const once = readFileSync(path.join(pglite, "dist/chunk-Y6PULSM7.js"), "utf8");
    expect(once).toContain("new Uint8Array(v.buffer,o,t)");
    expect(mendDependencies(folder)).toEqual([
      "@electric-sql/pglite/dist/chunk-Y6PULSM7.js: already mended",
      "@electric-sql/pglite/dist/index.cjs: already mended",
    ]);
    expect(readFileSync(path.join(pglite, "dist/chunk-Y6PULSM7.js"), "utf8")).toBe(once);
  });

  it("stops the install, naming the reason, on another version or a file that no longer holds the text", () => {
    freshInstall("0.5.17");
    expect(() => mendDependencies(folder)).toThrow(/mends @electric-sql\/pglite 0\.5\.16, but 0\.5\.17 is installed/);
    freshInstall();
    writeFileSync(path.join(pglite, "dist/index.cjs"), "class R{}");
    expect(() => mendDependencies(folder)).toThrow(/index\.cjs does not hold the text/);
  });
});
