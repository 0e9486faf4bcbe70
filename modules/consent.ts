import { z } from "zod";
import { contactChannels, DEFAULT_CONTACT_CHANNEL, privacyMessages } from "../vocabulary/privacy.ts";
import { blankToUndefined, oneOf } from "./fields.ts";

/**
 * The contact choices asked wherever personal data is collected (the consultation form, sign-up) and
 * changed on the profile (decision 0024), in one shape: how to be contacted, and whether news and offers
 * are wanted. A form sends a ticked box as "on" and an unticked one not at all; JSON sends a boolean.
 */
const ticked = (value: unknown) => value === true || value === "on" || value === "true" || value === "1";

export const contactChoiceFields = {
  preferredContact: z.preprocess(
    blankToUndefined,
    oneOf(contactChannels, privacyMessages.chooseChannel).default(DEFAULT_CONTACT_CHANNEL),
  ),
  /** Off unless the person ticks it. */
  newsAndOffers: z.preprocess(ticked, z.boolean()).default(false),
};

export const contactChoicesSchema = z.object(contactChoiceFields);
export type ContactChoices = z.infer<typeof contactChoicesSchema>;
