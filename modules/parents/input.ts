import { z } from "zod";
import {
  DEFAULT_PARENT_LINK_DAYS,
  PARENT_LINK_LABEL_MAX_LENGTH,
  type ParentLinkDays,
  parentLinkDays,
  parentMessages,
} from "../../vocabulary/parents.ts";
import { blankToUndefined, optionalLine } from "../fields.ts";

/** One schema for a new parent link (the profile's form and the API): whom it is for, and how many days it lasts. */
export const parentLinkSchema = z.object({
  label: optionalLine(PARENT_LINK_LABEL_MAX_LENGTH),
  days: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: parentMessages.chooseDays })
      .refine((n): n is ParentLinkDays => (parentLinkDays as readonly number[]).includes(n), parentMessages.chooseDays)
      .default(DEFAULT_PARENT_LINK_DAYS),
  ),
});
export type ParentLinkInput = z.infer<typeof parentLinkSchema>;

/** The student's choice of what their parent links show beyond the stages (decision 0091). */
export const parentSharingSchema = z.object({
  offerAmounts: z.preprocess(
    (v) => (v === "on" || v === "true" ? true : v === "" || v === "false" || v === undefined ? false : v),
    z.boolean({ error: parentMessages.chooseSharing }),
  ),
});
