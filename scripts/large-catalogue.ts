import pg from "pg";

/** How many courses the PostgreSQL database at `url` holds (0 when it has no catalogue yet): the benches generate the large catalogue below 200,000. */
export async function coursesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query("select count(*)::int as n from courses").then(
      (r) => r.rows[0]?.n as number,
      () => 0,
    );
  } finally {
    await client.end();
  }
}
