/**
 * The catalogue mirror's built parts kept in a file beside the data (decision 0071): an instance that
 * starts on a catalogue whose version it has already built makes its search index and course table
 * again from the file in a few hundred milliseconds instead of reading 200,000 courses.
 *
 * The file: 4 bytes (the header's length, little-endian), the header (JSON: the key, then the parts with
 * each typed array replaced by `{"$a": where, type, length}`, `where` counted from the end of the header
 * rounded up to 8), then the typed arrays' bytes, each at a multiple of 8. It is
 * written to a temporary name and renamed, so a reader never sees half of one; a file whose key differs
 * in any way (another database, catalogue version, month or layout) is not used.
 */
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** What a snapshot was built from; it is used only when all of it matches. */
export interface SnapshotKey {
  /** The file's layout and the course record's fields: another release reads the catalogue instead. */
  layout: string;
  /** The database: its cluster's system identifier and its own oid, so a copy of another is never taken for it. */
  database: string;
  /** The catalogue's version, and the row version (`xmin`) of the counter that holds it. */
  version: string;
  /** The month (in India) whose upcoming intakes the parts hold. */
  month: number;
}

const arrayTypes = {
  Int8Array,
  Uint8Array,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float64Array,
} as const;
type ArrayTypeName = keyof typeof arrayTypes;
type AnyTypedArray = InstanceType<(typeof arrayTypes)[ArrayTypeName]>;

const isTypedArray = (value: unknown): value is AnyTypedArray =>
  ArrayBuffer.isView(value) && (value.constructor.name as string) in arrayTypes;

const aligned = (n: number) => Math.ceil(n / 8) * 8;

/** The key and the parts as one buffer (typed arrays as their bytes, the rest as JSON). */
export function encodeSnapshot(key: SnapshotKey, parts: unknown): Buffer {
  const arrays: Array<{ array: AnyTypedArray; at: number }> = [];
  let dataSize = 0;
  const header = JSON.stringify({ key, parts }, (_name, value: unknown) => {
    if (!isTypedArray(value)) return value;
    arrays.push({ array: value, at: dataSize });
    dataSize = aligned(dataSize + value.byteLength);
    return {
      $a: arrays.length - 1,
      at: (arrays.at(-1) as { at: number }).at,
      type: value.constructor.name,
      length: value.length,
    };
  });
  const headerBytes = Buffer.from(header, "utf8");
  const dataStart = aligned(4 + headerBytes.length);
  const out = Buffer.alloc(dataStart + dataSize);
  out.writeUInt32LE(headerBytes.length, 0);
  headerBytes.copy(out, 4);
  for (const { array, at } of arrays) out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), dataStart + at);
  return out;
}

/** The parts when `bytes` hold a snapshot with exactly this key; null for any other file. */
export function decodeSnapshot<T>(bytes: Uint8Array, key: SnapshotKey): T | null {
  if (bytes.byteLength < 4) return null;
  // Typed arrays need their element size's alignment: the file's bytes are copied once when not at 0.
  const buffer = bytes.byteOffset === 0 && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : new Uint8Array(bytes).buffer;
  const view = new DataView(buffer);
  const headerLength = view.getUint32(0, true);
  if (4 + headerLength > bytes.byteLength) return null;
  let header: { key: SnapshotKey; parts: T };
  const dataStart = aligned(4 + headerLength);
  try {
    header = JSON.parse(Buffer.from(buffer, 4, headerLength).toString("utf8"), (_name, value: unknown) => {
      if (!value || typeof value !== "object" || !("$a" in value)) return value;
      const { at, type, length } = value as unknown as { at: number; type: ArrayTypeName; length: number };
      const Type = arrayTypes[type];
      const from = dataStart + at;
      if (!Type || from % 8 !== 0 || from + length * Type.BYTES_PER_ELEMENT > bytes.byteLength)
        throw new Error("snapshot cut short");
      return new Type(buffer, from, length);
    });
  } catch {
    return null;
  }
  const same =
    header.key.layout === key.layout &&
    header.key.database === key.database &&
    header.key.version === key.version &&
    header.key.month === key.month;
  return same ? header.parts : null;
}

/** Writes the snapshot whole under a temporary name, then renames it over the last one. */
export async function writeSnapshot(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The file's bytes, or null when there is none (or it cannot be read). */
export async function readSnapshot(file: string): Promise<Uint8Array | null> {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}
