/** The one error vocabulary: every failure a user can cause has a kind, an HTTP status and a message. */
export const errorKinds = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
} as const;

export type ErrorKind = keyof typeof errorKinds;

export class AppError extends Error {
  readonly status: number;
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
