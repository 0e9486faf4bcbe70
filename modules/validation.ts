import type { z } from "zod";
import { AppError } from "./errors.ts";

/**
 * Parses input with its one schema; a failure is a 400 naming every wrong field with its message.
 * `message` is the summary shown to the user (defaults to the first field's message).
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown, message?: string): z.infer<S> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fields[key] ??= issue.message;
  }
  throw new AppError("invalid_input", message ?? Object.values(fields)[0] ?? "Invalid input", fields);
}
