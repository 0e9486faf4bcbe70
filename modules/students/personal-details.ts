import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { countries, courses, universities } from "../catalogue/tables.ts";
import { studentInterests, type students } from "./tables.ts";

/**
 * What a student tells us about themselves, as every reading of it lists it (decision 0031, "One record
 * shape"): their profile, the staff record and the export of their data.
 */
export const personalDetails = (student: typeof students.$inferSelect) => ({
  fullName: student.fullName,
  email: student.email,
  phone: student.phone,
  gender: student.gender,
  dateOfBirth: student.dateOfBirth,
  passportNo: student.passportNo,
  address: student.address,
});

/** The courses a student saved, each with its university and country and when it was saved. */
export const savedCoursePlaces = (db: Database, studentId: number, order: "oldest" | "newest") =>
  db
    .select({
      courseId: courses.id,
      course: courses.name,
      university: universities.name,
      country: countries.name,
      savedAt: studentInterests.createdAt,
    })
    .from(studentInterests)
    .innerJoin(courses, eq(courses.id, studentInterests.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(eq(studentInterests.studentId, studentId))
    .orderBy(order === "oldest" ? asc(studentInterests.createdAt) : desc(studentInterests.createdAt));
