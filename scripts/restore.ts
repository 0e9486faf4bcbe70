// `npm run restore [-- BACKUP_FOLDER]` (decision 0065): brings a backup (the newest under BACKUP_DIR unless
// named) back into an empty DATA_DIR (PGlite and files) or an empty database (DATABASE_URL, pg_restore).
// It refuses to write over anything: restore into a new place, then point the server at it.
import path from "node:path";
import { newestBackup, restore } from "../platform/backup.ts";
import { loadConfigOrExit } from "../platform/config.ts";

const config = loadConfigOrExit();

async function main() {
  const named = process.argv.slice(2).find((argument) => !argument.startsWith("-"));
  const backup = named ? path.resolve(named) : await newestBackup(config);
  if (!backup) throw new Error(`no backup found under ${path.resolve(config.backup.dir)}: name one, npm run restore -- FOLDER`);
  const manifest = await restore(config, backup);
  const into = manifest.database === "postgres" ? "the database DATABASE_URL names" : path.resolve(config.dataDir);
  process.stdout.write(`Restored ${backup} (taken ${manifest.createdAt}) into ${into}.\n`);
}

main().catch((error) => {
  process.stderr.write(`The restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
