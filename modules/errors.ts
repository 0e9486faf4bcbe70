/** The one error vocabulary: every failure a user can cause has a kind, an HTTP status and a message. */
export const errorKinds = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  /** A file of a kind we do not take (an import that is not a CSV file). */
  unsupported_media_type: 415,
  rate_limited: 429,
  /** Something we depend on (the mail server, the database) cannot be reached; trying later helps. */
  unavailable: 503,
} as const;

/** Every code an error answer may carry: the kinds above, and `internal` for the unexpected 500. */
export const errorCodes = [...(Object.keys(errorKinds) as ErrorKind[]), "internal"] as const;

export type ErrorKind = keyof typeof errorKinds;

const brand = Symbol.for("ignite.AppError");

export class AppError extends Error {
  readonly status: number;
  readonly [brand] = true;

  /**
   * True for an AppError from any copy of this module: the server loads the domain modules
   * itself, while the page bundle carries its own copy, so `instanceof` alone would miss.
   */
  static is(error: unknown): error is AppError {
    return typeof error === "object" && error !== null && brand in error;
  }

  /** For rate_limited: when to try again (sent as Retry-After). */
  retryAfterSeconds?: number;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
    this.status = errorKinds[kind];
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);

/** A 429 saying when to try again. */
export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  const error = new AppError("rate_limited", message);
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}
