import { data } from "react-router";
import { AppError } from "../../modules/errors.ts";

/** Turns our domain errors into route responses (404, 400...), leaving the unexpected to the error screen. */
export async function orRouteError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (AppError.is(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}
