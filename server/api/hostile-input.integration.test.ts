import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countries, courses, universities } from "../../modules/catalogue/tables.ts";
import { studentFiles } from "../../modules/documents/tables.ts";
import { scholarships } from "../../modules/scholarships/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { applicableIntake, createBooking, createStudent, type Student, uploadDocument } from "../../tests/support/factories.ts";
import { createStaffMember, signInStaff } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Decision 0034: a NUL byte (PostgreSQL refuses it in text) or another control character in any
 * text the API reads answers 400 in the error shape, never 500. The operations and their string fields
 * come from the published OpenAPI document, so a new endpoint is swept without being named here.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let student: Student;
let adminCookie: string;
const ids: Record<string, string> = {};

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked as plain JSON.
type Json = any;
let doc: Json;

beforeAll(async () => {
  database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-hostile-"));
  testApp = createTestApp(database, { DATA_DIR: dataDir });
  api = new ApiClient(testApp.app);
  const admin = await createStaffMember(testApp, { email: "admin@hostile.test", role: "admin" });
  adminCookie = await signInStaff(api, admin.email, admin.password);
  student = await createStudent(api, { name: "Hostile Input" });
  const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
  expect((await uploadDocument(api, student, "SOP", { bytes: pdf, name: "sop.pdf" })).status).toBe(200);
  const [file] = await database.db.select().from(studentFiles).where(eq(studentFiles.studentId, student.studentId));
  const [course] = await database.db
    .select({ id: courses.id, universityId: universities.id, countryId: countries.id })
    .from(courses)
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .limit(1);
  const [scholarship] = await database.db.select({ id: scholarships.id }).from(scholarships).limit(1);
  if (!file || !course || !scholarship) throw new Error("the test database lacks a file, a course or a scholarship");
  const created = await api.post(
    `/api/v1/staff/students/${student.studentId}/applications`,
    { courseId: course.id, ...(await applicableIntake(database.db, course.id)) },
    { cookie: adminCookie },
  );
  expect(created.status).toBe(201);
  const lead = await createBooking(api);
  const colleague = await createStaffMember(testApp, { email: "colleague@hostile.test", role: "counsellor" });
  const form = new FormData();
  form.set("kind", "universities");
  form.set(
    "file",
    new File(["name,city,country,type\nHostile College,Bonn,Germany,Private\n"], "catalogue.csv", { type: "text/csv" }),
  );
  const uploaded = await api.call("/api/v1/staff/catalogue/imports", { method: "POST", form, cookie: adminCookie });
  expect(uploaded.status).toBeLessThan(300);
  Object.assign(ids, {
    leadId: String(lead.body.data.id),
    studentId: String(student.studentId),
    applicationId: String(created.body.data.id),
    publicId: file.publicId,
    universityId: String(course.universityId),
    courseId: String(course.id),
    countryId: String(course.countryId),
    scholarshipId: String(scholarship.id),
    currency: "USD",
    staffId: String(colleague.staffId),
    importId: String(uploaded.body.data.id),
    // A recommender's link (decision 0075): one no invitation holds, which answers as a link gone would.
    token: "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd",
    letterId: "1",
    // The SOP's paths (decision 0072) and an offer's (decision 0078).
    kind: "sop",
    versionId: "1",
    commentId: "1",
    offerId: "1",
    // A departure checklist step (decision 0083).
    item: "flight",
    // An intake whose deadline is moved (decision 0088): the body is read before the intake is looked up.
    intakeId: "1",
  });
  doc = (await api.get("/api/openapi.json")).body;
});
afterAll(async () => {
  await testApp.consultations.settle();
  await database.close();
});

const resolve = (schema: Json): Json => {
  if (schema?.$ref) return resolve(doc.components.schemas[String(schema.$ref).split("/").pop() ?? ""]);
  return schema ?? {};
};
const types = (schema: Json): string[] => {
  const s = resolve(schema);
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
  return [...(Array.isArray(s.type) ? s.type : s.type ? [s.type] : []), ...branches.flatMap(types)];
};
const propertiesOf = (schema: Json): Record<string, Json> => {
  const s = resolve(schema);
  return Object.assign({}, s.properties ?? {}, ...[...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(propertiesOf));
};

/** Every place a string can go in a body: a body with that string and nothing else, to send with `bad` in it. */
function stringSlots(schema: Json, bad: string): { field: string; body: unknown }[] {
  const slots: { field: string; body: unknown }[] = [];
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    const kinds = types(property);
    if (kinds.includes("string")) slots.push({ field: name, body: { [name]: bad } });
    if (kinds.includes("array")) {
      const items = resolve(resolve(property).items ?? resolve(property).anyOf?.find((b: Json) => b.items)?.items);
      if (types(items).includes("string")) slots.push({ field: `${name}[]`, body: { [name]: [bad] } });
      for (const [inner, innerProperty] of Object.entries(propertiesOf(items)))
        if (types(innerProperty).includes("string"))
          slots.push({ field: `${name}[].${inner}`, body: { [name]: [{ [inner]: bad }] } });
    }
    if (kinds.includes("object")) {
      for (const [inner, innerProperty] of Object.entries(propertiesOf(property)))
        if (types(innerProperty).includes("string"))
          slots.push({ field: `${name}.${inner}`, body: { [name]: { [inner]: bad } } });
      if (resolve(property).additionalProperties)
        slots.push(
          { field: `${name}.*`, body: { [name]: { note: bad } } },
          { field: `${name}.key`, body: { [name]: { [bad]: "x" } } },
        );
    }
  }
  return slots;
}

/** A value the schema accepts as far as its document says (examples, enums, formats and bounds), for an otherwise valid body. */
function validValue(schema: Json): unknown {
  const s = resolve(schema);
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].filter((b: Json) => resolve(b).type !== "null");
  if (!s.type && branches.length) return validValue(branches[0]);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
  if (type === "string") {
    if (s.format === "email") return "someone@example.in";
    if (s.format === "date") return new Date().toISOString().slice(0, 10);
    if (s.format === "date-time") return new Date().toISOString();
    if (s.format === "uri" || s.format === "url") return "https://example.in/";
    if (s.format === "uuid") return "00000000-0000-4000-8000-000000000000";
    if (s.pattern === "^[A-Z]{3}$") return "USD";
    return "Valid text".padEnd(Math.max(s.minLength ?? 0, 10), "x").slice(0, s.maxLength ?? 10_000);
  }
  if (type === "integer" || type === "number")
    return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
  if (type === "boolean") return false;
  if (type === "array") return s.minItems ? [validValue(s.items)] : [];
  if (type === "object") return validBody(s);
  return "x";
}

/** Values the document cannot say (a phone number's or a name's rule), by the field's name. */
const validByName: Array<[RegExp, unknown]> = [
  [/e-?mail/i, "someone@example.in"],
  [/phone/i, "+919876543210"],
  [/password/i, "A-valid-Passw0rd-2026"],
  [/^dob$|birth/i, "2000-01-15"],
  [/passport/i, "K1234567"],
  [/name/i, "Asha Rao"],
  [/address/i, "12 MG Road, Pune"],
];

function validBody(schema: Json): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(propertiesOf(schema)).map(([name, property]) => {
      const s = resolve(property);
      const byName = !s.enum && !s.format && types(property).includes("string") && validByName.find(([re]) => re.test(name));
      return [name, byName ? byName[1] : validValue(property)];
    }),
  );
}

/** The operations with a JSON body, with their path filled from real records and the role they need. */
function jsonOperations() {
  const found: { method: string; path: string; schema: Json; security: string | null }[] = [];
  for (const [template, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      const schema = operation?.requestBody?.content?.["application/json"]?.schema;
      if (!schema) continue;
      const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
        if (!ids[name]) throw new Error(`the sweep has no record for {${name}} in ${template}: add one above`);
        return ids[name];
      });
      const security = Object.keys(operation.security?.[0] ?? {})[0] ?? null;
      found.push({ method: method.toUpperCase(), path: filled, schema, security });
    }
  }
  return found;
}

const cookieFor = (security: string | null) =>
  security === "staffSession" ? adminCookie : security === "studentSession" ? student.cookie : "";

describe("control characters in a JSON body", () => {
  for (const [label, bad] of [
    ["a NUL byte", "abc\u0000def"],
    ["an escape character", "abc\u001bdef"],
  ] as const) {
    it(`${label} in any string field of any operation answers 400 in the error shape`, async () => {
      const operations = jsonOperations();
      expect(operations.length).toBeGreaterThan(40);
      const outcomes: string[] = [];
      let sent = 0;
      for (const operation of operations) {
        const slots = stringSlots(operation.schema, bad);
        for (const slot of slots) {
          sent += 1;
          const answer = await api.fetch(operation.path, {
            method: operation.method,
            json: slot.body,
            cookie: cookieFor(operation.security),
          });
          const body = answer.headers.get("Content-Type")?.includes("json") ? await answer.json() : {};
          const ok = answer.status === 400 && body.error?.code === "invalid_input" && typeof body.message === "string";
          if (!ok) outcomes.push(`${operation.method} ${operation.path} ${slot.field}: ${answer.status} ${JSON.stringify(body)}`);
        }
      }
      expect(sent).toBeGreaterThan(120);
      expect(outcomes).toEqual([]);
    }, 120_000);
  }

  it("a NUL in each string field of an otherwise valid body answers 400 naming the field, never 500", async () => {
    const outcomes: string[] = [];
    const unnamed: string[] = [];
    let sent = 0;
    for (const operation of jsonOperations()) {
      const valid = validBody(operation.schema);
      for (const [name, property] of Object.entries(propertiesOf(operation.schema))) {
        if (!types(property).includes("string")) continue;
        sent += 1;
        const answer = await api.fetch(operation.path, {
          method: operation.method,
          json: { ...valid, [name]: "abc\u0000def" },
          cookie: cookieFor(operation.security),
        });
        const body = answer.headers.get("Content-Type")?.includes("json") ? await answer.json() : {};
        // A 400 in the error shape naming the field (its own rule may speak first) or the characters.
        const refused = answer.status === 400 && body.error?.code === "invalid_input";
        if (!refused) outcomes.push(`${operation.method} ${operation.path} ${name}: ${answer.status} ${JSON.stringify(body)}`);
        else if (!body.error.fields?.[name] && !/control characters/.test(JSON.stringify(body)))
          unnamed.push(`${operation.method} ${operation.path} ${name}: ${JSON.stringify(body.error.fields)}`);
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(outcomes).toEqual([]);
    // The rest of a body is made from the document alone: a field whose rule it cannot state (one value
    // equal to another, a record's own checks) may still fail, and that answer names it instead.
    expect(unnamed.length, unnamed.join("\n")).toBeLessThan(sent / 10);
  }, 120_000);

  it("names the field and says what to do", async () => {
    const answer = await api.post("/api/v1/auth/login", { email: "someone@example.in", password: "pass\u0000word" });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ password: expect.stringContaining("control characters") });
    // Line breaks and tabs are text: a note may have them.
    const note = await api.post(
      `/api/v1/staff/students/${student.studentId}/notes`,
      { body: "first line\n\tsecond line" },
      { cookie: adminCookie },
    );
    expect(note.status).toBeLessThan(300);
  });
});

describe("control characters in an address", () => {
  it("a path or any query parameter of a GET operation with a NUL answers 400, not 500", async () => {
    expect((await api.get("/api/catalogue/search/abc%00def")).status).toBe(400);
    const outcomes: string[] = [];
    for (const [template, item] of Object.entries<Json>(doc.paths)) {
      const operation = item.get;
      if (!operation) continue;
      const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? "abc%00def");
      const cookie = cookieFor(Object.keys(operation.security?.[0] ?? {})[0] ?? null);
      for (const parameter of (operation.parameters ?? []).map(resolve)) {
        if (parameter.in !== "query") continue;
        const answer = await api.get(`${filled}?${parameter.name}=abc%00def`, { cookie });
        if (answer.status !== 400 || answer.body?.error?.code !== "invalid_input")
          outcomes.push(`GET ${filled}?${parameter.name}: ${answer.status}`);
      }
    }
    expect(outcomes).toEqual([]);
    for (const list of ["/api/v1/staff/leads", "/api/v1/staff/students", "/api/v1/staff/applications"]) {
      const answer = await api.get(`${list}?q=abc%00def`, { cookie: adminCookie });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(/control characters/);
    }
  });
});

/**
 * A lone UTF-16 surrogate (`"\ud800"` in JSON, which PostgreSQL refuses in text) answered 500 on the
 * staff API (decision 0048). Every JSON body is read the way a form's is: the surrogate becomes U+FFFD.
 */
describe("a lone surrogate in a JSON body", () => {
  const lone = "Lone \ud800 University";

  it("is read as U+FFFD: a university's name is saved with it, and the answer is never a 500", async () => {
    const [country] = await database.db.select({ id: countries.id }).from(countries).limit(1);
    const created = await api.post(
      "/api/v1/staff/catalogue/universities",
      { name: lone, city: "Pune \udc00", countryId: country?.id, type: "Private" },
      { cookie: adminCookie },
    );
    expect(created.status).toBe(201);
    const [row] = await database.db
      .select({ name: universities.name, city: universities.city })
      .from(universities)
      .where(eq(universities.id, created.body.data.id));
    expect(row).toEqual({ name: "Lone \ufffd University", city: "Pune \ufffd" });
    // A surrogate pair (a character beyond the first plane) is text, and stays as typed.
    const pair = await api.put(
      `/api/v1/staff/catalogue/universities/${created.body.data.id}`,
      { name: "Lone 𝕌 University", city: "Pune", countryId: country?.id, type: "Private" },
      { cookie: adminCookie },
    );
    expect(pair.status).toBeLessThan(300);
  });

  it("in any string field of any operation (alone, then in an otherwise valid body) never answers 500", async () => {
    const outcomes: string[] = [];
    let sent = 0;
    const send = async (operation: ReturnType<typeof jsonOperations>[number], field: string, json: unknown) => {
      sent += 1;
      const answer = await api.fetch(operation.path, { method: operation.method, json, cookie: cookieFor(operation.security) });
      if (answer.status >= 500) outcomes.push(`${operation.method} ${operation.path} ${field}: ${answer.status}`);
    };
    for (const operation of jsonOperations()) {
      for (const slot of stringSlots(operation.schema, lone)) await send(operation, slot.field, slot.body);
    }
    for (const operation of jsonOperations()) {
      const valid = validBody(operation.schema);
      for (const [name, property] of Object.entries(propertiesOf(operation.schema))) {
        if (types(property).includes("string")) await send(operation, name, { ...valid, [name]: lone });
      }
    }
    expect(sent).toBeGreaterThan(220);
    expect(outcomes).toEqual([]);
  }, 180_000);
});
