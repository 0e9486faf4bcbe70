import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

/** The Nu Html Checker (vnu-jar, the W3C validator's engine), for the browser tests that check their pages' markup. */
const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build/dist/vnu.jar");

/**
 * A short-lived JVM's flags: the client compiler only and the serial collector, which halve the CPU the
 * checker spends on a suite's pages (25 pages of 300 sections: 12.1 s of CPU by default, 6.0 s with these,
 * measured on the two-core test machine, 2026-11-28); the client compiler's deeper stacks need the larger
 * thread stack (the checker refuses to run with a stack under 512 KB, and overflowed at 1 MB).
 * HotSpot's flags: https://docs.oracle.com/en/java/javase/17/docs/specs/man/java.html (read 2026-11-28).
 */
const javaFlags = ["-Xss16m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

type VnuMessage = { type: string; url: string; message: string; extract?: string; lastLine?: number };

/** The checker's errors for these pages (each written to a file named after it). */
export function errorsIn(pages: Array<{ name: string; html: string }>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "ignite-vnu-"));
  try {
    const files = pages.map(({ name, html }, at) => {
      const file = path.join(dir, `${String(at).padStart(2, "0")}-${name.replace(/[^a-z0-9]+/gi, "_")}.html`);
      writeFileSync(file, html);
      return file;
    });
    let output: string;
    try {
      output = execFileSync("java", [...javaFlags, "-jar", vnuJar, "--errors-only", "--format", "json", "--stdout", ...files], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      // The checker exits 1 when it found errors; its report is still on stdout.
      output = (error as { stdout?: string }).stdout ?? "";
      if (!output) throw error;
    }
    const messages = (JSON.parse(output) as { messages: VnuMessage[] }).messages;
    return messages
      .filter((m) => m.type === "error")
      .map((m) => `${path.basename(m.url)}:${m.lastLine ?? "?"}: ${m.message} ${m.extract ? `[${m.extract.trim()}]` : ""}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
