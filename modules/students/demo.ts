import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { documentsCompleteBy } from "../../vocabulary/applications.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { freezeSubmittedPackage, insertApplications, waiveOutstandingItems } from "../applications/applications.ts";
import { countries, courses, universities } from "../catalogue/tables.ts";
import { endAllSessions } from "../identity/identity.ts";
import { hashPassword, passwordMatches } from "../passwords.ts";
import { studentInterests, students } from "./tables.ts";

/**
 * The demo student of a local trial (`DEMO_STUDENT=true`), so the applications screen has something to
 * show. Its password is published in the README: it must never exist on a public deployment.
 */
export const DEMO_STUDENT = {
  email: "demo@ignite.example",
  password: "ignite-demo-2026",
  fullName: "Demo Student",
  phone: "+919876500000",
};

const DEMO_OFFER_CONDITIONS = "Final transcript showing the degree awarded; IELTS 6.5 overall.";
const DEMO_WAIVER_REASON = "Demo data: the documents were checked outside the portal.";

/** The day and the university's reference of the demo's applications that went to the university, weeks ago. */
const demoSubmissions = {
  "Conditional offer": { weeksAgo: 8, universityReference: "WS27-204518" },
  Submitted: { weeksAgo: 3, universityReference: "PG-2027-0412-7731" },
} as const;

/** Creates the demo student with three applications and two saved courses, once. Returns whether it did. */
export async function seedDemoStudent(db: Database, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ id: students.id }).from(students).where(eq(students.email, DEMO_STUDENT.email));
  if (existing) return false;
  const chosen: number[] = [];
  for (const country of ["Germany", "United Kingdom", "Ireland"]) {
    const [pick] = await db
      .select({ id: courses.id })
      .from(courses)
      .innerJoin(universities, eq(universities.id, courses.universityId))
      .innerJoin(countries, eq(countries.id, universities.countryId))
      .where(eq(countries.name, country))
      .orderBy(asc(courses.id))
      .limit(1);
    if (pick) chosen.push(pick.id);
  }
  if (chosen.length === 0) return false;
  const [student] = await db
    .insert(students)
    .values({
      email: DEMO_STUDENT.email,
      fullName: DEMO_STUDENT.fullName,
      phone: DEMO_STUDENT.phone,
      passwordHash: await hashPassword(DEMO_STUDENT.password),
    })
    .returning({ id: students.id });
  if (!student) return false;
  const statuses = ["Conditional offer", "Submitted", "Documents pending"] as const;
  const created = await insertApplications(
    db,
    chosen.map((courseId, i) => {
      const status = statuses[i] ?? "Submitted";
      // A conditional offer names its conditions, as a move into it through the console must; one that went
      // to the university has the day it went and the university's reference (decision 0058).
      const details: Record<string, string> = status === "Conditional offer" ? { offerConditions: DEMO_OFFER_CONDITIONS } : {};
      const sent = status === "Documents pending" ? undefined : demoSubmissions[status];
      const submittedOn = sent ? indianDay(new Date(now.getTime() - sent.weeksAgo * 7 * 86_400_000)) : null;
      if (sent && submittedOn) Object.assign(details, { submittedOn, universityReference: sent.universityReference });
      return {
        studentId: student.id,
        courseId,
        status,
        details,
        submittedOn,
        universityReference: sent?.universityReference ?? null,
      };
    }),
    "demo data",
  );
  // The demo student has no documents: an application that went to the university past the stage gate
  // had its checklist waived, with the reason said, as a counsellor would (decision 0035).
  for (const application of created) {
    if (!documentsCompleteBy(application.status)) continue;
    await waiveOutstandingItems({ db }, { ...application, studentId: student.id }, DEMO_WAIVER_REASON);
    await freezeSubmittedPackage({ db }, { ...application, studentId: student.id });
  }
  await db
    .insert(studentInterests)
    .values(chosen.slice(0, 2).map((courseId) => ({ studentId: student.id, courseId })))
    .onConflictDoNothing();
  return true;
}

/**
 * On a public deployment: if the demo student is there with its published password (a database that
 * was once used for a trial), its password is replaced by a random one nobody knows and its sessions
 * end. Returns whether it had to.
 */
export async function lockDemoStudent(db: Database): Promise<boolean> {
  const [demo] = await db
    .select({ id: students.id, passwordHash: students.passwordHash })
    .from(students)
    .where(eq(students.email, DEMO_STUDENT.email));
  if (!demo || !(await passwordMatches(demo.passwordHash, DEMO_STUDENT.password))) return false;
  await db
    .update(students)
    .set({ passwordHash: await hashPassword(randomBytes(32).toString("base64url")) })
    .where(eq(students.id, demo.id));
  await endAllSessions(db, demo.id);
  return true;
}
