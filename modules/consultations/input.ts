/** The booking's one schema lives beside the modules that share it (the console enters leads with it too). */
export { type ConsultationInput, consultationInputSchema } from "../booking-input.ts";
