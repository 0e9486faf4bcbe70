import { randomBytes } from "node:crypto";
import { mkdir, open, opendir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/** A stored object, read as a stream so large files never sit whole in memory. */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  size: number;
}

/**
 * Private file storage by opaque key: local disk (below), or an S3-compatible bucket that every instance
 * reaches (s3-storage.ts, chosen by STORAGE_URL: decision 0039). Keys are ours (random hex), never a
 * user's name.
 */
export interface FileStorage {
  /**
   * Stores the bytes under the key, all or nothing: a failed or interrupted put leaves no file under the
   * key. The bytes may come as a stream of chunks (a large upload, never held whole); a stream that
   * throws fails the put.
   */
  put(key: string, bytes: Uint8Array | AsyncIterable<Uint8Array>): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes what puts cut off by a crash or a kill left behind (decision 0034) and was last touched before
   * `before`: on disk the `.tmp-` files; in a bucket the `.tmp-` parts (and unfinished multipart uploads).
   * Answers how many it removed. The upkeep calls it with an hour's margin, so a put under way is safe.
   */
  sweepInterrupted?(before: Date): Promise<number>;
  /**
   * The keys of stored objects last written before `before`, a page at a time (so a large store is
   * never listed whole in memory): what the sweep of files no row names reads (decision 0048).
   */
  storedBefore?(before: Date): AsyncIterable<string[]>;
}

/** How many keys a page of `storedBefore` holds at most. */
export const STORED_PAGE_SIZE = 500;

const validKey = /^[0-9a-f]{16,128}$/;

/** Keys are lower-case hex only, so a key can never name a path outside the storage directory. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error("Invalid storage key");
}

/** Whether a name is a stored file's key (not a temporary or anything else found beside them). */
export const isStorageKey = (name: string) => validKey.test(name);

/** A new random key: 32 hex characters (128 bits). */
export const newStorageKey = () => randomBytes(16).toString("hex");

/** A file's address for people (`/files/{publicId}`): 24 unguessable characters, apart from its storage key. */
export const newPublicId = () => randomBytes(18).toString("base64url");

const isMissing = (error: unknown) => (error as { code?: string }).code === "ENOENT";

/** Errors of a platform that cannot open or sync a directory (Windows): there the rename is left to the system. */
const cannotSyncDirectories = (error: unknown) =>
  ["EISDIR", "EPERM", "EACCES", "EINVAL", "ENOTSUP"].includes((error as { code?: string }).code ?? "");

/**
 * Flushes the directory's list of names, so a rename into it survives a power cut or a system crash
 * (the file's bytes are synced before; without this its new name may still be lost).
 */
async function syncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(dir, "r");
  } catch (error) {
    if (cannotSyncDirectories(error)) return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    if (!cannotSyncDirectories(error)) throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Files under `dir`, one per key, readable by the server's user only: written to a temporary name and
 * synced, renamed into place, then the directory synced, so a put that returned survives a crash.
 */
export function createLocalFileStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  const fileFor = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => {
    ready ??= mkdir(root, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };

  return {
    async put(key, bytes) {
      const target = fileFor(key);
      await ensureDir();
      // Same directory, so the rename is atomic; the dot-prefixed name is never a valid key.
      const temporary = path.join(root, `.tmp-${key}-${randomBytes(6).toString("hex")}`);
      try {
        const handle = await open(temporary, "wx", 0o600);
        try {
          if (bytes instanceof Uint8Array) await handle.writeFile(bytes);
          else for await (const chunk of bytes) await handle.write(chunk);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => undefined);
        throw error;
      }
      try {
        await syncDirectory(root);
      } catch (error) {
        // The name may not be durable: the put fails, and leaves nothing under the key.
        await rm(target, { force: true }).catch(() => undefined);
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        const stream = handle.createReadStream({ autoClose: true });
        return { body: Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>, size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      await rm(fileFor(key), { force: true });
    },

    async *storedBefore(before) {
      let directory: Awaited<ReturnType<typeof opendir>>;
      try {
        directory = await opendir(root);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      let page: string[] = [];
      for await (const entry of directory) {
        if (!entry.isFile() || !isStorageKey(entry.name)) continue;
        try {
          if ((await stat(path.join(root, entry.name))).mtime >= before) continue;
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        page.push(entry.name);
        if (page.length >= STORED_PAGE_SIZE) {
          yield page;
          page = [];
        }
      }
      if (page.length) yield page;
    },

    async sweepInterrupted(before) {
      let names: string[];
      try {
        names = await readdir(root);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        if (!name.startsWith(".tmp-")) continue;
        const file = path.join(root, name);
        try {
          if ((await stat(file)).mtime >= before) continue;
          await rm(file, { force: true });
          removed += 1;
        } catch (error) {
          // Renamed into place or removed by its own put meanwhile.
          if (!isMissing(error)) throw error;
        }
      }
      return removed;
    },
  };
}
