import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient, cookiesNamed } from "../../tests/support/api-client.ts";
import { createStudent, type Student, uploadDocument } from "../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Decision 0035: "Open cv.pdf" opens the PDF in the browser's viewer instead of downloading
 * it, for the student and for staff, under the same nosniff and sandboxing CSP, and staff's view is
 * audited as before; a Word file asked inline still downloads.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let admin: string;
let student: Student;

const pdf = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const legacyDoc = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(504)]);

beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database, { DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-inline-")) });
  api = new ApiClient(testApp.app);
  await testApp.staff.team.ensureAdmin({ email: "admin@inline.test", password: "admin-Secret-inline" });
  const session = await api.post("/api/v1/staff/session", { email: "admin@inline.test", password: "admin-Secret-inline" });
  admin = cookiesNamed(session, "ignite_staff")[0]?.pair ?? "";
  student = await createStudent(api, { name: "Isha Verma" });
  expect((await uploadDocument(api, student, "CV/Resume", { bytes: pdf, name: "cv.pdf" })).status).toBe(200);
  expect((await uploadDocument(api, student, "Bachelors", { bytes: legacyDoc(), name: "degree.doc" })).status).toBe(200);
});
afterAll(async () => {
  await database.close();
});

const fileOf = async (type: string) => {
  const files = (await api.get("/api/v1/students/me/files", { cookie: student.cookie })).body.data;
  return files.find((f: { attachment_type: string }) => f.attachment_type === type) as { file: string };
};
const queued = async (type: string) => {
  const queue = (await api.get("/api/v1/staff/documents/review-queue", { cookie: admin })).body.data;
  return queue.find(
    (f: { attachmentType: string; studentId: number }) => f.attachmentType === type && f.studentId === student.studentId,
  ).publicId as string;
};
const sandboxed = (answer: Response) => {
  expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(answer.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
};

describe("opening a document where the link says open", () => {
  it("the student's PDF opens inline, sandboxed and unsniffed; without ?inline=1 it still downloads", async () => {
    const { file } = await fileOf("CV/Resume");
    const opened = await testApp.app.request(`${file}?inline=1`, { headers: { Cookie: student.cookie } });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Content-Type")).toBe("application/pdf");
    expect(opened.headers.get("Content-Disposition")).toMatch(/^inline; filename="cv\.pdf"/);
    sandboxed(opened);
    const downloaded = await testApp.app.request(file, { headers: { Cookie: student.cookie } });
    expect(downloaded.headers.get("Content-Disposition")).toMatch(/^attachment; filename="cv\.pdf"/);
  });

  it("staff's 'Open cv.pdf' opens inline, and the view is in the audit log", async () => {
    const publicId = await queued("CV/Resume");
    const opened = await testApp.app.request(`/staff/files/${publicId}?inline=1`, { headers: { Cookie: admin } });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Content-Disposition")).toMatch(/^inline; filename="cv\.pdf"/);
    sandboxed(opened);
    const views = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, publicId), eq(auditLog.action, "document.viewed")));
    expect(views).toHaveLength(1);
  });

  it("a Word file asked inline still downloads: no browser shows it", async () => {
    const { file } = await fileOf("Bachelors");
    const asked = await testApp.app.request(`${file}?inline=1`, { headers: { Cookie: student.cookie } });
    expect(asked.headers.get("Content-Disposition")).toMatch(/^attachment; filename="degree\.doc"/);
    sandboxed(asked);
    const publicId = await queued("Bachelors");
    const staffAsked = await testApp.app.request(`/staff/files/${publicId}?inline=1`, { headers: { Cookie: admin } });
    expect(staffAsked.headers.get("Content-Disposition")).toMatch(/^attachment;/);
  });
});
