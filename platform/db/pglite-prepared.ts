import {
  type messages,
  type ParserOptions,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";

type BackendMessage = messages.BackendMessage;
type CommandCompleteMessage = messages.CommandCompleteMessage;
type DataRowMessage = messages.DataRowMessage;
type RowDescriptionMessage = messages.RowDescriptionMessage;

const { serialize } = protocol;

/** How many statements a database keeps prepared; the least recently used one is closed past it. */
export const PREPARED_STATEMENTS = 500;
/** A text longer than this (a batch insert's thousand values) runs once as an unnamed statement, as PGlite runs all. */
const LONGEST_PREPARED_TEXT = 8000;
/** SQLSTATE 26000: the statement was deallocated behind our back (a `DEALLOCATE ALL`, `DISCARD ALL`). */
const STATEMENT_GONE = "26000";

interface Statement {
  name: string;
  paramTypes: number[];
  /** The columns it answers (none for a write without RETURNING), from describing it once. */
  fields: { name: string; dataTypeID: number }[];
}

/** The protected part of PGlite's class that its own `query` runs on (@electric-sql/pglite 0.3, `base.ts`). */
interface PGliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * PGlite's `query` sends every statement unnamed: Postgres parses, analyses and plans it again each time,
 * and the six messages of the extended protocol (parse, describe, bind, describe, execute, sync) are six
 * calls into the WebAssembly. The portal asks the same few hundred statements over and over (drizzle writes
 * a query's text the same way each time, values apart), so this keeps each text prepared under a name, as
 * node-postgres does with a named query, described once, and sends bind, execute and sync in one call
 * (decision 0108). Errors, parsers and serializers are PGlite's own (its type maps); a query that brings a
 * blob (COPY) goes to PGlite's `query` as before.
 */
export function preparingStatements(client: PGlite, capacity = PREPARED_STATEMENTS): PGlite {
  const internals = client as unknown as PGliteInternals;
  const statements = new Map<string, Statement>();
  let named = 0;

  const send = (...messages: Uint8Array[]) => client.execProtocolStream(joined(messages), { syncToFs: false });

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      // Most recently used last: the Map's order is the eviction order.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = text.length > LONGEST_PREPARED_TEXT ? "" : `ignite_${++named}`;
    const messages = [serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: "S", name })];
    const oldest = name && statements.size >= capacity ? statements.entries().next().value : undefined;
    if (oldest) {
      statements.delete(oldest[0]);
      messages.unshift(serialize.close({ type: "S", name: oldest[1].name }));
    }
    // A refused text (a typo, a missing column) throws here, after its sync: nothing is kept for it.
    const described = await send(...messages, serialize.sync());
    const columns = described.find((m): m is RowDescriptionMessage => m.name === "rowDescription");
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      fields: columns?.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })) ?? [],
    };
    if (name) statements.set(text, statement);
    return statement;
  }

  async function runOnce(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results> {
    const statement = await prepare(text, options);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i] as number;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    // Bind, execute and sync in one call: on an error Postgres skips to the sync, and PGlite throws the error
    // once the whole text has run, so the connection is ready for the next query either way.
    const answered = await send(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync());
    return resultOf(statement.fields, answered, options?.parsers ?? {}, options?.rowMode === "array");
  }

  /**
   * The rows as PGlite's `parseResults` gives them. Its own copies the client's parsers (about 320 of them)
   * into a new object for every query given parsers of its own, as drizzle's are: a quarter of a millisecond
   * a query, more than many queries take to run. Here each column's parser is looked up once per query.
   */
  function resultOf(fields: Statement["fields"], messages: BackendMessage[], own: ParserOptions, asArrays: boolean): Results {
    const parsers = fields.map((field) => own[field.dataTypeID] ?? client.parsers[field.dataTypeID]);
    const rows: unknown[] = [];
    let affectedRows = 0;
    let rowCount: number | undefined;
    let command: string | undefined;
    for (const message of messages) {
      if (message.name === "dataRow") {
        const values = (message as DataRowMessage).fields.map((value, i) => {
          if (value === null) return null;
          const parser = parsers[i];
          return parser ? parser(value, fields[i]?.dataTypeID as number) : value;
        });
        if (asArrays) rows.push(values);
        else {
          const row: Record<string, unknown> = {};
          fields.forEach((field, i) => {
            row[field.name] = values[i];
          });
          rows.push(row);
        }
      } else if (message.name === "commandComplete") {
        const words = (message as CommandCompleteMessage).text.split(" ");
        command = words[0];
        const count = Number.parseInt(words[words.length - 1] as string, 10);
        if (!Number.isNaN(count)) rowCount = count;
        if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command as string)) affectedRows += count;
      }
    }
    return {
      rows,
      fields,
      affectedRows,
      ...(command === undefined ? {} : { command }),
      ...(rowCount === undefined ? {} : { rowCount }),
    } as Results;
  }

  /** One query, PGlite's query lock held; inside a transaction the transaction's lock is already held. */
  async function run<T>(text: string, params: unknown[] = [], options: QueryOptions | undefined, inTransaction: boolean) {
    const results = await internals._runExclusiveQuery(async () => {
      try {
        return await runOnce(text, params, options);
      } catch (error) {
        if ((error as { code?: string }).code !== STATEMENT_GONE)
          throw Object.assign(error as Error, { query: text, params, queryOptions: options });
        statements.clear();
        return await runOnce(text, params, options);
      }
    });
    // PGlite writes its files back after a query outside a transaction, and at COMMIT inside one.
    if (!inTransaction) await client.syncToFs();
    return results as Results<T>;
  }

  const inTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, property) {
        if (property === "query")
          return <T>(text: string, params?: unknown[], options?: QueryOptions) =>
            options?.blob ? target.query<T>(text, params, options) : run<T>(text, params, options, true);
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });

  return new Proxy(client, {
    get(target, property) {
      if (property === "query")
        return async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (options?.blob) return target.query<T>(text, params, options);
          await internals._checkReady();
          return internals._runExclusiveTransaction(() => run<T>(text, params, options, false));
        };
      if (property === "transaction")
        return <R>(work: (tx: Transaction) => Promise<R>) => target.transaction((tx) => work(inTransaction(tx)));
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function joined(messages: Uint8Array[]): Uint8Array {
  if (messages.length === 1) return messages[0] as Uint8Array;
  const all = new Uint8Array(messages.reduce((sum, m) => sum + m.length, 0));
  let at = 0;
  for (const message of messages) {
    all.set(message, at);
    at += message.length;
  }
  return all;
}
