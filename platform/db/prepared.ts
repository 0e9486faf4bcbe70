import type { Database } from "./client.ts";

type Reader = Pick<Database, "select">;

/**
 * A read that every signed-in page makes (the session's student, the navbar's photo and unread count, the
 * settings), built by drizzle once per database rather than at each call (decision 0110). Drizzle builds a
 * query's SQL text from its builder every time it runs, about 0.1 to 0.2 ms for a join of a few tables; a
 * prepared query keeps the text and fills in its `sql.placeholder`s. On PostgreSQL the statement is also
 * parsed once per connection under its name; PGlite's statements are named by their text anyway
 * (decision 0108).
 *
 * `build` is called with the database the first time the read runs on it: a transaction is a database of
 * its own here, so a read prepared on the server's database never runs inside a caller's transaction.
 */
export function preparedRead<Query>(build: (db: Reader) => Query): (db: Reader) => Query {
  const built = new WeakMap<Reader, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
