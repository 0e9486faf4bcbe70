import { Hono } from "hono";
import { parseId } from "../../modules/ids.ts";
import { profileSchema } from "../../modules/students/input.ts";
import type { StudentService } from "../../modules/students/students.ts";
import { studentMessages } from "../../vocabulary/students.ts";
import type { ServerEnv } from "../context.ts";
import { requireStudent } from "../guards.ts";
import { answer, body, describe, failures, idParam, listOf, ref } from "./openapi-parts.ts";
import { presentApplication, presentProfile, presentSavedCourse } from "./presenters.ts";
import { readJson } from "./read-json.ts";

/** The logged-in student's record under /api/v1/students/me: the owner comes from the session, never from the request. */
export function studentsApi(students: StudentService) {
  const api = new Hono<ServerEnv>();

  const profileOf = async (studentId: number) => {
    const [profile, saved] = await Promise.all([students.getProfile(studentId), students.listSavedCourses(studentId)]);
    return presentProfile(profile, saved);
  };

  api.get(
    "/students/me",
    describe({
      operationId: "getMyRecord",
      summary: "The logged-in student's record: details, marks (10th, 12th, Bachelors, Masters) and interested courses",
      student: true,
      responses: { 200: answer("The student", { type: "object", required: ["data"], properties: { data: ref("Student") } }) },
    }),
    requireStudent,
    async (c) => c.json({ data: await profileOf(c.var.student.studentId) }),
  );

  api.put(
    "/students/me",
    describe({
      operationId: "updateMyRecord",
      summary: "Write the student's own record (email and password are never changed here)",
      student: true,
      requestBody: body(profileSchema),
      responses: {
        200: answer("Edited successfully", { type: "object", properties: { message: { type: "string" }, data: ref("Student") } }),
        ...failures(400),
      },
    }),
    requireStudent,
    async (c) => {
      await students.updateProfile(c.var.student.studentId, await readJson(c));
      return c.json({ message: studentMessages.edited, data: await profileOf(c.var.student.studentId) });
    },
  );

  api.get(
    "/students/me/interests",
    describe({
      operationId: "listMySavedCourses",
      summary: "Saved (interested) courses",
      student: true,
      responses: { 200: answer("Saved courses", listOf(ref("SavedCourse"))) },
    }),
    requireStudent,
    async (c) => {
      const saved = await students.listSavedCourses(c.var.student.studentId);
      return c.json({ data: saved.map(presentSavedCourse) });
    },
  );

  api.put(
    "/students/me/interests/:courseID",
    describe({
      operationId: "saveCourse",
      summary: "Add to Interest (idempotent)",
      student: true,
      parameters: [idParam("courseID")],
      responses: { 200: answer("You have added this course to interested", ref("Message")), ...failures(404) },
    }),
    requireStudent,
    async (c) => {
      await students.addInterest(c.var.student.studentId, parseId(c.req.param("courseID"), "Course"));
      return c.json({ message: studentMessages.interestAdded });
    },
  );

  api.delete(
    "/students/me/interests/:courseID",
    describe({
      operationId: "removeSavedCourse",
      summary: "Remove from saved courses (idempotent)",
      student: true,
      parameters: [idParam("courseID")],
      responses: { 200: answer("Removed", ref("Message")), ...failures(404) },
    }),
    requireStudent,
    async (c) => {
      await students.removeInterest(c.var.student.studentId, parseId(c.req.param("courseID"), "Course"));
      return c.json({ message: studentMessages.interestRemoved });
    },
  );

  api.get(
    "/students/me/applications",
    describe({
      operationId: "listMyApplications",
      summary: "The student's applications (read only)",
      student: true,
      responses: { 200: answer("Applications", listOf(ref("Application"))) },
    }),
    requireStudent,
    async (c) => {
      const list = await students.listApplications(c.var.student.studentId);
      return c.json({ data: list.map(presentApplication) });
    },
  );

  return api;
}
