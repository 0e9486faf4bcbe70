import { readReferenceData } from "../reference-data.ts";
import australia from "./guides/australia.json" with { type: "json" };
import canada from "./guides/canada.json" with { type: "json" };
import france from "./guides/france.json" with { type: "json" };
import germany from "./guides/germany.json" with { type: "json" };
import ireland from "./guides/ireland.json" with { type: "json" };
import italy from "./guides/italy.json" with { type: "json" };
import netherlands from "./guides/netherlands.json" with { type: "json" };
import newZealand from "./guides/new-zealand.json" with { type: "json" };
import unitedKingdom from "./guides/united-kingdom.json" with { type: "json" };
import unitedStates from "./guides/united-states.json" with { type: "json" };
import { type ReferenceGuide, referenceGuideSchema } from "./reference-types.ts";

/**
 * The visa guides a new database starts with (decision 0040), one data file per destination in `guides/`
 * (decision 0052); admins edit them in the console, and a guide no one has edited is brought up to date
 * from its file at start (decision 0050).
 *
 * Every figure names its official publisher's page and carries two dates (decision 0050): `sourceDate`,
 * the page's own date where it shows one, and `checkedOn`, the day the figure was checked against that
 * page. A figure is `confirmed` only where the official page's own text gives the amount; any other is
 * shown as "to be confirmed by your counsellor", names the official page to confirm it on, and its note
 * says what was reported. Decision 0050 lists, for each figure, the page it was read on or the secondary
 * report it rests on, with their addresses and dates. Each file's `sources` are its figures' pages.
 */
const files: [name: string, data: unknown][] = [
  ["united-states", unitedStates],
  ["united-kingdom", unitedKingdom],
  ["australia", australia],
  ["germany", germany],
  ["ireland", ireland],
  ["france", france],
  ["netherlands", netherlands],
  ["italy", italy],
  ["canada", canada],
  ["new-zealand", newZealand],
];

export const referenceGuideFiles = files.map(([name, data]) => {
  const file = `modules/visas/guides/${name}.json`;
  return { file, ...readReferenceData(file, data, { guide: referenceGuideSchema }) };
});

export const referenceGuides: ReferenceGuide[] = referenceGuideFiles.map((read) => read.guide);
