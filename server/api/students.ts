import { Hono } from "hono";
import { parseId } from "../../modules/ids.ts";
import type { StudentService } from "../../modules/students/students.ts";
import { studentMessages } from "../../vocabulary/students.ts";
import type { ServerEnv } from "../context.ts";
import { requireStudent } from "../guards.ts";
import { presentApplication, presentProfile, presentSavedCourse } from "./presenters.ts";
import { readJson } from "./read-json.ts";

/** The logged-in student's record under /api/v1/students/me: the owner comes from the session, never from the request. */
export function studentsApi(students: StudentService) {
  const api = new Hono<ServerEnv>();

  const profileOf = async (studentId: number) => {
    const [profile, saved] = await Promise.all([students.getProfile(studentId), students.listSavedCourses(studentId)]);
    return presentProfile(profile, saved);
  };

  api.get("/students/me", requireStudent, async (c) => c.json({ data: await profileOf(c.var.student.studentId) }));

  api.put("/students/me", requireStudent, async (c) => {
    await students.updateProfile(c.var.student.studentId, await readJson(c));
    return c.json({ message: studentMessages.edited, data: await profileOf(c.var.student.studentId) });
  });

  api.get("/students/me/interests", requireStudent, async (c) => {
    const saved = await students.listSavedCourses(c.var.student.studentId);
    return c.json({ data: saved.map(presentSavedCourse) });
  });

  api.put("/students/me/interests/:courseId", requireStudent, async (c) => {
    await students.addInterest(c.var.student.studentId, parseId(c.req.param("courseId"), "Course"));
    return c.json({ message: studentMessages.interestAdded });
  });

  api.delete("/students/me/interests/:courseId", requireStudent, async (c) => {
    await students.removeInterest(c.var.student.studentId, parseId(c.req.param("courseId"), "Course"));
    return c.json({ message: studentMessages.interestRemoved });
  });

  api.get("/students/me/applications", requireStudent, async (c) => {
    const list = await students.listApplications(c.var.student.studentId);
    return c.json({ data: list.map(presentApplication) });
  });

  return api;
}
