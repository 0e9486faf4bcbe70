import { PGlite, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "./client.ts";
import { preparingStatements } from "./pglite-prepared.ts";

// The adapter keeps each query's text prepared under a name (decision 0108); these compare it with PGlite's
// own query on the values the portal stores, and follow a statement through errors, transactions and eviction.
let client: PGlite;
let prepared: PGlite;
beforeAll(async () => {
  client = new PGlite("memory://");
  prepared = preparingStatements(client, 3);
  await client.exec(`
    create table people (id serial primary key, name text not null unique, born date, seen timestamptz,
      fee numeric(10, 2), tags text[], profile jsonb, active boolean);
  `);
});
afterAll(() => client.close());

/** The statements the adapter has prepared on this connection, read through PGlite's own (unnamed) query. */
async function preparedNames(): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>("select name from pg_prepared_statements order by name");
  return rows.map((row) => row.name);
}

const insert =
  "insert into people (name, born, seen, fee, tags, profile, active) values ($1, $2, $3, $4, $5, $6, $7) returning *";

describe("queries as prepared statements on PGlite", () => {
  it("answers as PGlite's own query does, for the portal's kinds of values, in objects and in arrays", async () => {
    const values = [
      "अनिकेत देशमुख",
      "2004-03-09",
      new Date("2026-11-28T10:15:00Z"),
      "2500000.50",
      ["UK", "भारत"],
      { city: "पुणे" },
      true,
    ];
    const ours = await prepared.query(insert, values);
    expect(ours.rows).toEqual([
      {
        id: 1,
        name: "अनिकेत देशमुख",
        born: new Date("2004-03-09T00:00:00Z"),
        seen: new Date("2026-11-28T10:15:00Z"),
        fee: "2500000.50",
        tags: ["UK", "भारत"],
        profile: { city: "पुणे" },
        active: true,
      },
    ]);
    expect(ours.affectedRows).toBe(1);
    const select = "select id, name, born, fee, profile, active from people where name = $1";
    // drizzle's own way: rows as arrays, a date kept as its text.
    const options = { rowMode: "array" as const, parsers: { [types.DATE]: (text: string) => text } };
    const theirs = await client.query(select, ["अनिकेत देशमुख"], options);
    const again = await prepared.query(select, ["अनिकेत देशमुख"], options);
    expect(again).toEqual(theirs);
    expect(again.rows).toEqual([[1, "अनिकेत देशमुख", "2004-03-09", "2500000.50", { city: "पुणे" }, true]]);
    // A write without RETURNING: no rows, and the count of rows it wrote.
    const update = "update people set active = $1 where id = $2";
    const updated = await prepared.query(update, [false, 1]);
    expect(updated).toEqual(await client.query(update, [false, 1]));
    expect(updated).toMatchObject({ rows: [], fields: [], affectedRows: 1 });
    // Nulls, and a value given where the statement asks another type.
    const nulls = await prepared.query<{ fee: string | null }>("select $1::numeric as fee, $2::int + 1 as next", [null, "41"]);
    expect(nulls.rows).toEqual([{ fee: null, next: 42 }]);
  });

  it("parses a text once: asked again, with other values, it runs the statement already prepared", async () => {
    const before = await preparedNames();
    const text = "select count(*)::int as n from people where name <> $1";
    for (const name of ["a", "b", "c"]) expect((await prepared.query<{ n: number }>(text, [name])).rows).toEqual([{ n: 1 }]);
    const after = await preparedNames();
    expect(after.filter((name) => !before.includes(name))).toHaveLength(1);
  });

  it("keeps at most its number of statements, closing the least recently used, and still answers the closed one", async () => {
    for (let i = 1; i <= 5; i++)
      expect((await prepared.query<{ i: number }>(`select ${i} + $1::int as i`, [0])).rows).toEqual([{ i }]);
    expect(await preparedNames()).toHaveLength(3);
    expect((await prepared.query<{ i: number }>("select 1 + $1::int as i", [1])).rows).toEqual([{ i: 2 }]);
    expect(await preparedNames()).toHaveLength(3);
  });

  it("a refused statement keeps its SQLSTATE and text, and the connection serves the next query", async () => {
    const error = await prepared.query(insert, ["अनिकेत देशमुख", null, null, null, null, null, null]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "23505", query: insert });
    const typo = await prepared.query("selec 1").catch((e: unknown) => e);
    expect(typo).toMatchObject({ code: "42601" });
    expect((await prepared.query<{ n: number }>("select count(*)::int as n from people")).rows).toEqual([{ n: 1 }]);
  });

  it("inside a transaction: drizzle's rollback takes back what the statements wrote, and the statements stay", async () => {
    const db = drizzle({ client: prepared });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into people (name) values (${"मीरा अय्यर"})`);
        await tx.execute(sql`insert into people (name) values (${"अनिकेत देशमुख"})`);
      }),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
    expect((await db.execute(sql`select name from people order by id`)).rows).toEqual([{ name: "अनिकेत देशमुख" }]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into people (name) values (${"मीरा अय्यर"})`);
    });
    expect((await db.execute(sql`select count(*)::int as n from people`)).rows).toEqual([{ n: 2 }]);
  });

  it("prepares again when the statements were deallocated behind its back", async () => {
    const text = "select name from people where id = $1";
    expect((await prepared.query(text, [1])).rows).toEqual([{ name: "अनिकेत देशमुख" }]);
    await client.exec("deallocate all");
    expect((await prepared.query(text, [1])).rows).toEqual([{ name: "अनिकेत देशमुख" }]);
  });
});

describe("the portal's PGlite (openPglite)", () => {
  it("plans each statement once: every run after the first uses its generic plan, whatever the values", async () => {
    const handle = openPglite("memory://");
    try {
      await handle.client.exec("create table marks (student int not null, percentage numeric(5, 2) not null)");
      await handle.client.exec("insert into marks select i % 40, 40 + (i % 60) from generate_series(1, 2000) as i");
      for (const student of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        await handle.db.execute(sql`select avg(percentage)::float8 as mean from marks where student = ${student}`);
      const { rows } = await handle.client.query<{ generic: number; custom: number }>(
        `select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where statement like '%from marks where student%'`,
      );
      // With Postgres's default (auto) the first five runs are planned each time (custom plans).
      expect(rows).toEqual([{ generic: 10, custom: 0 }]);
    } finally {
      await handle.close();
    }
  });
});
