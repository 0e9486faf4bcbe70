import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { applicationEvents, applications } from "../modules/applications/tables.ts";
import { courseIntakes, courses } from "../modules/catalogue/tables.ts";
import { counsellingSessions } from "../modules/counselling/tables.ts";
import { deadlinePreferences } from "../modules/deadlines/tables.ts";
import { hashPassword } from "../modules/passwords.ts";
import { staff } from "../modules/staff/tables.ts";
import { students } from "../modules/students/tables.ts";
import { openDatabase } from "../platform/db/client.ts";
import type { ApplicationStatus } from "../vocabulary/applications.ts";
import { indianDay, indianMidnight } from "../vocabulary/india-time.ts";

/**
 * The people `npm run bench` measures a student's and a counsellor's screens with (decision 0059):
 * 10,000 students in the bench's database, shared by 20 counsellors (500 each), each with one
 * application whose intake's deadline falls somewhere in the year around today; and one student with
 * 10 applications and 30 sessions ahead (40 dated items, more with the scholarships they match). Made
 * once, in bulk SQL, in the bench's own database; a later run finds them and adds nothing.
 */
export const BENCH_PASSWORD = "bench-Secret-pass-1";
export const BENCH_STUDENT = "bench.deadlines@ignite.bench";
export const BENCH_COUNSELLOR = "bench.counsellor.0@ignite.bench";
const STUDENTS = 10_000;
const COUNSELLORS = 20;
const DAY_MS = 86_400_000;
const firstNames = ["Aarav", "Ananya", "Vihaan", "Diya", "Ishaan", "Saanvi", "Kabir", "Meera", "Rohan", "Tara"];
const lastNames = ["Sharma", "Iyer", "Nair", "Gupta", "Reddy", "Menon", "Patel", "Singh", "Kulkarni", "Joshi"];
/** Most of the bench's applications are still being put together; some are past submission. */
const statuses: ApplicationStatus[] = ["Documents pending", "Shortlisted", "Documents pending", "Submitted", "Conditional offer"];

export async function ensureBenchPeople(target: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const handle = openDatabase(target);
  try {
    await handle.migrate();
    const { db } = handle;
    const [made] = await db.select({ id: students.id }).from(students).where(eq(students.email, BENCH_STUDENT));
    if (made) return;
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const now = Date.now();
    const counsellors = await db
      .insert(staff)
      .values(
        Array.from({ length: COUNSELLORS }, (_, i) => ({
          email: `bench.counsellor.${i}@ignite.bench`,
          fullName: `Bench Counsellor ${i}`,
          role: "counsellor" as const,
          passwordHash,
        })),
      )
      .returning({ id: staff.id });
    const courseIds = (
      await db
        .select({ id: courses.id })
        .from(courses)
        .orderBy(asc(courses.id))
        .limit(STUDENTS + 10)
    ).map((c) => c.id);
    if (courseIds.length < STUDENTS + 10) throw new Error("the bench's catalogue has too few courses");
    // Every application's intake starts a year on; its deadline is spread over the year around today.
    const start = new Date(now + 365 * DAY_MS);
    const intake = { month: start.getUTCMonth() + 1, year: start.getUTCFullYear() };
    const deadlineOf = (i: number) => indianDay(now + ((i % 400) - 35) * DAY_MS);
    for (let from = 0; from < courseIds.length; from += 1000) {
      const batch = courseIds.slice(from, from + 1000);
      await db
        .insert(courseIntakes)
        .values(batch.map((courseId, at) => ({ courseId, ...intake, deadline: deadlineOf(from + at) })))
        .onConflictDoUpdate({
          target: [courseIntakes.courseId, courseIntakes.year, courseIntakes.month],
          set: { deadline: sql`excluded.deadline` },
        });
    }
    const people = Array.from({ length: STUDENTS }, (_, i) => ({
      email: i === 0 ? BENCH_STUDENT : `bench.student.${i}@ignite.bench`,
      fullName: `${firstNames[i % 10]} ${lastNames[Math.floor(i / 10) % 10]}`,
      phone: `+9198${String(i).padStart(8, "0")}`,
      passwordHash,
      counsellorStaffId: counsellors[i % COUNSELLORS]?.id,
    }));
    const studentIds: number[] = [];
    for (let from = 0; from < people.length; from += 1000) {
      const rows = await db
        .insert(students)
        .values(people.slice(from, from + 1000))
        .returning({ id: students.id });
      studentIds.push(...rows.map((r) => r.id));
    }
    // The bench measures screens, not mail: the reminders' sweep at the server's start finds them turned off.
    for (let from = 0; from < studentIds.length; from += 1000)
      await db
        .insert(deadlinePreferences)
        .values(studentIds.slice(from, from + 1000).map((studentId) => ({ studentId, remindersOn: false })));
    const rows = studentIds.map((studentId, i) => ({
      studentId,
      courseId: courseIds[i] as number,
      status: statuses[i % statuses.length] as ApplicationStatus,
      intakeMonth: intake.month,
      intakeYear: intake.year,
    }));
    // The bench student's ten: deadlines 5 to 95 days on, packages incomplete.
    const benchStudent = studentIds[0] as number;
    for (let n = 0; n < 10; n += 1) {
      const courseId = courseIds[STUDENTS + n] as number;
      await db
        .insert(courseIntakes)
        .values({ courseId, ...intake, deadline: indianDay(now + (5 + n * 10) * DAY_MS) })
        .onConflictDoUpdate({
          target: [courseIntakes.courseId, courseIntakes.year, courseIntakes.month],
          set: { deadline: sql`excluded.deadline` },
        });
      rows.push({
        studentId: benchStudent,
        courseId,
        status: "Documents pending",
        intakeMonth: intake.month,
        intakeYear: intake.year,
      });
    }
    rows[0] = { ...(rows[0] as (typeof rows)[number]), status: "Documents pending" };
    for (let from = 0; from < rows.length; from += 1000) {
      const created = await db
        .insert(applications)
        .values(rows.slice(from, from + 1000))
        .returning({ id: applications.id, status: applications.status });
      await db
        .insert(applicationEvents)
        .values(created.map((a) => ({ applicationId: a.id, toStatus: a.status, actorLabel: "Bench data" })));
    }
    // Thirty sessions ahead with the bench student's counsellor, one a day at 11:00 India time.
    await db.insert(counsellingSessions).values(
      Array.from({ length: 30 }, (_, n) => {
        const startsAt = new Date(indianMidnight(indianDay(now + (n + 1) * DAY_MS)) + 11 * 3_600_000);
        return {
          uid: `${randomUUID()}@ignite.bench`,
          staffId: counsellors[0]?.id as number,
          studentId: benchStudent,
          kind: "application-planning",
          startsAt,
          endsAt: new Date(startsAt.getTime() + 45 * 60_000),
          bookedBy: "staff" as const,
          mailedSequence: 0,
        };
      }),
    );
    // Rows loaded in bulk have no statistics until autovacuum comes by (PGlite has none): without them
    // the planner reads a counsellor's 500 students through the status index, 6,000 rows each time.
    await db.execute(sql`analyze`);
  } finally {
    await handle.close();
  }
}
