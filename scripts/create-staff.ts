// `npm run staff:create -- --email asha@ignite.example --name "Asha Rao" --role counsellor`, with the
// password on standard input (`echo "$PASSWORD" | npm run staff:create -- ...`), so it never appears in
// the shell's history, the process list or a log. Uses the server's configuration (DATA_DIR or
// DATABASE_URL) and records the creation in the audit log as done from the command line.
import { parseArgs } from "node:util";
import { createStaffService } from "../modules/console/console.ts";
import { loadConfigOrExit } from "../platform/config.ts";
import { openDatabase } from "../platform/db/client.ts";
import { createLogger } from "../platform/log.ts";
import { createDatabaseRateLimiter } from "../platform/rate-limit.ts";
import { staffRoles } from "../vocabulary/staff.ts";

const usage = `Usage: echo PASSWORD | npm run staff:create -- --email EMAIL --name "FULL NAME" --role ${staffRoles.join("|")}`;

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return "";
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
  });
  if (!values.email || !values.role) {
    process.stderr.write(`${usage}\n`);
    process.exit(2);
  }
  const password = await readStdin();
  if (!password) {
    process.stderr.write(`Give the password on standard input.\n${usage}\n`);
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const log = createLogger("warn");
  const database = openDatabase(config);
  try {
    await database.migrate();
    const staff = createStaffService({
      db: database.db,
      limiter: createDatabaseRateLimiter(database.db),
      log,
      siteAddress: config.siteAddress,
    });
    const member = await staff.team.create(
      { system: "command line (staff:create)" },
      { email: values.email, fullName: values.name ?? values.email, role: values.role, password },
    );
    process.stdout.write(`Created ${member.role} ${member.email} (staff #${member.staffId}).\n`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  const fields = (error as { fields?: Record<string, string> }).fields;
  process.stderr.write(`Could not create the account: ${error instanceof Error ? error.message : String(error)}\n`);
  if (fields) for (const [field, message] of Object.entries(fields)) process.stderr.write(`  ${field}: ${message}\n`);
  process.exit(1);
});
