import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { parse } from "csv-parse";
import { catalogueImportMessages as im, MAX_IMPORT_ROW_BYTES } from "../../vocabulary/catalogue-import.ts";
import type { StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import type { ImportRecord, SourceRow } from "./import-pass.ts";

/** The catalogue import: reading a stored file as CSV records, in batches, one ahead (decision 0020). */
// ---------------------------------------------------------------------------------------------------
// Reading the file

const parseProblems: Record<string, string> = {
  CSV_INVALID_CLOSING_QUOTE: "a quoted cell goes on after its closing quote",
  CSV_QUOTE_NOT_CLOSED: "a quote is opened and never closed",
  CSV_MAX_RECORD_SIZE: `a row is longer than ${MAX_IMPORT_ROW_BYTES / 1024} KB`,
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: "a row has the wrong number of cells",
};

const lineBreaks = /\r\n|\n|\r/g;

/** The file's records after the header, each with the line it starts on (the header is line 1). */
export async function* fileRecords(body: ReadableStream<Uint8Array>): AsyncGenerator<SourceRow> {
  const input = Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    // Empty lines come as a blank record, so each record's line is known by counting: one line, plus
    // the line breaks inside its quoted cells.
    skip_empty_lines: false,
    max_record_size: MAX_IMPORT_ROW_BYTES,
  });
  input.on("error", (error) => parser.destroy(error));
  input.pipe(parser);
  let breaksBefore = 0;
  let first = true;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const line = 1 + breaksBefore;
      breaksBefore += 1;
      for (const cell of record)
        if (cell.includes("\n") || cell.includes("\r")) breaksBefore += cell.match(lineBreaks)?.length ?? 0;
      if (first) {
        first = false;
        continue;
      }
      yield { line, cells: record };
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (!code.startsWith("CSV_")) throw error;
    yield {
      line: breaksBefore + 1,
      cells: [],
      unreadable: parseProblems[code] ?? String((error as Error).message).slice(0, 200),
    };
  } finally {
    input.destroy();
    parser.destroy();
  }
}

export async function* batchesOf<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * Reads one item ahead: the next batch is parsed while the database works on this one. The read ahead
 * may fail (storage reset) before it is awaited: marked as handled, so the failure reaches the step when
 * it asks for the batch rather than the process as an unhandled rejection.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  const ahead = () => {
    const promise = iterator.next();
    promise.catch(() => undefined);
    return promise;
  };
  let next = ahead();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = ahead();
      yield current.value;
    }
  } finally {
    // Stopped early (a refused row on apply, an error): the file is let go.
    next.then(
      () => iterator.return?.(),
      () => undefined,
    );
  }
}

export async function openFile(deps: StaffDeps, row: ImportRecord) {
  const object = await deps.storage?.get(row.storageKey);
  if (!object) throw new AppError("not_found", im.fileMissing);
  return object.body;
}
