import { count, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countries } from "../../modules/catalogue/tables.ts";
import { type DatabaseHandle, openPglite } from "./client.ts";

// A request's work is a callback the event loop runs; these count how often it got the chance.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = openPglite("memory://");
  await handle.migrate();
});
afterAll(() => handle.close());

/** Counts the event loop's turns while `work` runs (a callback due at once, due again each time it runs). */
async function turnsDuring(work: () => Promise<void>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}

const countryRow = (i: number) => ({ slug: `turns-${i}`, name: `Turns ${i}`, code: `t${i}`, currency: "EUR" });
const ours = like(countries.slug, "turns-%");

describe("PGlite's queries give the event loop turns", () => {
  it("a run of 300 ms of queries lets other callbacks run every few milliseconds, and every row is written", async () => {
    let written = 0;
    const started = performance.now();
    const turns = await turnsDuring(async () => {
      while (performance.now() - started < 300) {
        await handle.db.insert(countries).values(countryRow(written));
        written += 1;
      }
    });
    // Slices of 8 ms: up to 37 turns in 300 ms, fewer when each insert is slow (a busy machine). Without
    // the turns the callback runs only once the run is over: 0 during it.
    expect(turns).toBeGreaterThanOrEqual(5);
    const [row] = await handle.db.select({ n: count() }).from(countries).where(ours);
    expect(row?.n).toBe(written);
  });

  it("inside a transaction too, and a query asked during a turn waits for the transaction and sees all of it", async () => {
    const before = (await handle.db.select({ n: count() }).from(countries).where(ours))[0]?.n ?? 0;
    let seenByOther: Promise<number> | undefined;
    let written = 0;
    const turns = await turnsDuring(() =>
      handle.db.transaction(async (tx) => {
        const started = performance.now();
        // 300 ms, and on a busy machine until the other request has been asked.
        while (performance.now() - started < 300 || !seenByOther) {
          await tx.insert(countries).values(countryRow(10_000 + written));
          written += 1;
          // Another request, arriving in a turn the transaction gave.
          if (!seenByOther && written > 50)
            seenByOther = new Promise<number>((resolve) =>
              setImmediate(() =>
                resolve(
                  handle.db
                    .select({ n: count() })
                    .from(countries)
                    .where(ours)
                    .then(([r]) => r?.n ?? -1),
                ),
              ),
            );
        }
      }),
    );
    expect(turns).toBeGreaterThanOrEqual(5);
    expect(await seenByOther).toBe(before + written);
  });

  it("a failed query still fails, and the turn it would have given does not hide the error", async () => {
    await expect(handle.db.insert(countries).values({ ...countryRow(1), slug: "turns-0" })).rejects.toThrow();
    await expect(handle.db.select({ n: count() }).from(countries)).resolves.toHaveLength(1);
  });
});
