import { z } from "zod";
import { DEFAULT_DIGEST_HOUR_IST, STAFF_PASSWORD_MIN_LENGTH } from "../vocabulary/staff.ts";
import { type ProxyTrust, parseProxyTrust } from "./client-address.ts";
import { parseStorageUrl, type S3Location } from "./storage/storage-url.ts";

/** Variables whose value is a secret (or holds one, as a URL's password does): never printed. */
const secretVariables = new Set(["ADMIN_PASSWORD", "DATABASE_URL", "SMTP_URL", "REDIS_URL", "STORAGE_URL", "METRICS_TOKEN"]);

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const urlWith = (protocols: string[]) =>
  optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
    `must be a URL starting with ${protocols.join(" or ")}//`,
  );

const boolean = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: urlWith(["postgres:", "postgresql:"]),
  SMTP_URL: urlWith(["smtp:", "smtps:"]),
  MAIL_FROM: z
    .string()
    .trim()
    .refine(
      (v) => /^([^<>]*<[^<>\s]+@[^<>\s]+>|[^<>\s]+@[^<>\s]+)$/.test(v),
      "must be an address, e.g. Ignite <hello@example.com>",
    )
    .default("Ignite <hello@ignite.example>"),
  STAFF_EMAIL: optionalString.pipe(z.email().optional()),
  PUBLIC_URL: urlWith(["http:", "https:"]),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(
    z.string().min(STAFF_PASSWORD_MIN_LENGTH, `must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`).optional(),
  ),
  SEED: z.enum(["demo", "none"]).default("demo"),
  DEMO_STUDENT: boolean.default(false),
  SITE_EMAIL: z.email().default("info@ignite.example"),
  SITE_PHONE: z.string().trim().min(5).default("+91 484 400 1234"),
  WHATSAPP_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{8,15}$/, "must be digits only, with the country code (e.g. 919876543210)")
    .default("919876543210"),
  REDIS_URL: urlWith(["redis:", "rediss:"]),
  /** Files in an S3-compatible bucket (decision 0039); unset: on disk under DATA_DIR/uploads. Read in loadConfig. */
  STORAGE_URL: optionalString,
  AWS_REGION: optionalString,
  AWS_DEFAULT_REGION: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  REQUIRE_LOGIN_FOR_DETAILS: boolean.default(true),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, ctx): ProxyTrust => {
      const trust = parseProxyTrust(value);
      if (typeof trust === "object" && "error" in trust) {
        ctx.addIssue({ code: "custom", message: `must be true, false or a list of proxy addresses and ranges: ${trust.error}` });
        return z.NEVER;
      }
      return trust;
    }),
  DIGEST_HOUR_IST: z.coerce
    .number({ error: "must be an hour from 0 to 23" })
    .int("must be a whole hour from 0 to 23")
    .min(0, "must be an hour from 0 to 23")
    .max(23, "must be an hour from 0 to 23")
    .default(DEFAULT_DIGEST_HOUR_IST),
  ORPHAN_FILE_GRACE_HOURS: z.coerce
    .number({ error: "must be a number of hours, at least 1" })
    .min(1, "must be a number of hours, at least 1")
    .max(24 * 365, "must be at most a year of hours")
    .default(24),
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** The bearer token a scraper sends for /metrics (decision 0064); unset: /metrics answers 404. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(24, "must be at least 24 characters (a random token)").optional()),
  /** How long a stop (SIGTERM) lets requests in flight and running jobs finish (decision 0067). */
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: "must be a number of seconds from 1 to 600" })
    .min(1, "must be a number of seconds from 1 to 600")
    .max(600, "must be a number of seconds from 1 to 600")
    .default(25),
  /** Where `npm run backup` writes (decision 0065), and how many backups it keeps. */
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a whole number from 1 to 1000" })
    .int("must be a whole number from 1 to 1000")
    .min(1, "must be a whole number from 1 to 1000")
    .max(1000, "must be a whole number from 1 to 1000")
    .default(7),
  NODE_ENV: z.string().default("production"),
});

export type Config = ReturnType<typeof toConfig>;

/**
 * The server's own address as a browser on the same machine reaches it: every interface (0.0.0.0, ::)
 * is read as localhost, an IPv6 address goes in brackets. A mail's links point here while PUBLIC_URL
 * is unset, so they are absolute on a local trial too (decision 0051).
 */
export function listenAddress(host: string, port: number): string {
  const name =
    host === "0.0.0.0" || host === "::" || host === "[::]"
      ? "localhost"
      : host.includes(":") && !host.startsWith("[")
        ? `[${host}]`
        : host;
  return `http://${name}${port === 80 ? "" : `:${port}`}`;
}

function toConfig(env: z.infer<typeof envSchema>, storage: S3Location | undefined) {
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    /** New consultation bookings are announced here: STAFF_EMAIL, else the MAIL_FROM address. */
    staffEmail: env.STAFF_EMAIL ?? env.MAIL_FROM.match(/<([^>]+)>/)?.[1] ?? env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL,
    /** Where links in mail point (decision 0051): PUBLIC_URL, else the server's own listen address. */
    siteAddress: env.PUBLIC_URL ?? listenAddress(env.HOST, env.PORT),
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    seed: env.SEED,
    /** A demo student with a published password, for a local trial only (never with an https PUBLIC_URL). */
    demoStudent: env.DEMO_STUDENT,
    site: { email: env.SITE_EMAIL, phone: env.SITE_PHONE, whatsappNumber: env.WHATSAPP_NUMBER },
    redisUrl: env.REDIS_URL,
    /** The bucket that holds private files (STORAGE_URL); absent: DATA_DIR/uploads on disk. */
    storage,
    logLevel: env.LOG_LEVEL,
    requireLoginForDetails: env.REQUIRE_LOGIN_FOR_DETAILS,
    trustProxy: env.TRUST_PROXY,
    /** The daily task digest goes out once the IST day reaches this hour. */
    digestHourIst: env.DIGEST_HOUR_IST,
    /** "production" unless NODE_ENV says otherwise (npm start and the built server run as production). */
    nodeEnv: env.NODE_ENV,
    /** A stored file no row names is removed by the upkeep once it is this old (decision 0048). */
    orphanFileGraceHours: env.ORPHAN_FILE_GRACE_HOURS,
    /** The bearer token for /metrics; absent: /metrics is not served (decision 0064). */
    metricsToken: env.METRICS_TOKEN,
    /** A stop's limit for requests in flight and running jobs, in milliseconds (decision 0067). */
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    /** Backups (decision 0065): BACKUP_DIR, else DATA_DIR/backups; the newest BACKUP_KEEP are kept. */
    backup: { dir: env.BACKUP_DIR ?? `${env.DATA_DIR.replace(/\/+$/, "")}/backups`, keep: env.BACKUP_KEEP },
    rateLimits: {
      search: { name: "search", limit: env.SEARCH_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 },
      consultation: { name: "consultation", limit: 10, windowSeconds: 3600 },
    },
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and checks the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        const got = secretVariables.has(name) ? "the value is not shown" : `got ${JSON.stringify(env[name] ?? "")}`;
        return `${issue.path.join(".")}: ${issue.message} (${got})`;
      }),
    );
  }
  if (parsed.data.DEMO_STUDENT && parsed.data.PUBLIC_URL?.startsWith("https:")) {
    throw new ConfigError([
      "DEMO_STUDENT: the demo student's password is published, so a server at an https PUBLIC_URL never has one",
    ]);
  }
  if (Boolean(parsed.data.ADMIN_EMAIL) !== Boolean(parsed.data.ADMIN_PASSWORD)) {
    throw new ConfigError(["ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither"]);
  }
  let storage: S3Location | undefined;
  if (parsed.data.STORAGE_URL) {
    const read = parseStorageUrl(parsed.data.STORAGE_URL, parsed.data.AWS_REGION ?? parsed.data.AWS_DEFAULT_REGION);
    // The URL may hold a secret key: only what is wrong with it is said.
    if ("error" in read) throw new ConfigError([`STORAGE_URL: ${read.error} (the value is not shown)`]);
    storage = read;
  }
  return toConfig(parsed.data, storage);
}

/** For an entry point (the server, a command): the configuration, or the problems on stderr and exit 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
