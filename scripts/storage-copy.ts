// `npm run storage:copy`: copies the files kept on disk (DATA_DIR/uploads) into the bucket STORAGE_URL
// names (decision 0039), so a site can move its uploads to object storage. Safe to run again: a file
// already in the bucket with the same size and SHA-256 is left as it is; one that differs (or a copy
// cut off before) is copied again. The files on disk are never changed. Run it before switching the
// server to STORAGE_URL and once more after, for what was uploaded meanwhile.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import { loadConfigOrExit } from "../platform/config.ts";
import { isStorageKey } from "../platform/storage/file-storage.ts";
import { createS3FileStorage, type S3FileStorage } from "../platform/storage/s3-storage.ts";

export interface CopyReport {
  copied: number;
  copiedBytes: number;
  alreadyThere: number;
  /** Names in the folder that are not stored files (temporaries of interrupted uploads, strays). */
  notFiles: string[];
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Copies each stored file of `dir` into the bucket unless the same bytes are there already. */
export async function copyUploadsToBucket(dir: string, bucket: S3FileStorage): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, copiedBytes: 0, alreadyThere: 0, notFiles: [] };
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return report;
    throw error;
  }
  const limit = pLimit(4);
  await Promise.all(
    names.map((name) =>
      limit(async () => {
        const file = path.join(dir, name);
        const facts = await stat(file);
        if (!isStorageKey(name) || !facts.isFile()) {
          report.notFiles.push(name);
          return;
        }
        const sha256 = await sha256Of(file);
        const there = await bucket.describe(name);
        if (there?.size === facts.size && there.sha256 === sha256) {
          report.alreadyThere += 1;
          return;
        }
        await bucket.put(name, createReadStream(file));
        const copied = await bucket.describe(name);
        if (copied?.sha256 !== sha256) throw new Error(`${name} changed on disk while it was copied; run the command again`);
        report.copied += 1;
        report.copiedBytes += facts.size;
      }),
    ),
  );
  return report;
}

async function main() {
  const config = loadConfigOrExit();
  if (!config.storage) {
    process.stderr.write("STORAGE_URL is not set: name the bucket to copy into, e.g. s3://bucket?region=eu-west-1\n");
    process.exit(2);
  }
  const dir = path.join(config.dataDir, "uploads");
  const bucket = await createS3FileStorage(config.storage);
  try {
    const report = await copyUploadsToBucket(dir, bucket);
    const where = `s3://${config.storage.bucket}/${config.storage.prefix}`;
    process.stdout.write(
      `${dir} -> ${where}: copied ${report.copied} files (${(report.copiedBytes / 1048576).toFixed(1)} MB), ` +
        `${report.alreadyThere} already there with the same bytes` +
        (report.notFiles.length ? `; left aside ${report.notFiles.length} names that are not stored files` : "") +
        "\n",
    );
  } finally {
    bucket.close();
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? "")) {
  main().catch((error) => {
    process.stderr.write(`storage:copy failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
