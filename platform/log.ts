import pino from "pino";
import { jobLogFields } from "./request-id.ts";

export type Logger = pino.Logger;

/** Where a failed query's bound values begin in a database error's message (drizzle writes them there). */
const boundValues = /\nparams: [\s\S]*/;

/**
 * An error as pino writes it, less the values a failed query was called with: they hold what people
 * typed (e-mails, names) and what must never be written down (password hashes, code hashes).
 */
export function errorWithoutQueryValues(error: unknown): Record<string, unknown> {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  for (const key of ["message", "stack"]) {
    const value = serialized[key];
    if (typeof value === "string") serialized[key] = value.replace(boundValues, "\nparams: [not logged]");
  }
  delete serialized.params;
  return serialized;
}

/** JSON logs. Secrets are redacted by key wherever they appear, as a last line of defence. */
export function createLogger(level: string = process.env.LOG_LEVEL ?? "info", destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: errorWithoutQueryValues },
    // A job's lines name the request that queued it (decision 0067).
    mixin: jobLogFields,
    redact: {
      paths: ["password", "*.password", "token", "*.token", "code", "*.code", "headers.cookie", "*.headers.cookie"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
