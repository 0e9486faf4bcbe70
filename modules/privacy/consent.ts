import { desc, eq } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { type ConsentSource, type ContactChannel, consentWording } from "../../vocabulary/privacy.ts";
import { contactChoicesSchema } from "../consent.ts";
import { nowOf } from "../deps.ts";
import { notFound } from "../errors.ts";
import { setStudentConsent } from "../students/students.ts";
import { students } from "../students/tables.ts";
import { parseInput } from "../validation.ts";
import type { PrivacyDeps } from "./deps.ts";
import { studentConsents } from "./tables.ts";

/** A student's contact choices and the consent they last gave. */
export interface ContactPreferences {
  preferredContact: ContactChannel;
  newsAndOffers: boolean;
  consentVersion: string | null;
  consentedAt: Date | null;
  /** Every consent given or changed, newest first. */
  history: {
    preferredContact: ContactChannel;
    newsAndOffers: boolean;
    wordingVersion: string;
    source: ConsentSource;
    givenAt: Date;
  }[];
}

export async function contactPreferences(deps: PrivacyDeps, studentId: number): Promise<ContactPreferences> {
  const [student] = await deps.db
    .select({
      preferredContact: students.preferredContact,
      newsAndOffers: students.newsAndOffers,
      consentVersion: students.consentVersion,
      consentedAt: students.consentedAt,
    })
    .from(students)
    .where(eq(students.id, studentId));
  if (!student) throw notFound("Student");
  const history = await deps.db
    .select({
      preferredContact: studentConsents.preferredContact,
      newsAndOffers: studentConsents.newsAndOffers,
      wordingVersion: studentConsents.wordingVersion,
      source: studentConsents.source,
      givenAt: studentConsents.givenAt,
    })
    .from(studentConsents)
    .where(eq(studentConsents.studentId, studentId))
    .orderBy(desc(studentConsents.givenAt), desc(studentConsents.id));
  return { ...student, history };
}

/** The student changes how they want to be contacted and whether they want news; the change is kept with the wording's version. */
export async function changeContactPreferences(deps: PrivacyDeps, studentId: number, raw: unknown): Promise<ContactPreferences> {
  const input = parseInput(contactChoicesSchema, raw);
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    if (!(await setStudentConsent(tx, studentId, input, consentWording.version, now))) throw notFound("Student");
    await recordConsent(tx, { studentId, ...input, source: "profile", givenAt: now });
  });
  return contactPreferences(deps, studentId);
}

/** A consent given or changed, kept with the wording's version in force (sign-up and the profile). */
export async function recordConsent(
  tx: Pick<Database, "insert">,
  consent: Omit<typeof studentConsents.$inferInsert, "wordingVersion">,
): Promise<void> {
  await tx.insert(studentConsents).values({ ...consent, wordingVersion: consentWording.version });
}
