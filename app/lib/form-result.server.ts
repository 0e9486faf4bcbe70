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
  /** The field the screen puts the focus on: the first one in error, in the form's order (`firstFieldInError`). */
  focus?: string;
};

/**
 * The first field in error in the form's own order: a form's entries come in the order of its fields,
 * so the first posted name with an error is the first such field on the screen. A field in error that
 * was not posted (an unchosen radio group) comes after them, in the error's order.
 */
export function firstFieldInError(fields: Record<string, string>, posted: Record<string, string>): string | undefined {
  return Object.keys(posted).find((name) => Object.hasOwn(fields, name)) ?? Object.keys(fields)[0];
}

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
    const fields = error.fields ?? {};
    const focus = firstFieldInError(fields, values);
    return data(
      {
        ok: false as const,
        status: error.status,
        message: error.message,
        fields,
        values: kept,
        ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
        ...(focus ? { focus } : {}),
      },
      { status: error.status },
    );
  }
}
