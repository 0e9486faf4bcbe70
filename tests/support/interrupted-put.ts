// A process that starts storing a file and never finishes, for the test that kills it mid-upload
// (tests/instances/object-storage.integration.test.ts). Stores through the storage the environment
// configures (STORAGE_URL), under the key PUT_KEY: 9 MiB go out (a whole part and a bit of the next),
// then the stream waits for ever. Writes `SENT` on stdout once the 9 MiB have been handed over.
// Run: `node --import tsx tests/support/interrupted-put.ts`.
import { loadConfigOrExit } from "../../platform/config.ts";
import { openFileStorage } from "../../platform/storage/open-storage.ts";

const storage = openFileStorage(loadConfigOrExit());
const key = process.env.PUT_KEY ?? "";

async function* neverEnding() {
  for (let mib = 0; mib < 9; mib += 1) yield new Uint8Array(1024 * 1024).fill(mib + 1);
  process.stdout.write("SENT\n");
  await new Promise(() => setInterval(() => undefined, 60_000));
}

storage.put(key, neverEnding()).then(
  () => process.stdout.write("STORED\n"),
  (error: unknown) => {
    process.stderr.write(`the put failed: ${String(error)}\n`);
    process.exit(1);
  },
);
