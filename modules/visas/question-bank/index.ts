/** The mock interview question banks a new database starts with (decision 0040); staff edit them in the console. */

import type { ReferenceQuestionBank } from "../reference-types.ts";
import { australiaBank } from "./australia.ts";
import { germanyBank } from "./germany.ts";
import { unitedKingdomBank } from "./united-kingdom.ts";
import { unitedStatesBank } from "./united-states.ts";

export const referenceQuestionBanks: ReferenceQuestionBank[] = [unitedStatesBank, unitedKingdomBank, australiaBank, germanyBank];
