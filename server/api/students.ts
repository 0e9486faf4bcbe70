import { Hono, type MiddlewareHandler } from "hono";
import { parseId } from "../../modules/catalogue/inputs.ts";
import type { CurrentStudent } from "../../modules/identity/identity.ts";
import { messages } from "../../modules/identity/messages.ts";
import { EDITED, INTEREST_ADDED } from "../../modules/students/messages.ts";
import type { Profile, StudentService } from "../../modules/students/students.ts";
import type { ServerEnv } from "../context.ts";
import { readJson } from "./read-json.ts";

/** Every call here is about the logged-in student: the owner comes from the session, never from the request. */
export const requireStudent: MiddlewareHandler<ServerEnv> = async (c, next) => {
  if (!c.var.student) {
    return c.json({ message: messages.loginRequired, error: { code: "unauthenticated", message: messages.loginRequired } }, 401);
  }
  return next();
};

const me = (c: { var: { student: CurrentStudent | null } }) => (c.var.student as CurrentStudent).studentId;

/** The spec's Student fields: never a password or its hash. */
export const presentProfile = (p: Profile, interested: { course_id: number; course: string; university_name: string }[]) => ({
  student_id: p.studentId,
  name1: p.fullName,
  email: p.email,
  phone: p.phone,
  gender: p.gender,
  dob: p.dateOfBirth,
  passport_no: p.passportNo,
  address: p.address,
  qualifications: p.qualifications,
  interested_courses: interested,
});

export function studentsApi(students: StudentService) {
  const api = new Hono<ServerEnv>();
  api.use("/students/me", requireStudent);
  api.use("/students/me/*", requireStudent);

  const profileOf = async (studentId: number) => {
    const [profile, saved] = await Promise.all([students.getProfile(studentId), students.listSavedCourses(studentId)]);
    return presentProfile(
      profile,
      saved.map((s) => ({ course_id: s.courseId, course: s.courseName, university_name: s.universityName })),
    );
  };

  api.get("/students/me", async (c) => c.json({ data: await profileOf(me(c)) }));

  api.put("/students/me", async (c) => {
    await students.updateProfile(me(c), await readJson(c));
    return c.json({ message: EDITED, data: await profileOf(me(c)) });
  });

  api.get("/students/me/interests", async (c) => {
    const saved = await students.listSavedCourses(me(c));
    return c.json({
      data: saved.map((s) => ({
        course_id: s.courseId,
        course: s.courseName,
        course_level: s.level,
        uni_id: s.universityId,
        university_name: s.universityName,
        location: s.location,
        country: s.country,
      })),
    });
  });

  api.put("/students/me/interests/:courseId", async (c) => {
    await students.addInterest(me(c), parseId(c.req.param("courseId"), "Course"));
    return c.json({ message: INTEREST_ADDED });
  });

  api.delete("/students/me/interests/:courseId", async (c) => {
    await students.removeInterest(me(c), parseId(c.req.param("courseId"), "Course"));
    return c.json({ message: "Removed from your saved courses" });
  });

  api.get("/students/me/applications", async (c) => {
    const list = await students.listApplications(me(c));
    return c.json({
      data: list.map((a) => ({
        name: a.id,
        country: a.country,
        university: a.university,
        course: a.course,
        course_id: a.courseId,
        status: a.status,
      })),
    });
  });

  return api;
}
