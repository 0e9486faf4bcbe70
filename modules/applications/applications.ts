/**
 * Applications (decisions 0031, 0035, 0055-0058): the module's main file, the one other modules and the
 * server import. Its parts:
 * - `records.ts`: an application's row as lists read it, and the one way an application opens;
 * - `package.ts`: the checklist a course and its country ask for, and the package as it was sent;
 * - `console.ts`: what staff do (list, open, create, move, waive) and the country's document rules;
 * - `applying.ts`: the student's side (start, read, withdraw, record the fee paid);
 * - `subjects.ts`: what other modules read and write of an application (its subject, its history, an offer's move).
 */
export type { ApplyingService, CheckedFigure } from "./applying.ts";
export { checkedFigure, createApplyingService, startApplicationSchema } from "./applying.ts";
export type { ApplicationDetail } from "./console.ts";
export {
  applicationFiltersSchema,
  applicationsConsole,
  applicationsOfStudent,
  countryRuleSchema,
  listApplications,
  moveSchema,
  newApplicationSchema,
  waiverSchema,
} from "./console.ts";
export type { ChecklistItem, ChecklistSubject } from "./package.ts";
export {
  checklistOf,
  checklistsOf,
  fileKeptForStudent,
  freezeSubmittedPackage,
  outstandingItems,
  packagesSent,
  packageWasSent,
  waiveOutstandingItems,
} from "./package.ts";
export type { ApplicationRow } from "./records.ts";
export { intakeText } from "./records.ts";
export type { ApplicationSubject } from "./subjects.ts";
export {
  applicationHistory,
  applicationSubject,
  applicationSubjects,
  applicationsDueBetween,
  insertApplications,
  moveForOffer,
  setStatementReview,
  studentApplicationRows,
  tellCounsellorsOfChangedIntake,
} from "./subjects.ts";
