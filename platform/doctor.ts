import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as commonWords from "@zxcvbn-ts/language-common";
import * as englishWords from "@zxcvbn-ts/language-en";
import { ConfigError, loadConfig } from "./config.ts";

/**
 * `npm run doctor` (decision 0066): what an environment lacks, or has that is unsafe, for a site that
 * real students use. "unsafe": the server would start, but a student's data, mail or account is at risk,
 * so the command exits non-zero; "advice": worth a look, the site runs safely without it.
 */
export interface Finding {
  level: "unsafe" | "advice";
  variable: string;
  message: string;
}

/** The lowest zxcvbn score (0-4) an admin password may have: 4, "very unguessable" on its authors' scale (an admin reads every student). */
export const ADMIN_PASSWORD_MIN_SCORE = 4;

let strength: ZxcvbnFactory | undefined;
/** zxcvbn's guess at a password's strength (0-4), with the admin's e-mail and the site's name as words it knows. */
export function passwordScore(password: string, userInputs: string[]): number {
  strength ??= new ZxcvbnFactory({
    dictionary: { ...commonWords.dictionary, ...englishWords.dictionary },
    graphs: commonWords.adjacencyGraphs,
    translations: englishWords.translations,
  });
  // zxcvbn reads a separator between two known words as random characters ("ignite-admin-2026" scores 4):
  // the password is judged with its separators too, and the weaker reading counts.
  const joined = password.replace(/[^\p{L}\p{N}]+/gu, "");
  return Math.min(strength.check(password, userInputs).score, strength.check(joined, userInputs).score);
}

/** What is missing or unsafe for production in `env`; an empty list is a clean bill. */
export function checkForProduction(env: NodeJS.ProcessEnv): Finding[] {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // The server would not start at all: each problem as loadConfig names it (secrets never shown).
    return error.problems.map((problem) => ({ level: "unsafe", variable: problem.split(":")[0] ?? "", message: problem }));
  }
  const findings: Finding[] = [];
  const unsafe = (variable: string, message: string) => findings.push({ level: "unsafe", variable, message });
  const advice = (variable: string, message: string) => findings.push({ level: "advice", variable, message });

  if (!config.publicUrl) {
    unsafe(
      "PUBLIC_URL",
      "not set: links in mail point at the server's own address and parent links follow each request's Host. Set it to the site's https address.",
    );
  } else if (!config.publicUrl.startsWith("https:")) {
    unsafe(
      "PUBLIC_URL",
      "is http: passwords and session cookies would cross the network readable, and no HSTS is sent. Use https.",
    );
  }
  if (!config.smtpUrl) {
    unsafe(
      "SMTP_URL",
      `not set: mail (sign-up codes, password resets) is written to ${config.dataDir}/outbox and never reaches anyone.`,
    );
  }
  if (config.redisUrl && !config.storage) {
    unsafe(
      "STORAGE_URL",
      "not set while REDIS_URL is (several instances): uploads stay on each instance's own disk, and a student's file is missing on the others. Set STORAGE_URL to a bucket.",
    );
  }
  if (config.demoStudent) {
    unsafe("DEMO_STUDENT", "is on: a student account whose password is published in the README. Remove it.");
  }
  if (config.admin) {
    const inputs = [config.admin.email, ...config.admin.email.split(/[@.+_-]/), "ignite", "admin", "staff"];
    const score = passwordScore(config.admin.password, inputs);
    if (score < ADMIN_PASSWORD_MIN_SCORE) {
      unsafe(
        "ADMIN_PASSWORD",
        `is weak (strength ${score} of 4, at least ${ADMIN_PASSWORD_MIN_SCORE} needed): it is a common password, a pattern or built on the e-mail. Use a long random one.`,
      );
    }
  }
  if (!config.databaseUrl) {
    advice(
      "DATABASE_URL",
      "not set: PGlite under DATA_DIR survives a killed process, not a power cut. A real site runs on PostgreSQL.",
    );
  }
  if (!config.metricsToken) {
    advice("METRICS_TOKEN", "not set: /metrics answers 404, so nothing can scrape the server's figures.");
  }
  if (config.seed === "demo") {
    advice(
      "SEED",
      "is demo: an empty database gets the demo catalogue with illustrative fees. Set SEED=none for your own catalogue.",
    );
  }
  return findings;
}
