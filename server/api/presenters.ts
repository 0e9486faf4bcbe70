import { z } from "zod";
import type { Country, UniversitySummary } from "../../modules/catalogue/catalogue.ts";
import { formatDuration, formatFee } from "../../modules/catalogue/format.ts";
import type { Course } from "../../modules/catalogue/shown.ts";
import type { StudentFile } from "../../modules/documents/documents.ts";
import type { NewSession } from "../../modules/identity/identity.ts";
import type { LeadRecord } from "../../modules/leads/bookings.ts";
import type { ApplicationCard, Profile, SavedCourse } from "../../modules/students/students.ts";
import { applicationStatuses } from "../../vocabulary/applications.ts";
import { courseLevels, courseModes, universityTypes } from "../../vocabulary/catalogue.ts";
import { correctionReasons, reviewStates, storedFileTypes } from "../../vocabulary/documents.ts";
import { englishTests } from "../../vocabulary/eligibility.ts";
import { genders, qualificationLevels } from "../../vocabulary/students.ts";
import { component } from "./openapi-parts.ts";

/**
 * Every answer's shape, once: a zod schema per answer (the OpenAPI document is generated from these, each
 * registered under the name its `ref()` uses) and the presenter that builds it from an explicit list of
 * fields, typed against the schema so the two cannot drift. Field names are the spec's (section 3).
 */

const universitySchema = component(
  "University",
  z.object({
    uni_id: z.int(),
    university_name: z.string(),
    university_location: z.string(),
    university_image: z.string(),
    country: z.string(),
    country_slug: z.string(),
    type_of_university: z.enum(universityTypes),
  }),
);

export const presentUniversity = (u: UniversitySummary): z.infer<typeof universitySchema> => ({
  uni_id: u.id,
  university_name: u.name,
  university_location: u.city,
  university_image: u.image,
  country: u.country.name,
  country_slug: u.country.slug,
  type_of_university: u.type,
});

const courseSchema = component(
  "Course",
  z.object({
    course_id: z.int(),
    uni_id: z.int(),
    course_name: z.string(),
    university_name: z.string(),
    university_location: z.string(),
    country: z.string(),
    country_slug: z.string(),
    course_duration: z.string().meta({ examples: ["2 years"] }),
    tuition_fees: z.string().meta({ examples: ["EUR 1,500 per semester"] }),
    tuition_fees_illustrative: z.boolean(),
    course_level: z.enum(courseLevels),
    mode_of_course: z.enum(courseModes),
    english_exam_waiver: z.enum(["Yes", "No"]),
    "Medium Of Instruction": z.string(),
  }),
);

export const presentCourse = (c: Course): z.infer<typeof courseSchema> => ({
  course_id: c.id,
  uni_id: c.university.id,
  course_name: c.name,
  university_name: c.university.name,
  university_location: c.university.city,
  country: c.university.country.name,
  country_slug: c.university.country.slug,
  course_duration: formatDuration(c.durationMonths),
  tuition_fees: formatFee(c.fee),
  tuition_fees_illustrative: true,
  course_level: c.level,
  mode_of_course: c.mode,
  english_exam_waiver: c.englishExamWaiver ? "Yes" : "No",
  "Medium Of Instruction": c.mediumOfInstruction,
});

const countrySchema = component("Country", z.object({ name: z.string(), slug: z.string(), image: z.string() }));
export const presentCountry = (c: Country): z.infer<typeof countrySchema> => ({ name: c.name, slug: c.slug, image: c.image });

const loginSchema = component(
  "LoggedIn",
  z
    .object({ message: z.string(), student_id: z.int(), email: z.string() })
    .meta({ description: "The session is an HttpOnly cookie (ignite_session), never in the body" }),
);
export const presentLogin = (session: NewSession, message: string): z.infer<typeof loginSchema> => ({
  message,
  student_id: session.student.studentId,
  email: session.student.email,
});

const interestedCourseSchema = z.object({ course_id: z.int(), course: z.string(), university_name: z.string() });

/** The spec's Student fields: never a password or its hash. */
const profileSchema = component(
  "Student",
  z.object({
    student_id: z.int(),
    name1: z.string(),
    email: z.string(),
    phone: z.string(),
    gender: z.enum(genders).nullable(),
    dob: z.string().nullable().meta({ format: "date" }),
    passport_no: z.string().nullable(),
    address: z.string().nullable(),
    qualifications: z.array(
      z.object({ qualification: z.enum(qualificationLevels), percentage: z.number().nullable(), cgpa: z.number().nullable() }),
    ),
    english_test: z.enum(englishTests).nullable().meta({ description: "The English test taken (decision 0027)" }),
    english_score: z.number().nullable().meta({ description: "The overall score in that test" }),
    gre_score: z.int().nullable().meta({ description: "GRE General Test total, 260 to 340 (decision 0041)" }),
    gmat_score: z.int().nullable().meta({
      description: "GMAT Focus Edition total, 205 to 805, ending in 5; classic GMAT scores are not taken (decision 0041)",
    }),
    interested_courses: z.array(interestedCourseSchema),
  }),
);

export const presentProfile = (p: Profile, saved: SavedCourse[]): z.infer<typeof profileSchema> => ({
  student_id: p.studentId,
  name1: p.fullName,
  email: p.email,
  phone: p.phone,
  gender: p.gender,
  dob: p.dateOfBirth,
  passport_no: p.passportNo,
  address: p.address,
  qualifications: p.qualifications,
  english_test: p.englishTest,
  english_score: p.englishScore,
  gre_score: p.greScore,
  gmat_score: p.gmatScore,
  interested_courses: saved.map((s) => ({ course_id: s.courseId, course: s.courseName, university_name: s.universityName })),
});

const savedCourseSchema = component(
  "SavedCourse",
  z.object({
    course_id: z.int(),
    course: z.string(),
    course_level: z.enum(courseLevels),
    uni_id: z.int(),
    university_name: z.string(),
    location: z.string(),
    country: z.string(),
  }),
);

export const presentSavedCourse = (s: SavedCourse): z.infer<typeof savedCourseSchema> => ({
  course_id: s.courseId,
  course: s.courseName,
  course_level: s.level,
  uni_id: s.universityId,
  university_name: s.universityName,
  location: s.location,
  country: s.country,
});

const applicationSchema = component(
  "Application",
  z.object({
    name: z
      .int()
      .meta({ description: "The application's id (the field the spec calls name), as in /students/me/applications/{id}" }),
    country: z.string(),
    university: z.string(),
    course: z.string(),
    course_id: z.int(),
    status: z.enum(applicationStatuses),
    intake: z.string().nullable().meta({ description: "The intake applied for, e.g. September 2027" }),
    stage_label: z.string().meta({ description: "What the current stage means for the student" }),
    next_action: z.string().meta({ description: "What happens next, for the student" }),
    waiting_on: z.enum(["student", "counsellor", "university", "embassy", "nobody"]),
    details: z
      .record(z.string(), z.string())
      .meta({ description: "Facts of the stage: offer conditions, confirmation number, visa decision date, reasons" }),
    history: z.array(z.object({ status: z.enum(applicationStatuses), at: z.iso.datetime() })),
  }),
);

export const presentApplication = (a: ApplicationCard): z.infer<typeof applicationSchema> => ({
  name: a.id,
  country: a.country,
  university: a.university,
  course: a.course,
  course_id: a.courseId,
  status: a.status,
  intake: a.intake,
  stage_label: a.stageLabel,
  next_action: a.nextAction,
  waiting_on: a.waitingOn,
  details: a.details,
  history: a.history.map((h) => ({ status: h.status, at: h.at.toISOString() })),
});

export const fileSchema = component(
  "StudentFile",
  z.object({
    attachment_type: z.enum(storedFileTypes),
    file: z.string().meta({ description: "Where the owner downloads it: /files/{publicId}" }),
    name: z.string(),
    size: z.int(),
    content_type: z.string(),
    uploaded_at: z.iso.datetime(),
    review_state: z.enum(reviewStates).meta({ description: "Staff's review of this document" }),
    review_reason: z.enum(correctionReasons).nullable().meta({ description: "Why a correction was asked for" }),
    review_message: z.string().nullable().meta({ description: "What to correct, in staff's words" }),
  }),
);

export const presentFile = (file: StudentFile): z.infer<typeof fileSchema> => ({
  attachment_type: file.attachmentType,
  file: file.url,
  name: file.name,
  size: file.size,
  content_type: file.contentType,
  uploaded_at: file.uploadedAt.toISOString(),
  review_state: file.reviewState,
  review_reason: file.reviewReason,
  review_message: file.reviewMessage,
});

const bookingSchema = component(
  "Booking",
  z.object({
    id: z.int(),
    firstName: z.string(),
    lastName: z.string(),
    createdAt: z.iso.datetime(),
  }),
);

/** What the booker reads back: their name for the success view, nothing an earlier booker typed. */
export const presentBooking = (lead: LeadRecord): z.infer<typeof bookingSchema> => ({
  id: lead.id,
  firstName: lead.firstName,
  lastName: lead.lastName,
  createdAt: lead.createdAt.toISOString(),
});
