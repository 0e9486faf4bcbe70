import { z } from "zod";
import { departureKinds } from "../../vocabulary/departure.ts";
import { readReferenceData } from "../reference-data.ts";
import australia from "./checklists/australia.json" with { type: "json" };
import canada from "./checklists/canada.json" with { type: "json" };
import germany from "./checklists/germany.json" with { type: "json" };
import ireland from "./checklists/ireland.json" with { type: "json" };
import newZealand from "./checklists/new-zealand.json" with { type: "json" };
import unitedKingdom from "./checklists/united-kingdom.json" with { type: "json" };
import unitedStates from "./checklists/united-states.json" with { type: "json" };

/**
 * The departure checklists per destination (decision 0083), one data file each in `checklists/`, read at
 * load by these types (decision 0052): a file that does not hold them stops the start with its name.
 * Every item names the page its rule or figure comes from and the day it was checked; `official: false`
 * marks one read only in secondary reports (the record names them): the page shows it as to be
 * confirmed, never as fact, and gives no address it could not confirm.
 */
const words = z.strictObject({ en: z.string().min(1), hi: z.string().min(1) });

export const departureSourceSchema = z.strictObject({
  name: z.string().min(1),
  /** The official page; null where it was not in the copies read (the item is then not official). */
  address: z.url().nullable(),
  /** The page's own date, or null when it shows none. */
  published: z.iso.date().nullable(),
  checked: z.iso.date(),
  official: z.boolean(),
});

export const departureItemSchema = z.strictObject({
  key: z.string().regex(/^[a-z0-9-]+$/),
  kind: z.enum(departureKinds),
  title: words,
  detail: words,
  /** Its day, counted from the course's first day: -45 is 45 days before, 7 a week after. */
  daysFromStart: z.int().min(-365).max(365),
  source: departureSourceSchema,
});
export type DepartureItemDefinition = z.infer<typeof departureItemSchema>;

const checklistSchema = z
  .strictObject({ country: z.string().min(1), items: z.array(departureItemSchema).min(1) })
  .refine((c) => new Set(c.items.map((i) => i.key)).size === c.items.length, "Two items share a key")
  .refine(
    (c) => c.items.every((i) => i.source.official === (i.source.address !== null)),
    "An official item names its address; only an official one does",
  );
export type DepartureChecklistDefinition = z.infer<typeof checklistSchema>;

const files: [name: string, data: unknown][] = [
  ["united-kingdom", unitedKingdom],
  ["united-states", unitedStates],
  ["canada", canada],
  ["australia", australia],
  ["germany", germany],
  ["ireland", ireland],
  ["new-zealand", newZealand],
];

export const departureChecklistFiles = files.map(([name, data]) => {
  const file = `modules/departure/checklists/${name}.json`;
  return { file, ...readReferenceData(file, data, { checklist: checklistSchema }) };
});

const byCountry = new Map(departureChecklistFiles.map((read) => [read.checklist.country, read.checklist]));

/** The destination's checklist, or null when we hold none for it. */
export const checklistFor = (country: string): DepartureChecklistDefinition | null => byCountry.get(country) ?? null;
