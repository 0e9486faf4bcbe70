/**
 * Gathers the interface's messages into the catalogues (decision 0029): every `t("English text")` in
 * app/ becomes a key of app/locales/en.json (its own translation), and each other catalogue gets the
 * keys it lacks with an empty translation, for a translator to fill in. Keys added by hand (messages
 * the server sends in English and the screen translates by their text) are kept.
 *   npx tsx scripts/extract-messages.ts
 */

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { durationBands, sortLabels } from "../modules/catalogue/course-filters.ts";
import { tooLong } from "../modules/fields.ts";
import { accountMessages } from "../vocabulary/accounts.ts";
import {
  applicationMessages,
  applicationStages,
  applicationStatuses,
  monthNames,
  stageFields,
  waitingOnLabels,
} from "../vocabulary/applications.ts";
import { courseLevels, courseModes, homeStrips } from "../vocabulary/catalogue.ts";
import {
  consultationMessages,
  indianStates,
  leadHistoryShapes,
  preferredSubjects,
  typesOfStudy,
} from "../vocabulary/consultations.ts";
import { costMessages } from "../vocabulary/costs.ts";
import { sessionKinds, sessionMessages, sessionOutcomeLabels } from "../vocabulary/counselling.ts";
import { deadlineKinds, deadlineMessages } from "../vocabulary/deadlines.ts";
import { departureKindLabels, departureMessages } from "../vocabulary/departure.ts";
import {
  APPLICATION_FEE_ITEM,
  attachmentTypes,
  checklistStates,
  correctionReasons,
  documentMessages,
  reviewStates,
} from "../vocabulary/documents.ts";
import {
  admissionsTestNames,
  compareMessages,
  eligibilityMessages,
  englishScoreRule,
  englishTests,
  requirementSentences,
} from "../vocabulary/eligibility.ts";
import { LANGUAGES } from "../vocabulary/languages.ts";
import { letterMessages, letterStatusLabels, recommenderRelations } from "../vocabulary/letters.ts";
import { loanMessages, loanRateTypeLabels } from "../vocabulary/loans.ts";
import { messageMessages } from "../vocabulary/messages.ts";
import { parentMessages } from "../vocabulary/parents.ts";
import { consentWording, contactChannelLabels, privacyMessages } from "../vocabulary/privacy.ts";
import { scholarshipMessages } from "../vocabulary/scholarships.ts";
import { checkMessages, statementCheckLabels, statementMessages, statementTitles } from "../vocabulary/statements.ts";
import { genders, qualificationLevels, studentMessages } from "../vocabulary/students.ts";
import {
  consistencyMessages,
  fundSourceLabels,
  fundsMessages,
  rubricLabels,
  themeLabels,
  visaMessages,
  visaOutcomeLabels,
} from "../vocabulary/visas.ts";

const root = path.resolve(import.meta.dirname, "..");
const locales = path.join(root, "app/locales");

/**
 * The English texts of the app's source files: passed to `t(...)` as literals, or given as a form
 * field's `label` (the shared form fields translate their labels). The staff console stays in English.
 */
export function messagesInSource(): Set<string> {
  const found = new Set<string>();
  const literal = /\b(?:t\(\s*|label(?:=|:\s*))"((?:[^"\\]|\\.)*)"/g;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "staff") walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|^staff-/.test(entry.name))
        for (const match of readFileSync(file, "utf8").matchAll(literal)) found.add(JSON.parse(`"${match[1]}"`) as string);
    }
  };
  walk(path.join(root, "app"));
  return found;
}

/** A message made by a function, as its shape: `resendIn("{seconds}")` is "You can ask for a new code in {seconds} seconds.". */
const shape = <A extends unknown[]>(message: (...args: A) => string, ...names: A) => message(...names);
const texts = (messages: Record<string, unknown>, skip: RegExp = /^$/) =>
  Object.entries(messages)
    .filter(([key, value]) => typeof value === "string" && !skip.test(key))
    .map(([, value]) => value as string);

/**
 * What the server (or the vocabulary) says in English and a screen shows through `t(text)`: validation
 * messages, refusals, option lists, application stages. The staff console's own words are left out.
 */
export function messagesFromServer(): Set<string> {
  return new Set([
    ...texts(accountMessages, /^(devices|thisDevice|signOutOthers|passwordChangedSubject)/),
    shape(accountMessages.codeSent, "{email}"),
    shape(accountMessages.welcome, "{name}"),
    shape(accountMessages.resendWait, "{seconds}" as unknown as number),
    shape(accountMessages.resendIn, "{seconds}" as unknown as number),
    shape(applicationMessages.sopWordLimit, "{words}" as unknown as number),
    shape(accountMessages.tooManyAttempts, "{seconds}" as unknown as number),
    // The profile's signed-in devices.
    accountMessages.devicesHeading,
    accountMessages.devicesHint,
    accountMessages.thisDevice,
    accountMessages.signOutOthers,
    accountMessages.signedOutOthers(0),
    shape(accountMessages.signedOutOthers, "{count}" as unknown as number),
    "Signed out of {count} other device.",
    "Signed out of {count} other devices.",
    ...texts(consultationMessages),
    ...texts(privacyMessages, /^(erase|consentGiven)/),
    // The profile's privacy section: its sentences with values (the staff's erasure words stay English).
    shape(privacyMessages.consentGiven, "{version}", "{at}"),
    shape(privacyMessages.accessDocumentViewed, "{document}"),
    shape(privacyMessages.accessDocumentDownloaded, "{document}"),
    shape(privacyMessages.accessExported, "{list}"),
    shape(privacyMessages.accessRecordingHeard, "{position}"),
    shape(privacyMessages.exportExpires, "{at}"),
    consentWording.booking,
    consentWording.signup,
    ...Object.values(contactChannelLabels),
    ...texts(studentMessages),
    shape(studentMessages.removedCourse, "{course}"),
    // The profile's photo and documents, and the server's answers about them.
    ...texts(documentMessages),
    shape(documentMessages.uploaded, "{type}"),
    shape(documentMessages.deleted, "{type}"),
    shape(documentMessages.notUploaded, "{type}"),
    "You have uploaded many files in a short time. Please wait {minutes} minutes and try again.",
    ...attachmentTypes,
    APPLICATION_FEE_ITEM,
    ...checklistStates,
    ...reviewStates,
    ...correctionReasons,
    // The profile's English test.
    eligibilityMessages.chooseTest,
    eligibilityMessages.scoreWithoutTest,
    eligibilityMessages.testWithoutScore,
    ...englishTests.map(englishScoreRule),
    // The profile's GRE and GMAT (decision 0041).
    ...Object.values(admissionsTestNames),
    // The profile's sessions with the counsellor (decision 0037); the console's words stay English.
    ...texts(
      sessionMessages,
      /^(exception|chooseDay|enterTimes|dayInPast|meetingLink|chooseOutcome|enterNote|hours|link|outcome|counsellorUnavailable)/,
    ),
    shape(sessionMessages.slotTaken, "{times}"),
    shape(sessionMessages.booked, "{when}"),
    shape(sessionMessages.moved, "{when}"),
    shape(sessionMessages.bookedUnsent, "{when}"),
    shape(sessionMessages.movedUnsent, "{when}"),
    ...Object.values(sessionKinds).map((kind) => kind.label),
    ...Object.values(sessionOutcomeLabels),
    ...texts(parentMessages),
    // Recommendation letters (decisions 0075-0077): the student's page and the recommender's.
    ...texts(letterMessages),
    shape(letterMessages.remindTooSoon, "{days}" as unknown as number),
    ...Object.values(letterStatusLabels),
    ...recommenderRelations,
    // The profile's "My counsellor" and the server's answers to a message (the staff's words stay English).
    ...texts(messageMessages, /^(notYours|cannotRead|mail)/),
    shape(messageMessages.sentWith, "{name}"),
    shape(messageMessages.fileAttached, "{name}"),
    shape(parentMessages.days, "{days}" as unknown as number),
    "Opened once",
    shape(parentMessages.opened, "{times}" as unknown as number),
    shape(parentMessages.pageTitle, "{firstName}"),
    shape(parentMessages.pageIntro, "{firstName}"),
    shape(parentMessages.pageNone, "{firstName}"),
    ...texts(scholarshipMessages, /^(enter|destinations|chooseLevels|deadline|minimumPercentage|officialUrl|checkedOn)/),
    ...applicationStatuses,
    ...applicationStatuses.flatMap((status) => [applicationStages[status].studentLabel, applicationStages[status].nextAction]),
    ...Object.values(waitingOnLabels.student),
    ...stageFields.map((field) => field.label),
    ...homeStrips,
    ...courseLevels,
    ...courseModes,
    ...monthNames,
    ...durationBands.map((band) => band.label),
    ...Object.values(sortLabels),
    ...typesOfStudy,
    ...preferredSubjects,
    ...indianStates,
    // A lead's history in words (decision 0035): the one part of the console kept in both languages.
    ...Object.values(leadHistoryShapes),
    ...genders,
    ...qualificationLevels,
    // Entry requirements, eligibility and the comparison (decision 0027): the sentences by their shape,
    // translated part by part on screen (app/components/entry-requirements.tsx).
    ...texts(eligibilityMessages),
    ...requirementSentences,
    "and",
    ...texts(compareMessages),
    shape(compareMessages.added, "{name}"),
    // Costs in rupees (decision 0025) as the course and the comparison show them.
    costMessages.noLivingCost,
    costMessages.onlineNoLiving,
    // modules/fields.ts: the rules every form shares.
    shape(tooLong, "{max}" as unknown as number),
    "Use letters, spaces and punctuation only",
    "Use letters, digits and punctuation only",
    "Enter your phone number",
    "Enter a valid phone number",
    "Enter a valid phone number (Indian numbers may leave out +91)",
    "Enter your e-mail address",
    // modules/scholarships: why a scholarship matches a student (the levels themselves are above).
    "any country",
    "{minimum}% asked, you have {mark}% in {qualification}",
    // The error screen's fallback and the limits' refusals.
    "That request could not be answered.",
    // The SOP and the letter of explanation (decisions 0072-0073): the refusals, the checks and their reasons by shape.
    ...texts(statementMessages),
    shape(statementMessages.overLimit, "{words}" as unknown as number, "{limit}" as unknown as number),
    ...Object.values(statementTitles),
    ...Object.values(statementCheckLabels),
    ...texts(checkMessages),
    shape(checkMessages.withinLimit, "{words}" as unknown as number, "{limit}" as unknown as number),
    "{words} words: {over} over the course's limit of {limit}.",
    shape(checkMessages.noLimit, "{words}" as unknown as number),
    shape(checkMessages.namesBoth, "{university}", "{course}"),
    shape(checkMessages.missesUniversity, "{university}"),
    shape(checkMessages.missesCourse, "{course}"),
    shape(checkMessages.namesOther, "{university}"),
    shape(checkMessages.placeholder, "{found}"),
    shape(checkMessages.fundsFigure, "{said}", "{file}"),
    shape(checkMessages.interviewReturn, "{label}"),
    shape(checkMessages.usIntent, "{label}"),
    shape(checkMessages.interviewFigure, "{here}", "{there}"),
    shape(checkMessages.interviewIntake, "{there}", "{here}"),
    shape(checkMessages.interviewIntakeApplied, "{there}", "{applied}"),
    shape(checkMessages.interviewStay, "{label}"),
    shape(checkMessages.repeated, "{paragraph}" as unknown as number, "{label}"),
    // Visa help (decision 0040): the plan's and the practice's words, and the funds check's sentences by their shape.
    ...texts(visaMessages),
    // A visa checklist item's state beside the review states above.
    "Missing",
    "Waived",
    "Recorded",
    "To bring",
    ...Object.values(themeLabels),
    ...Object.values(rubricLabels),
    ...Object.values(visaOutcomeLabels),
    ...Object.values(fundSourceLabels),
    fundsMessages.enterApplyDay,
    "{label}: held for {days} days by the statement's last day; the rule asks for {required} consecutive days.",
    "{label}: the statement ends {gap} days before you apply; it must end within {within} days of applying.",
    "{label}: the statement ends after the day you plan to apply.",
    "{label}: enter since when the money has been held and the statement's last day.",
    shape(fundsMessages.noRate, "{currency}", "{currencies}"),
    fundsMessages.amount,
    shape(fundsMessages.livingMonthly, "{amount}", "{months}" as unknown as number),
    shape(fundsMessages.livingMonthlyIn, "{amount}", "{months}" as unknown as number, "{city}"),
    shape(fundsMessages.livingYearly, "{amount}"),
    shape(fundsMessages.firstYearTuition, "{amount}"),
    "plus",
    ...texts(consistencyMessages),
    shape(consistencyMessages.amountBelowEstimate, "{said}", "{estimate}"),
    shape(consistencyMessages.otherIntake, "{month}", "{intake}"),
    shape(consistencyMessages.otherUniversity, "{said}", "{university}"),
    shape(consistencyMessages.otherCourse, "{said}", "{course}"),
    shape(consistencyMessages.otherScore, "{said}", "{recorded}"),
    shape(visaMessages.recordingTooLarge, "{seconds}" as unknown as number),
    // Deadlines in one place (decision 0059): the kinds of dated things and the screen's answers.
    ...Object.values(deadlineKinds),
    // The loan planner (decision 0082) and the departure checklist (decision 0083).
    ...texts(loanMessages),
    ...Object.values(loanRateTypeLabels),
    ...texts(departureMessages),
    ...Object.values(departureKindLabels),
    ...texts(deadlineMessages),
  ]);
}

const read = (code: string): Record<string, string> => JSON.parse(readFileSync(path.join(locales, `${code}.json`), "utf8"));
const write = (code: string, catalogue: Record<string, string>) => {
  const sorted = Object.fromEntries(Object.entries(catalogue).sort(([a], [b]) => a.localeCompare(b, "en")));
  writeFileSync(path.join(locales, `${code}.json`), `${JSON.stringify(sorted, null, 2)}\n`);
};

if (process.argv[1]?.endsWith("extract-messages.ts")) {
  const english = read("en");
  for (const text of [...messagesInSource(), ...messagesFromServer()]) english[text] = text;
  write("en", english);
  for (const code of Object.keys(LANGUAGES).filter((c) => c !== "en")) {
    const catalogue = read(code);
    for (const key of Object.keys(english)) catalogue[key] ??= "";
    write(code, catalogue);
    const missing = Object.values(catalogue).filter((text) => !text).length;
    console.log(`${code}: ${Object.keys(english).length} messages, ${missing} untranslated`);
  }
}
