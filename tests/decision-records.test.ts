import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The repository speaks to its readers (decision 0052): every decision record is in the index and cited
 * by the code it governs, and the code cites records and public sources, not a tracker's issue numbers
 * that the repository does not hold.
 */
const root = path.resolve(import.meta.dirname, "..");
const decisionsDir = path.join(root, "docs", "decisions");
const records = readdirSync(decisionsDir).filter((name) => /^\d{4}-.+\.md$/.test(name));

function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return ["node_modules", "+types", "e2e-results"].includes(name) ? [] : codeFiles(full);
    return /\.(tsx?|mjs|scss|sql)$/.test(name) ? [full] : [];
  });
}
const code = ["app", "modules", "platform", "scripts", "server", "tests", "vocabulary", "drizzle"]
  .flatMap((dir) => codeFiles(path.join(root, dir)))
  .concat(
    ["playwright.config.ts", "vite.config.ts", "vitest.config.ts", "drizzle.config.ts"].map((file) => path.join(root, file)),
  )
  .filter((file) => file !== import.meta.filename)
  .map((file) => ({ file: path.relative(root, file), text: readFileSync(file, "utf8") }));

describe("decision records", () => {
  it("finds the records and the code", () => {
    expect(records.length).toBeGreaterThan(40);
    expect(code.length).toBeGreaterThan(300);
  });

  it("lists every record in the index", () => {
    const index = readFileSync(path.join(decisionsDir, "README.md"), "utf8");
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });

  it("has every record cited by the code it governs", () => {
    const cited = new Set<string>();
    for (const { text } of code)
      for (const match of text.matchAll(/decisions? ((?:\d{4}(?:, | and | to )?)+)/gi))
        for (const number of match[1]?.match(/\d{4}/g) ?? []) cited.add(number);
    expect(records.filter((name) => !cited.has(name.slice(0, 4)))).toEqual([]);
  });

  it("cites no issue of a tracker the repository does not hold", () => {
    const cites = code.flatMap(({ file, text }) =>
      text.split("\n").flatMap((line, i) => (/\bissues? #?\d+\b/i.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(cites).toEqual([]);
  });
});
