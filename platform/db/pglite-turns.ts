import type { PGlite, Transaction } from "@electric-sql/pglite";

/**
 * PGlite runs in our thread and a query's promise settles without a turn of the event loop, so a run
 * of short queries (an import's batch, a mirror's page of courses) is one long task: requests wait
 * for all of it (decision 0038). This gives the event loop a turn once a run of queries has held it
 * for `sliceMs`, always after a whole query (or a whole `exec` text) has finished and PGlite has let
 * go of it, never between a query's protocol messages (a turn there once left PGlite spinning in a
 * Bind message for ever). A transaction's own queries give turns too; other queries still wait for
 * the transaction, as they always did, so a turn changes who runs when, never what a statement sees.
 */
export function givingTurns(client: PGlite, sliceMs = 8): PGlite {
  let since: number | undefined;
  const turned = () => {
    since = undefined;
  };
  async function afterQuery() {
    const now = performance.now();
    if (since === undefined) {
      // The run starts here; a turn the loop takes by itself (idle, a socket) starts the next one.
      since = now;
      setImmediate(turned);
    } else if (now - since >= sliceMs) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const queries = <T extends PGlite | Transaction>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object);
        if (property === "query" || property === "exec" || property === "sql")
          return async (...args: unknown[]) => {
            const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(object, args);
            await afterQuery();
            return result;
          };
        if (property === "transaction")
          return <R>(work: (tx: Transaction) => Promise<R>) =>
            (value as PGlite["transaction"]).call(object, (tx: Transaction) => work(queries(tx)));
        return typeof value === "function" ? value.bind(object) : value;
      },
    });
  return queries(client);
}
