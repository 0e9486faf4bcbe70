import { asc, eq } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { COMPARE_MAX } from "../../vocabulary/eligibility.ts";
import { mergeCompareLists, shownCourseIds } from "../catalogue/catalogue.ts";
import { countries, courses, universities } from "../catalogue/tables.ts";
import { comparedCourses, students } from "./tables.ts";

/**
 * A signed-in student's comparison, kept on their account (decision 0043) so it follows them to another
 * device: up to COMPARE_MAX course ids in the order added. The rules of adding and removing are the
 * cookie's (modules/catalogue/compare.ts); only where the list is kept differs.
 */
export async function comparedCourseIds(db: Database, studentId: number): Promise<number[]> {
  const rows = await db
    .select({ courseId: comparedCourses.courseId })
    .from(comparedCourses)
    .where(eq(comparedCourses.studentId, studentId))
    .orderBy(asc(comparedCourses.position), asc(comparedCourses.addedAt));
  return rows.map((r) => r.courseId);
}

/** Replaces the list with these ids, in this order (the caller has applied the rules). */
export async function saveComparedCourses(db: Database, studentId: number, ids: readonly number[]) {
  if (ids.length > COMPARE_MAX) throw new Error(`a comparison holds at most ${COMPARE_MAX} courses`);
  await db.transaction(async (tx) => {
    // The student's row is locked first, so two writes of one list (two tabs, two devices) take turns.
    await tx.select({ id: students.id }).from(students).where(eq(students.id, studentId)).for("update");
    await tx.delete(comparedCourses).where(eq(comparedCourses.studentId, studentId));
    if (ids.length) await tx.insert(comparedCourses).values(ids.map((courseId, position) => ({ studentId, courseId, position })));
  });
}

/**
 * At sign-in or sign-up: what the visitor compared joins the account's list, the account's first, then
 * the visitor's new ones, up to COMPARE_MAX; a course no longer shown takes no place. Returns the list
 * and the visitor's courses that did not fit.
 */
export async function mergeComparedCourses(db: Database, studentId: number, visitorIds: readonly number[]) {
  const account = await comparedCourseIds(db, studentId);
  const shown = await shownCourseIds(db, [...account, ...visitorIds]);
  const merged = mergeCompareLists(
    account.filter((id) => shown.includes(id)),
    visitorIds.filter((id) => shown.includes(id)),
  );
  await saveComparedCourses(db, studentId, merged.ids);
  return merged;
}

/** The compared courses with their university and country and when each was added (the data export). */
export const comparedCoursePlaces = (db: Database, studentId: number) =>
  db
    .select({
      courseId: courses.id,
      course: courses.name,
      university: universities.name,
      country: countries.name,
      addedAt: comparedCourses.addedAt,
    })
    .from(comparedCourses)
    .innerJoin(courses, eq(courses.id, comparedCourses.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(eq(comparedCourses.studentId, studentId))
    .orderBy(asc(comparedCourses.position));
