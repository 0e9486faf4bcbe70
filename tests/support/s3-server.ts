import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

/** The test server's own account, which it accepts for signed requests. */
export const S3_TEST_CREDENTIALS = "S3RVER:S3RVER";

/**
 * A real S3 protocol server on loopback (@20minutes/s3rver, decision 0039), storing under a directory of
 * its own, with one empty bucket. `storageUrl` is what STORAGE_URL would say to reach it.
 */
export async function startS3Server(options: { bucket?: string } = {}) {
  const bucket = options.bucket ?? "ignite-test";
  const directory = mkdtempSync(path.join(tmpdir(), "ignite-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
    // The SDK signs a bucket's own address with a final slash (`/bucket/?list-type=2`) and the server
    // checks it without: listing would answer 403. The account must still be the server's own.
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    /** STORAGE_URL for this server, with the files under `prefix` when given (e.g. "uploads/"). */
    storageUrl: (prefix = "") =>
      `s3://${S3_TEST_CREDENTIALS}@${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    /** Makes every object whose key holds `text` look last changed at `when` (the server reads the file's time). */
    backdate(text: string, when: Date) {
      const files = readdirSync(directory, { recursive: true, withFileTypes: true });
      const matching = files.filter((f) => f.isFile() && f.name.includes(text) && f.name.endsWith("._S3rver_object"));
      for (const file of matching) utimesSync(path.join(file.parentPath, file.name), when, when);
      return matching.length;
    },
    async close() {
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
