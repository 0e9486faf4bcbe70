import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { and, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentFiles } from "../../modules/documents/tables.ts";
import { students } from "../../modules/students/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createDatabaseRateLimiter } from "../../platform/rate-limit.ts";
import { createLocalFileStorage, type FileStorage } from "../../platform/storage/file-storage.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createStudent, documentForm, type Student, uploadDocument } from "../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { attachmentTypes, PROFILE_PHOTO } from "../../vocabulary/documents.ts";

const MB = 1024 * 1024;

let dataDir: string;
let uploadsDir: string;
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
/** Every answer's headers and text bodies, checked at the end for storage paths and keys. */
const seen: string[] = [];

/** The real app over the same database and uploads folder, storing through `storage` (e.g. one that fails). */
const appWithStorage = (storage: FileStorage) =>
  new ApiClient(createTestApp(database, { DATA_DIR: dataDir }, { storage }).app, { onAnswer: record });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "ignite-documents-"));
  uploadsDir = path.join(dataDir, "uploads");
  database = await openTestDatabase();
  testApp = createTestApp(database, { DATA_DIR: dataDir });
  api = new ApiClient(testApp.app, { onAnswer: record });
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// ---- real files ----------------------------------------------------------------------------------

const pdf = (text = "Statement of purpose") =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
const png = (background = "#c2410c") =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
/** 800x600, stored with EXIF orientation 6 (rotate 90°) and a copyright string that must not survive. */
const jpegWithExif = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#1d4ed8" } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret-owner" } } })
    .toBuffer();
const legacyDoc = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(504)]);

/** A minimal stored (uncompressed) zip. */
function zip(entries: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, data);
    central.push(entry, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  const count = Object.keys(entries).length;
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
const docx = () =>
  zip({
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    "word/document.xml":
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Letter</w:t></w:r></w:p></w:body></w:document>',
  });

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

// ---- calls -----------------------------------------------------------------------------------------

async function record(response: Response): Promise<void> {
  seen.push([...response.headers.entries()].map(([k, v]) => `${k}: ${v}`).join("\n"));
  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("json") || type.startsWith("text/")) seen.push(await response.clone().text());
}

/** A visitor (no student) sends no cookie. */
const cookieOf = (student?: { cookie: string }) => student?.cookie ?? "";

const upload = (student: Student | undefined, attachmentType: string, bytes: Uint8Array, name: string, via: ApiClient = api) =>
  uploadDocument(via, student, attachmentType, { bytes, name });
const uploadPhoto = (student: Student | undefined, bytes: Uint8Array, name = "me.jpg") =>
  api.fetch("/api/v1/students/me/photo", {
    form: documentForm({ file: { bytes, name, type: "image/jpeg" } }),
    cookie: cookieOf(student),
  });
const list = async (student: Student) => {
  const answer = await api.get("/api/v1/students/me/files", { cookie: student.cookie });
  expect(answer.status).toBe(200);
  return answer.body.data as {
    attachment_type: string;
    file: string;
    name: string;
    size: number;
    content_type: string;
  }[];
};
const remove = (student: Student | undefined, attachmentType: string) =>
  api.fetch(`/api/v1/students/me/files/${encodeURIComponent(attachmentType)}`, { method: "DELETE", cookie: cookieOf(student) });
const download = (url: string, student?: Student) => api.fetch(url, { cookie: cookieOf(student) });

async function uploaded(student: Student, attachmentType: string, bytes: Uint8Array, name: string) {
  const response = await upload(student, attachmentType, bytes, name);
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.data as {
    attachment_type: string;
    file: string;
    name: string;
    size: number;
    content_type: string;
    uploaded_at: string;
  };
}

const storageKeyOf = async (studentId: number, attachmentType: typeof studentFiles.$inferSelect.attachmentType) => {
  const [row] = await database.db
    .select({ storageKey: studentFiles.storageKey })
    .from(studentFiles)
    .where(
      and(
        eq(studentFiles.studentId, studentId),
        eq(studentFiles.attachmentType, attachmentType),
        isNull(studentFiles.supersededAt),
      ),
    );
  return row?.storageKey;
};
const storedFiles = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir) : []);

// ---- tests -----------------------------------------------------------------------------------------

describe("uploading documents", () => {
  let ananya: Student;
  beforeAll(async () => {
    ananya = await createStudent(api, { name: "Ananya Menon" });
  });

  it("stores a real PDF and serves it back to its owner with safe headers", async () => {
    const bytes = pdf();
    const response = await upload(ananya, "CV/Resume", bytes, "C:\\fakepath\\My CV (final).PDF");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.message).toBe("CV/Resume uploaded successfully");
    expect(body.data).toMatchObject({
      attachment_type: "CV/Resume",
      name: "My CV (final).pdf",
      size: bytes.length,
      content_type: "application/pdf",
    });
    expect(body.data.file).toMatch(/^\/files\/[A-Za-z0-9_-]{24}$/);
    expect(new Date(body.data.uploaded_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const file = await download(body.data.file, ananya);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="My CV \(final\)\.pdf"/);
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    expect(file.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");

    const head = await api.fetch(body.data.file, { method: "HEAD", cookie: ananya.cookie });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(bytes.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    // Asked inline, a PDF opens in the browser's viewer, under the same nosniff and sandboxing CSP (decision 0035).
    const inline = await download(`${body.data.file}?inline=1`, ananya);
    expect(inline.headers.get("Content-Disposition")).toMatch(/^inline; filename="My CV \(final\)\.pdf"/);
    expect(inline.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(inline.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
  });

  it("stores under a random hex name in DATA_DIR/uploads, never the user's name", async () => {
    const student = await createStudent(api, { name: "Kiran Shah" });
    await uploaded(student, "CV/Resume", pdf(), "Kiran Shah CV.pdf");
    const key = await storageKeyOf(student.studentId, "CV/Resume");
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(storedFiles()).toContain(key);
    for (const name of storedFiles()) expect(name).toMatch(/^[0-9a-f]{32}$/);
  });

  it("accepts PNG, JPEG, WebP, DOC and DOCX by their content, whatever their names say", async () => {
    const image = await png();
    const photo = await sharp(image).jpeg().toBuffer();
    const webp = await sharp(image).webp().toBuffer();
    const cases: [string, Uint8Array, string, string, string][] = [
      ["10th Grade", image, "marks.png", "image/png", "marks.png"],
      ["12th Grade", photo, "marks-12.JPEG", "image/jpeg", "marks-12.jpeg"],
      ["Passport", webp, "passport", "image/webp", "passport.webp"],
      ["Bachelors", legacyDoc(), "degree.doc", "application/msword", "degree.doc"],
      ["LOR", docx(), "letter.pdf", DOCX_TYPE, "letter.pdf.docx"],
    ];
    for (const [type, bytes, name, contentType, storedName] of cases) {
      const data = await uploaded(ananya, type, bytes, name);
      expect(data).toMatchObject({ attachment_type: type, content_type: contentType, name: storedName, size: bytes.length });
      const file = await download(data.file, ananya);
      expect(file.headers.get("Content-Type")).toBe(contentType);
      expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it("lets images be viewed inline when asked, and keeps non-ASCII names intact", async () => {
    const data = await uploaded(ananya, "Masters", await png("#15803d"), "relevé de notes.png");
    const inline = await download(`${data.file}?inline=1`, ananya);
    expect(inline.headers.get("Content-Disposition")).toBe(
      `inline; filename="relev_ de notes.png"; filename*=UTF-8''relev%C3%A9%20de%20notes.png`,
    );
    const attached = await download(data.file, ananya);
    expect(attached.headers.get("Content-Disposition")).toMatch(/^attachment; filename="relev_ de notes\.png"/);
  });

  it("lists the documents in the spec's attachment-type order, without the photo", async () => {
    // Uploaded out of order, with a photo among them.
    const student = await createStudent(api, { name: "Diya Kapoor" });
    for (const type of ["Masters", "10th Grade", "CV/Resume", "Passport", "Bachelors", "LOR", "12th Grade"])
      await uploaded(student, type, pdf(type), "document.pdf");
    expect((await uploadPhoto(student, await png())).status).toBe(200);
    const data = await list(student);
    const types = data.map((d) => d.attachment_type);
    expect(types).toEqual(attachmentTypes.filter((t) => types.includes(t)));
    expect(types).toEqual(["CV/Resume", "LOR", "Passport", "10th Grade", "12th Grade", "Bachelors", "Masters"]);
    expect(types).not.toContain(PROFILE_PHOTO);
    for (const entry of data)
      expect(Object.keys(entry).sort()).toEqual([
        "attachment_type",
        "content_type",
        "file",
        "name",
        "review_message",
        "review_reason",
        "review_state",
        "size",
        "uploaded_at",
      ]);
  });

  it.each([
    ["a text file named .pdf", Buffer.from("just some text pretending to be a PDF\n"), "cv.pdf"],
    ["an HTML page named .pdf", Buffer.from("<!doctype html><script>alert(1)</script>"), "cv.pdf"],
    ["a plain zip named .docx", zip({ "notes.txt": "hello" }), "cv.docx"],
    ["a GIF", Buffer.from("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;"), "cv.gif"],
  ])("refuses %s by its content, with the allowed types named", async (_label, bytes, name) => {
    const response = await upload(ananya, "Documents 1", bytes, name);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).toBe("Upload a PDF, JPEG, PNG, WebP, DOC or DOCX file.");
    expect(body.error.fields.file).toBe("Upload a PDF, JPEG, PNG, WebP, DOC or DOCX file.");
    expect((await list(ananya)).map((d) => d.attachment_type)).not.toContain("Documents 1");
  });

  it("refuses a file over 10 MB with the limit named, while it streams in and once parsed", async () => {
    const before = storedFiles().length;
    for (const size of [11 * MB, 10 * MB + 100 * 1024]) {
      const bytes = Buffer.concat([pdf(), Buffer.alloc(size - pdf().length, 0x20)]);
      const response = await upload(ananya, "Documents 2", bytes, "big.pdf");
      expect(response.status).toBe(413);
      expect((await response.json()).message).toBe("Files can be at most 10 MB.");
    }
    expect(storedFiles().length).toBe(before);
  });

  it("refuses a body whose declared length is over the limit without reading it", async () => {
    const request = new Request("http://localhost/api/v1/students/me/files", {
      method: "POST",
      body: documentForm({ attachment_type: "SOP", file: { bytes: Buffer.alloc(11 * MB), name: "big.pdf" } }),
    });
    const body = await request.arrayBuffer();
    const response = await api.fetch("/api/v1/students/me/files", {
      method: "POST",
      cookie: ananya.cookie,
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "", "Content-Length": String(body.byteLength) },
      body,
    });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe("Files can be at most 10 MB.");
  });

  it("accepts a file of exactly 10 MB", async () => {
    const bytes = Buffer.concat([pdf(), Buffer.alloc(10 * MB - pdf().length, 0x20)]);
    const data = await uploaded(ananya, "Documents 3", bytes, "exact.pdf");
    expect(data.size).toBe(10 * MB);
    expect((await remove(ananya, "Documents 3")).status).toBe(200);
  });

  it("refuses an unknown attachment type, a missing file, an empty file and a body that is not multipart", async () => {
    const wrongType = await upload(ananya, "Selfie", pdf(), "a.pdf");
    expect(wrongType.status).toBe(400);
    const wrong = await wrongType.json();
    expect(wrong.error.fields.attachment_type).toBe("Choose an attachment type from the list.");

    const noFile = await api.fetch("/api/v1/students/me/files", {
      cookie: ananya.cookie,
      form: documentForm({ attachment_type: "SOP" }),
    });
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).message).toBe("Choose a file to upload.");

    const fileAsText = await api.fetch("/api/v1/students/me/files", {
      cookie: ananya.cookie,
      form: documentForm({ attachment_type: "SOP", file: "not a file" }),
    });
    expect((await fileAsText.json()).message).toBe("Choose a file to upload.");

    const empty = await upload(ananya, "SOP", new Uint8Array(0), "empty.pdf");
    expect((await empty.json()).message).toBe("Choose a file to upload.");

    const json = await api.fetch("/api/v1/students/me/files", {
      cookie: ananya.cookie,
      json: { attachment_type: "SOP", file: "JVBERi0xLjQ=" },
    });
    expect(json.status).toBe(400);
    expect((await json.json()).message).toBe("Send the file as multipart/form-data.");
  });
});

describe("replacing and deleting", () => {
  let ravi: Student;
  beforeAll(async () => {
    ravi = await createStudent(api, { name: "Ravi Kumar" });
  });

  it("keeps one current file per type: a new SOP replaces the old for the student, the old version is kept for staff", async () => {
    const first = await uploaded(ravi, "SOP", pdf("first"), "sop-v1.pdf");
    const firstKey = await storageKeyOf(ravi.studentId, "SOP");
    const second = await uploaded(ravi, "SOP", docx(), "sop-v2.docx");
    const secondKey = await storageKeyOf(ravi.studentId, "SOP");

    const sops = (await list(ravi)).filter((d) => d.attachment_type === "SOP");
    expect(sops).toEqual([expect.objectContaining({ file: second.file, name: "sop-v2.docx", content_type: DOCX_TYPE })]);
    expect(second.file).not.toBe(first.file);
    expect((await download(first.file, ravi)).status).toBe(404);
    expect((await download(second.file, ravi)).status).toBe(200);
    // The earlier version stays stored: staff reviewed it, and the correction loop keeps its history.
    expect(firstKey && existsSync(path.join(uploadsDir, firstKey))).toBe(true);
    expect(secondKey && existsSync(path.join(uploadsDir, secondKey))).toBe(true);
  });

  it("leaves the previous document in place when a replacement is refused", async () => {
    const original = pdf("original letter");
    const before = await uploaded(ravi, "LOR", original, "lor.pdf");
    const refused = await upload(ravi, "LOR", Buffer.from("plain text, not a letter"), "lor.pdf");
    expect(refused.status).toBe(400);
    const file = await download(before.file, ravi);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(original)).toBe(true);
    expect((await list(ravi)).find((d) => d.attachment_type === "LOR")?.file).toBe(before.file);
  });

  it("leaves the previous document in place, and no stray file, when storing the new one fails", async () => {
    const original = pdf("passport scan");
    const before = await uploaded(ravi, "Passport", original, "passport.pdf");
    const files = storedFiles().sort();
    const failing: FileStorage = {
      put: async () => {
        throw new Error("disk full");
      },
      get: () => Promise.reject(new Error("unused")),
      delete: () => Promise.reject(new Error("unused")),
    };
    const response = await upload(ravi, "Passport", pdf("new passport"), "passport.pdf", appWithStorage(failing));
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).not.toContain("disk full");
    expect(storedFiles().sort()).toEqual(files);
    const file = await download(before.file, ravi);
    expect(Buffer.from(await file.arrayBuffer()).equals(original)).toBe(true);
  });

  it("removes the new stored file when recording it fails", async () => {
    const doomed = await createStudent(api, { name: "Doomed Account" });
    const files = storedFiles().sort();
    // The account disappears between storing and recording: the insert fails on its foreign key.
    const disk = createLocalFileStorage(uploadsDir);
    const vanishing: FileStorage = {
      ...disk,
      put: async (key, bytes) => {
        await disk.put(key, bytes);
        expect(storedFiles()).toContain(key);
        await database.db.delete(students).where(eq(students.id, doomed.studentId));
      },
    };
    const response = await upload(doomed, "SOP", pdf(), "sop.pdf", appWithStorage(vanishing));
    expect(response.status).not.toBe(200);
    expect(storedFiles().sort()).toEqual(files);
  });

  it("deletes a document by its URL-encoded type; a second delete or an unknown type is 404", async () => {
    const cv = await uploaded(ravi, "CV/Resume", pdf("cv"), "cv.pdf");
    const key = await storageKeyOf(ravi.studentId, "CV/Resume");
    const response = await remove(ravi, "CV/Resume");
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe("CV/Resume deleted successfully");
    expect((await list(ravi)).map((d) => d.attachment_type)).not.toContain("CV/Resume");
    expect((await download(cv.file, ravi)).status).toBe(404);
    expect(key && existsSync(path.join(uploadsDir, key))).toBe(false);

    const again = await remove(ravi, "CV/Resume");
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe("No CV/Resume uploaded.");
    for (const unknown of ["Selfie", PROFILE_PHOTO, "..%2F..%2Fetc"]) {
      const answer = await api.fetch(`/api/v1/students/me/files/${encodeURIComponent(unknown)}`, {
        method: "DELETE",
        cookie: ravi.cookie,
      });
      expect(answer.status).toBe(404);
    }
  });
});

describe("the profile photo", () => {
  it("re-encodes a JPEG upright, within 512x512, as WebP, without its metadata", async () => {
    const meera = await createStudent(api, { name: "Meera Nair" });
    const original = await jpegWithExif();
    expect(original.includes("secret-owner")).toBe(true);
    const response = await uploadPhoto(meera, original);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.message).toBe("Profile picture updated successfully");
    expect(body.data.photo).toMatch(/^\/files\/[A-Za-z0-9_-]{24}$/);
    expect(await testApp.documents.photoUrl(meera.studentId)).toBe(body.data.photo);

    const file = await download(body.data.photo, meera);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/webp");
    expect(file.headers.get("Content-Disposition")).toMatch(/^inline; filename="profile-photo\.webp"/);
    expect(file.headers.get("Cache-Control")).toBe("private, max-age=3600");
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(file.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    const served = Buffer.from(await file.arrayBuffer());
    expect(served.includes("secret-owner")).toBe(false);
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 384, height: 512 });
    expect(meta.exif).toBeUndefined();

    const key = await storageKeyOf(meera.studentId, PROFILE_PHOTO);
    const onDisk = readFileSync(path.join(uploadsDir, key ?? "missing"));
    expect(onDisk.includes("secret-owner")).toBe(false);
    expect((await list(meera)).map((d) => d.attachment_type)).not.toContain(PROFILE_PHOTO);
  });

  it("replaces the photo: the old URL is gone", async () => {
    const meera = await createStudent(api, { name: "Meera Nair" });
    expect((await uploadPhoto(meera, await jpegWithExif())).status).toBe(200);
    const before = await testApp.documents.photoUrl(meera.studentId);
    expect(before).not.toBeNull();
    const response = await uploadPhoto(meera, await png("#7c3aed"), "new.png");
    expect(response.status).toBe(200);
    const after = (await response.json()).data.photo;
    expect(after).not.toBe(before);
    expect(await testApp.documents.photoUrl(meera.studentId)).toBe(after);
    expect((await download(before ?? "", meera)).status).toBe(404);
    const meta = await sharp(Buffer.from(await (await download(after, meera)).arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 64, height: 64 }); // never enlarged
  });

  it("refuses a PDF, a text file, a broken JPEG and a photo over 5 MB", async () => {
    // The photo she has stays.
    const meera = await createStudent(api, { name: "Meera Nair" });
    expect((await uploadPhoto(meera, await png())).status).toBe(200);
    const cases: [Uint8Array, number, string][] = [
      [pdf(), 400, "Upload a JPEG, PNG or WebP photo."],
      [Buffer.from("hello, I am a photo"), 400, "Upload a JPEG, PNG or WebP photo."],
      [
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]),
        400,
        "We could not read this photo. Upload a JPEG, PNG or WebP photo.",
      ],
      [Buffer.concat([await jpegWithExif(), Buffer.alloc(6 * MB)]), 413, "Photos can be at most 5 MB."],
      [Buffer.concat([await jpegWithExif(), Buffer.alloc(5 * MB + 10 * 1024)]), 413, "Photos can be at most 5 MB."],
    ];
    const before = await testApp.documents.photoUrl(meera.studentId);
    for (const [bytes, status, message] of cases) {
      const response = await uploadPhoto(meera, bytes);
      expect(response.status).toBe(status);
      expect((await response.json()).message).toBe(message);
    }
    expect(await testApp.documents.photoUrl(meera.studentId)).toBe(before);
  });

  it("is null for a student without a photo", async () => {
    const other = await createStudent(api, { name: "No Photo" });
    expect(await testApp.documents.photoUrl(other.studentId)).toBeNull();
  });
});

describe("only the owner reaches a file", () => {
  let owner: Student;
  let intruder: Student;
  let ownerSop: Awaited<ReturnType<typeof uploaded>>;
  let ownerPhoto: string;
  const ownerBytes = pdf("the owner's statement");

  beforeAll(async () => {
    owner = await createStudent(api, { name: "Owner Student" });
    intruder = await createStudent(api, { name: "Other Student" });
    ownerSop = await uploaded(owner, "SOP", ownerBytes, "sop.pdf");
    ownerPhoto = (await (await uploadPhoto(owner, await png())).json()).data.photo;
  });

  it("answers another student 404 for the owner's files, never 403", async () => {
    for (const url of [ownerSop.file, `${ownerSop.file}?inline=1`, ownerPhoto]) {
      const response = await download(url, intruder);
      expect(response.status).toBe(404);
      expect((await response.json()).message).toBe("File not found");
    }
  });

  it("answers a visitor 404 on /files and 401 on every API call", async () => {
    for (const url of [ownerSop.file, ownerPhoto]) expect((await download(url)).status).toBe(404);
    const calls = [
      api.fetch("/api/v1/students/me/files"),
      upload(undefined, "SOP", pdf(), "sop.pdf"),
      remove(undefined, "SOP"),
      uploadPhoto(undefined, await png()),
      api.fetch("/api/v1/students/me/files", { cookie: "ignite_session=not-a-real-session" }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe("unauthenticated");
    }
  });

  it("answers a guessed or malformed id 404, the same as someone else's", async () => {
    const guesses = [
      `/files/${randomBytes(18).toString("base64url")}`,
      "/files/short",
      `/files/${"A".repeat(25)}`,
      "/files/..%2F..%2Fetc%2Fpasswd",
      `/files/${encodeURIComponent(ownerSop.file.slice(7, 30))}`,
    ];
    for (const url of guesses) {
      const response = await download(url, owner);
      expect(response.status).toBe(404);
      expect((await response.json()).message).toBe("File not found");
    }
  });

  it("never lists, deletes or replaces the owner's files for another student", async () => {
    expect(await list(intruder)).toEqual([]);
    // Deleting "SOP" means the caller's own SOP: the intruder has none.
    expect((await remove(intruder, "SOP")).status).toBe(404);
    // An id in the form is ignored: the owner comes from the session.
    const response = await api.fetch("/api/v1/students/me/files", {
      cookie: intruder.cookie,
      form: documentForm({
        attachment_type: "SOP",
        student_id: String(owner.studentId),
        file: { bytes: pdf("intruder"), name: "x.pdf" },
      }),
    });
    expect(response.status).toBe(200);
    const intruderSop = (await response.json()).data;
    expect((await uploadPhoto(intruder, await png("#000000"))).status).toBe(200);

    expect((await list(intruder)).map((d) => d.file)).toEqual([intruderSop.file]);
    expect((await list(owner)).map((d) => d.file)).toEqual([ownerSop.file]);
    const file = await download(ownerSop.file, owner);
    expect(Buffer.from(await file.arrayBuffer()).equals(ownerBytes)).toBe(true);
    expect(await testApp.documents.photoUrl(owner.studentId)).toBe(ownerPhoto);
    expect((await download(ownerPhoto, owner)).status).toBe(200);
    expect((await download(intruderSop.file, owner)).status).toBe(404);
  });

  it("stops serving files once the owner logs out", async () => {
    const session = await createStudent(api, { name: "Leaving Student" });
    const data = await uploaded(session, "SOP", pdf(), "sop.pdf");
    expect((await api.fetch("/api/v1/auth/logout", { method: "POST", cookie: session.cookie })).status).toBe(200);
    expect((await download(data.file, session)).status).toBe(404);
  });
});

describe("what one student's uploads may cost the server", () => {
  it("refuses photos whose canvas is over 25 megapixels before decoding them, ten at once, while others log in quickly", async () => {
    // 7000 x 7000 pixels (49 MP) of one colour: a small file that would take 150 MB to decode.
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: "#0f766e" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(MB);
    const sender = await createStudent(api);
    const others = await Promise.all([createStudent(api), createStudent(api), createStudent(api)]);
    const bombs = Promise.all(Array.from({ length: 10 }, () => uploadPhoto(sender, bomb, "bomb.png")));
    const loginTimes: number[] = [];
    for (const other of others) {
      const started = performance.now();
      const login = await api.post("/api/v1/auth/login", { email: other.email, password: other.password });
      loginTimes.push(performance.now() - started);
      expect(login.status).toBe(200);
    }
    for (const response of await bombs) {
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(
        "This photo is too big to process (at most 25 megapixels). Upload a smaller one.",
      );
    }
    expect(Math.max(...loginTimes)).toBeLessThan(1000);
    expect(await testApp.documents.photoUrl(sender.studentId)).toBeNull();
  });

  it("holds each student to 50 MB in all; replacing a document makes room", async () => {
    const meena = await createStudent(api);
    const big = Buffer.concat([pdf(), Buffer.alloc(10 * MB - pdf().length, 0x20)]);
    for (const type of ["Bachelors", "Masters", "Documents 1", "Documents 2", "Documents 3"])
      await uploaded(meena, type, big, "big.pdf");
    const refused = await upload(meena, "SOP", pdf("one more"), "sop.pdf");
    expect(refused.status).toBe(413);
    expect((await refused.json()).message).toBe(
      "Your documents can take up at most 50 MB in all. Delete or replace a document to make room.",
    );
    expect((await list(meena)).map((d) => d.attachment_type)).not.toContain("SOP");
    // A replacement counts instead of the file it replaces.
    await uploaded(meena, "Documents 3", pdf("smaller"), "small.pdf");
    await uploaded(meena, "SOP", pdf("now it fits"), "sop.pdf");
  });

  it("counts each student's uploads: the 31st within an hour is refused with 429 before any work is done on it", async () => {
    const frozen = new Date("2026-11-23T10:00:00Z");
    const counted = new ApiClient(
      createTestApp(database, { DATA_DIR: dataDir }, { rateLimiter: createDatabaseRateLimiter(database.db, () => frozen) }).app,
      { onAnswer: record },
    );
    const busy = await createStudent(api);
    for (let i = 1; i <= 30; i++) {
      const response = await upload(busy, "Documents 1", pdf(`version ${i}`), "notes.pdf", counted);
      expect(response.status, `upload ${i}`).toBe(200);
    }
    const refused = await upload(busy, "Documents 1", pdf("one too many"), "notes.pdf", counted);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await refused.json()).message).toMatch(/^You have uploaded many files in a short time\. Please wait \d+ minutes/);
    // Another student is not affected.
    const other = await createStudent(api);
    expect((await upload(other, "Documents 1", pdf(), "notes.pdf", counted)).status).toBe(200);
  });
});

describe("what answers reveal", () => {
  it("no answer carried a storage path, the uploads folder or a storage key", async () => {
    // Answers of its own to look through (besides the other tests'): every type uploaded, listed, fetched.
    const student = await createStudent(api, { name: "Zoya Khan" });
    for (const type of attachmentTypes) {
      const data = await uploaded(student, type, pdf(type), `${type.replace("/", " ")}.pdf`);
      await list(student);
      await download(data.file, student);
      await api.fetch(data.file, { method: "HEAD", cookie: student.cookie });
    }
    expect((await uploadPhoto(student, await png())).status).toBe(200);
    const keys = (await database.db.select({ key: studentFiles.storageKey }).from(studentFiles)).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(5);
    expect(seen.length).toBeGreaterThan(50);
    const everything = seen.join("\n");
    expect(everything).not.toContain(dataDir);
    expect(everything).not.toContain(uploadsDir);
    expect(everything).not.toMatch(/uploads\//);
    for (const key of [...keys, ...storedFiles()]) expect(everything).not.toContain(key);
    expect(storedFiles().filter((name) => name.startsWith("."))).toEqual([]);
  });
});
