import path from "node:path";
import { createLocalFileStorage, type FileStorage } from "./file-storage.ts";
import type { S3FileStorage } from "./s3-storage.ts";
import type { S3Location } from "./storage-url.ts";

/**
 * The site's private file storage as configured: a bucket when STORAGE_URL names one (decision 0039),
 * else files on disk under DATA_DIR/uploads. The bucket's client is made at its first use, so a start
 * on disk never loads the S3 SDK.
 */
export function openFileStorage(config: { dataDir: string; storage?: S3Location }): FileStorage & { close(): Promise<void> } {
  const location = config.storage;
  if (!location) return { ...createLocalFileStorage(path.join(config.dataDir, "uploads")), close: async () => undefined };
  let opened: Promise<S3FileStorage> | undefined;
  const bucket = () => {
    opened ??= import("./s3-storage.ts").then((s3) => s3.createS3FileStorage(location));
    return opened;
  };
  return {
    put: async (key, bytes) => (await bucket()).put(key, bytes),
    get: async (key) => (await bucket()).get(key),
    delete: async (key) => (await bucket()).delete(key),
    sweepInterrupted: async (before) => (await bucket()).sweepInterrupted(before),
    async *storedBefore(before) {
      yield* (await bucket()).storedBefore(before);
    },
    close: async () => {
      if (opened) (await opened).close();
    },
  };
}
