// A real server process (tests/support/serve-api.ts) for the fault and operating tests: started on a free
// port, waited for until /readyz answers 200, stopped by a signal. The server is compiled once per test
// run (tests/support/compiled.ts, decision 0084); a start on a busy two-core machine still took over 30 s,
// so a start may take up to 90 s before it counts as failed.
import { type ChildProcessByStdio, spawn } from "node:child_process";
import path from "node:path";
import type { Readable } from "node:stream";
import { compiledProgram } from "./compiled.ts";

const root = path.resolve(import.meta.dirname, "../..");
const PORT_LINE = /^SERVE_API_PORT=(\d+)$/m;
export const START_TIMEOUT_MS = 90_000;

export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  origin: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The end of what it wrote (stdout and stderr), for failure messages and log lines. */
  output: () => string;
}

/** The environment a test server runs in: the caller's, less anything that would point it elsewhere. */
export function serverEnvironment(overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    "DATABASE_URL",
    "SMTP_URL",
    "PUBLIC_URL",
    "REDIS_URL",
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
    "DEMO_STUDENT",
    "STORAGE_URL",
  ])
    delete env[name];
  return { ...env, PORT: "0", HOST: "127.0.0.1", SEED: "none", TRUST_PROXY: "true", LOG_LEVEL: "warn", ...overrides };
}

export async function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const serveApi = await compiledProgram("tests/support/serve-api.ts");
  const child = spawn(process.execPath, [serveApi], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: string) => {
    output = (output + chunk).slice(-200_000);
  };
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no port line within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
    child.stdout.on("data", (chunk: string) => {
      keep(chunk);
      const match = output.match(PORT_LINE);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before it listened:\n${output}`));
    });
  });
  const running: ServerProcess = { child, origin: `http://127.0.0.1:${port}`, exited, output: () => output };
  for (const until = Date.now() + START_TIMEOUT_MS; ; ) {
    const ready = await fetch(`${running.origin}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return running;
    if (Date.now() > until) throw new Error(`/readyz never answered 200:\n${output}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** SIGTERM, and the exit it ends with. */
export async function stopServerProcess(running: ServerProcess) {
  running.child.kill("SIGTERM");
  return running.exited;
}
