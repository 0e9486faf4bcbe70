import { existsSync, unlinkSync } from "node:fs";
import { chmod } from "node:fs/promises";
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { controlSocketPath } from "../platform/backup.ts";
import type { DatabaseHandle } from "../platform/db/client.ts";
import type { Logger } from "../platform/log.ts";

/**
 * The operator's way into a running PGlite server (decision 0065): a Unix socket in DATA_DIR, readable
 * and writable by its owner alone (mode 0600), never on the network. `npm run backup` asks it for a
 * snapshot (POST /snapshot): PGlite's data directory taken between two queries, which only this process
 * can do while it holds the database. Answers how to close it.
 */
export async function openControlSocket(dataDir: string, database: DatabaseHandle, log: Logger): Promise<() => Promise<void>> {
  const snapshot = database.snapshot;
  if (!snapshot) return async () => undefined;
  const socketPath = controlSocketPath(dataDir);
  // Left by a process that was killed: no one listens there (PGlite's files are this process's alone).
  if (existsSync(socketPath)) unlinkSync(socketPath);
  const server = createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/snapshot") {
      response.writeHead(404).end();
      return;
    }
    const started = performance.now();
    snapshot()
      .then(async (image) => {
        response.writeHead(200, { "Content-Type": "application/gzip", "Content-Length": String(image.size) });
        await pipeline(Readable.fromWeb(image.stream() as never), response);
        log.info({ bytes: image.size, ms: Math.round(performance.now() - started) }, "database snapshot taken for a backup");
      })
      .catch((error) => {
        log.error({ err: error }, "database snapshot failed");
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, resolve);
  });
  await chmod(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}
