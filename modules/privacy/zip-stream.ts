import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

/** One file of a ZIP: bytes to compress (JSON), or a stream stored as it is (documents are compressed already). */
export interface ZipEntry {
  name: string;
  data: Uint8Array | AsyncIterable<Uint8Array>;
}

/**
 * A ZIP written as a stream of chunks while its entries are read, so that no document, and never the
 * whole archive, is held in memory: what fflate emits for each chunk pushed is handed on at once.
 */
export async function* zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length) yield out.shift() as Uint8Array;
  };
  for await (const entry of entries) {
    if (entry.data instanceof Uint8Array) {
      const file = new ZipDeflate(entry.name, { level: 6 });
      zip.add(file);
      file.push(entry.data, true);
    } else {
      const file = new ZipPassThrough(entry.name);
      zip.add(file);
      for await (const chunk of entry.data) {
        file.push(chunk);
        yield* drain();
      }
      file.push(new Uint8Array(0), true);
    }
    yield* drain();
  }
  zip.end();
  yield* drain();
}
