import { data } from "react-router";
import { AppError } from "../../modules/errors.ts";

/** What a form action answers when the server refused the input: the message, field errors and the status. */
export type Refusal = {
  ok: false;
  status: number;
  message: string;
  fields: Record<string, string>;
  /** What was typed, so the form shows it again (never a password). */
  values: Record<string, string>;
  /** For a 429: how long until trying again makes sense. */
  retryAfterSeconds?: number;
};

/** Runs a form's work; a domain refusal becomes a Refusal answer with its HTTP status. */
export async function refusalOr<T>(
  work: () => Promise<T>,
  values: Record<string, string> = {},
): Promise<T | ReturnType<typeof data<Refusal>>> {
  try {
    return await work();
  } catch (error) {
    if (!AppError.is(error)) throw error;
    const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !/password/i.test(key)));
    return data(
      {
        ok: false as const,
        status: error.status,
        message: error.message,
        fields: error.fields ?? {},
        values: kept,
        ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      },
      { status: error.status },
    );
  }
}
