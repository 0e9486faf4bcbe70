import { z } from "zod";
import { privacyMessages } from "../vocabulary/privacy.ts";

/**
 * An admin's erasure of a person on a request that came by mail or phone (decision 0024), a student's
 * or, without an account, a lead's bookings: the reason the request gave, and the person's e-mail typed
 * again as the confirmation.
 */
export const erasureRequestSchema = z.object({
  reason: z.string({ error: privacyMessages.enterReason }).trim().min(3, privacyMessages.enterReason).max(500),
  confirmEmail: z.string({ error: privacyMessages.confirmEmailMismatch }).trim().toLowerCase().max(254),
});
