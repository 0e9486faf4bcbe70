import { z } from "zod";
import { readReferenceData } from "../../reference-data.ts";
import data from "./countries.json" with { type: "json" };

/**
 * A study destination: the spec's consultation list (section 5), in the spec's order, with Canada and New
 * Zealand in their alphabetical places (decision 0044). The list is data (`countries.json`, decision 0052).
 */
const demoCountrySchema = z.object({
  name: z.string().min(1),
  slug: z.string().regex(/^[a-z-]+$/),
  /** ISO 3166-1 alpha-2, lower case: names node_modules/flag-icons/flags/4x3/{code}.svg. */
  code: z.string().regex(/^[a-z]{2}$/),
  /** Lower-case other names a visitor might type. */
  aliases: z.array(z.string().min(1)),
  /**
   * ISO 4217 code of the tuition fees. The national currency, except Russia, Kyrgyzstan and
   * Uzbekistan, whose programmes for international students are priced in US dollars.
   */
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type DemoCountry = z.infer<typeof demoCountrySchema>;

export const demoCountries: DemoCountry[] = readReferenceData("modules/catalogue/demo/countries.json", data, {
  countries: z.array(demoCountrySchema).min(1),
}).countries;
