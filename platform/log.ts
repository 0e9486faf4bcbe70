import pino from "pino";

export type Logger = pino.Logger;

/** JSON logs. Secrets are redacted by key wherever they appear, as a last line of defence. */
export function createLogger(level: string = process.env.LOG_LEVEL ?? "info"): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ["password", "*.password", "token", "*.token", "code", "*.code", "headers.cookie", "*.headers.cookie"],
      censor: "[redacted]",
    },
  });
}
