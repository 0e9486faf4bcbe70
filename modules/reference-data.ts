import { z } from "zod";

/**
 * A public source of reference data (decision 0052): who publishes it, its address, the publisher's own
 * date where it has one, and the day it was checked, apart from it (null when it was not checked on a
 * known day: the file's `checkedNote` then says how the figures were written).
 */
export const referenceSourceSchema = z.object({
  name: z.string().min(1),
  address: z.url().nullable(),
  published: z.iso.date().optional(),
  checked: z.iso.date().nullable(),
});

/**
 * Reads a reference data file (JSON beside the module that uses it) by the zod types the code works
 * with: every file says what it holds (`about`) and names its sources; a file that does not hold what
 * the code reads stops the start with its name and the first problems, rather than seeding wrong rows.
 */
export function readReferenceData<Shape extends z.ZodRawShape>(file: string, data: unknown, shape: Shape) {
  const schema = z.object({
    about: z.string().min(1),
    sources: z.array(referenceSourceSchema).min(1),
    checkedNote: z.string().optional(),
    ...shape,
  });
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(`${file} does not hold what the code reads:\n${z.prettifyError(result.error)}`);
  return result.data;
}
