// `npm run backup` (decision 0065): a consistent backup of the database and the files while the server
// runs, into BACKUP_DIR (default DATA_DIR/backups), keeping the newest BACKUP_KEEP. On PGlite the running
// server takes the snapshot (through its control socket in DATA_DIR); with no server running the files
// are opened here. On PostgreSQL, pg_dump. Files on disk are copied; a bucket (STORAGE_URL) is noted.
import { backUp } from "../platform/backup.ts";
import { loadConfigOrExit } from "../platform/config.ts";

const config = loadConfigOrExit();
const started = performance.now();
backUp(config).then(
  ({ dir, manifest, removed }) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const files =
      manifest.files === "bucket"
        ? "files: in the bucket STORAGE_URL names, not copied (back the bucket up with its own versioning or replication)"
        : `files: ${manifest.fileCount}`;
    process.stdout.write(`Backup written to ${dir} in ${seconds} s (database: ${manifest.database}; ${files}).\n`);
    if (removed.length)
      process.stdout.write(`Removed by the retention (BACKUP_KEEP=${config.backup.keep}): ${removed.join(", ")}\n`);
  },
  (error) => {
    process.stderr.write(`The backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
