import pg from "pg";

/**
 * How many courses the PostgreSQL database at `url` holds (0 when it has no catalogue yet): the benches
 * generate the large catalogue below 200,000. A database that does not exist yet is created, empty.
 */
export async function coursesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") throw error;
    await createDatabase(url);
    return 0;
  }
  try {
    return await client.query("select count(*)::int as n from courses").then(
      (r) => r.rows[0]?.n as number,
      () => 0,
    );
  } finally {
    await client.end();
  }
}

/** Creates the database `url` names, through the server's `postgres` database. */
async function createDatabase(url: string) {
  const server = new URL(url);
  const name = decodeURIComponent(server.pathname.slice(1));
  server.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}
