import { z } from "zod";
import { notFound } from "./errors.ts";

/**
 * A record's id as it arrives in an address or a form: a whole number that fits PostgreSQL's integer.
 * One home for every module and route (decision 0052).
 */
export const idSchema = z.coerce
  .number({ error: "Not a valid id" })
  .int("Not a valid id")
  .min(1, "Not a valid id")
  .max(2_147_483_647, "Not a valid id");

/** An id from an address: anything that is not one is a record that does not exist, answered 404 with `what`. */
export const parseId = (value: unknown, what: string) => {
  const result = idSchema.safeParse(value);
  if (!result.success) throw notFound(what);
  return result.data;
};
