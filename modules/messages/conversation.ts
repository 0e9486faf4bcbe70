import { and, asc, count, desc, eq, isNull, max, or, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { preparedRead } from "../../platform/db/prepared.ts";
import type { RateLimitRule } from "../../platform/rate-limit.ts";
import { CONVERSATION_SHOWN, MESSAGES_PER_HOUR, type MessageAuthor, messageMessages } from "../../vocabulary/messages.ts";
import { recordAudit } from "../audit-log.ts";
import { nowOf } from "../deps.ts";
import { type AttachedDocument, attachableDocument, attachedDocuments } from "../documents/documents.ts";
import { AppError, notFound } from "../errors.ts";
import { enforceLimit } from "../limits.ts";
import { deliverWithoutQueue } from "../outbox.ts";
import { answersConversationOf, canWorkStudents, conversationVisibleTo, type StaffMember } from "../policies.ts";
import { staff } from "../staff/tables.ts";
import { studentForStaff } from "../student-access.ts";
import { students } from "../students/tables.ts";
import { parseInput } from "../validation.ts";
import type { MessageDeps } from "./deps.ts";
import { messageSchema } from "./input.ts";
import { clearWaiting, mailIfDue, markWaiting } from "./notices.ts";
import { conversationMessages } from "./tables.ts";

/** One message as both sides read it. */
export interface ConversationMessage {
  id: number;
  author: MessageAuthor;
  /** The student's name, or the staff member's ("Former staff" once their account is gone). */
  authorName: string;
  body: string;
  at: Date;
  /** When the other side read it; null while unread. */
  readAt: Date | null;
  attachment: AttachedDocument | null;
}

/** A student's conversation: who looks after them, and the messages, oldest first. */
export interface Conversation {
  studentId: number;
  studentName: string;
  counsellor: { staffId: number; fullName: string } | null;
  messages: ConversationMessage[];
  /** The messages to the reader that were unread until this reading (now marked read when the reader answers for them). */
  newForReader: number;
}

export const messagesPerStudent: RateLimitRule = { name: "messages-student", limit: MESSAGES_PER_HOUR, windowSeconds: 3600 };

const FORMER_STAFF = "Former staff";

type Reader = Pick<Database, "select">;

async function studentWithCounsellor(db: Reader, studentId: number) {
  const [row] = await db
    .select({
      id: students.id,
      fullName: students.fullName,
      counsellorStaffId: students.counsellorStaffId,
      counsellorName: staff.fullName,
    })
    .from(students)
    .leftJoin(staff, eq(staff.id, students.counsellorStaffId))
    .where(eq(students.id, studentId));
  return row;
}

/** The newest messages (up to CONVERSATION_SHOWN, or all for the export), oldest first, with names and attachments. */
async function messagesOf(db: Reader, student: { id: number; fullName: string }, limit?: number) {
  const query = db
    .select({
      id: conversationMessages.id,
      author: conversationMessages.author,
      staffName: staff.fullName,
      body: conversationMessages.body,
      fileId: conversationMessages.fileId,
      at: conversationMessages.createdAt,
      readAt: conversationMessages.readAt,
    })
    .from(conversationMessages)
    .leftJoin(staff, eq(staff.id, conversationMessages.authorStaffId))
    .where(eq(conversationMessages.studentId, student.id))
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id));
  const rows = (limit ? await query.limit(limit) : await query).reverse();
  const files = await attachedDocuments(
    db,
    rows.flatMap((r) => (r.fileId ? [r.fileId] : [])),
  );
  return rows.map(
    (r): ConversationMessage => ({
      id: r.id,
      author: r.author,
      authorName: r.author === "student" ? student.fullName : (r.staffName ?? FORMER_STAFF),
      body: r.body,
      at: r.at,
      readAt: r.readAt,
      attachment: r.fileId ? (files.get(r.fileId) ?? null) : null,
    }),
  );
}

/** Marks read what `from` wrote to the reader and was unread; answers how many. */
async function markRead(db: Pick<Database, "update">, studentId: number, from: MessageAuthor, at: Date) {
  const read = await db
    .update(conversationMessages)
    .set({ readAt: at })
    .where(
      and(
        eq(conversationMessages.studentId, studentId),
        eq(conversationMessages.author, from),
        isNull(conversationMessages.readAt),
      ),
    )
    .returning({ id: conversationMessages.id });
  return read.length;
}

const counsellorOf = (row: { counsellorStaffId: number | null; counsellorName: string | null }) =>
  row.counsellorStaffId && row.counsellorName ? { staffId: row.counsellorStaffId, fullName: row.counsellorName } : null;

/** The student reads their conversation (the profile's "My counsellor"): what staff wrote is now read. */
export async function studentConversation(deps: MessageDeps, studentId: number): Promise<Conversation> {
  const student = await studentWithCounsellor(deps.db, studentId);
  if (!student) throw notFound("Student");
  const newForReader = await deps.db.transaction(async (tx) => {
    const read = await markRead(tx, studentId, "staff", nowOf(deps));
    await clearWaiting(tx, studentId, "student");
    return read;
  });
  return {
    studentId,
    studentName: student.fullName,
    counsellor: counsellorOf(student),
    messages: await messagesOf(deps.db, student, CONVERSATION_SHOWN),
    newForReader,
  };
}

/** Prepared once (decision 0110): the navbar's count, on every page a student opens. */
const unreadQuery = preparedRead((db) =>
  db
    .select({ unread: count() })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.studentId, sql.placeholder("studentId")),
        eq(conversationMessages.author, "staff"),
        isNull(conversationMessages.readAt),
      ),
    )
    .prepare("unread_for_student"),
);

/** How many messages from staff the student has not read yet (the navbar's count). */
export async function unreadForStudent(db: Reader, studentId: number): Promise<number> {
  const [row] = await unreadQuery(db).execute({ studentId });
  return row?.unread ?? 0;
}

/** Writes a message (the student's or a staff member's) and marks the other side as having news; the mail follows the quiet period. */
async function write(
  deps: MessageDeps,
  studentId: number,
  author: { kind: MessageAuthor; staffId: number | null },
  body: string,
  fileId: number | null,
  afterInsert?: (tx: Parameters<Parameters<Database["transaction"]>[0]>[0], messageId: number) => Promise<void>,
) {
  const now = nowOf(deps);
  const recipient: MessageAuthor = author.kind === "student" ? "staff" : "student";
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conversationMessages)
      .values({ studentId, author: author.kind, authorStaffId: author.staffId, body, fileId, createdAt: now })
      .returning({ id: conversationMessages.id });
    if (!row) throw new Error("insert returned no row");
    await afterInsert?.(tx, row.id);
    await markWaiting(tx, studentId, recipient, now);
    await mailIfDue(tx, deps, studentId, recipient);
    return row.id;
  });
  // Without a job queue (tests, the command line) the queued mail goes now, after the commit.
  await deliverWithoutQueue(deps);
  return id;
}

/** The signed-in student writes to their counsellor (the id is the session's); an attachment is one of their own documents. */
export async function writeAsStudent(deps: MessageDeps, studentId: number, raw: unknown): Promise<ConversationMessage> {
  const input = parseInput(messageSchema, raw);
  const student = await studentWithCounsellor(deps.db, studentId);
  if (!student) throw notFound("Student");
  await enforceLimit(deps.limiter, messagesPerStudent, String(studentId), () => messageMessages.tooMany);
  const attachment = input.attachment ? await attachableDocument(deps.db, studentId, input.attachment) : null;
  if (input.attachment && !attachment) {
    throw new AppError("invalid_input", messageMessages.chooseDocument, { attachment: messageMessages.chooseDocument });
  }
  const id = await write(deps, studentId, { kind: "student", staffId: null }, input.body, attachment?.fileId ?? null);
  return {
    id,
    author: "student",
    authorName: student.fullName,
    body: input.body,
    at: nowOf(deps),
    readAt: null,
    attachment,
  };
}

/**
 * A staff member reads a student's conversation (on the record, or through the API): only where they
 * may see the record (else 404, as the record) and the conversation (else 403). Every reading is in the
 * audit log, and so in the student's "who has seen my data"; the student's counsellor reading it (an
 * admin while there is none) marks the student's messages read.
 */
export async function conversationForStaff(deps: MessageDeps, member: StaffMember, studentId: number): Promise<Conversation> {
  const record = await studentForStaff(deps.db, member, studentId);
  if (!conversationVisibleTo(member, record)) throw new AppError("forbidden", messageMessages.cannotRead);
  const student = await studentWithCounsellor(deps.db, studentId);
  if (!student) throw notFound("Student");
  const newForReader = await deps.db.transaction(async (tx) => {
    const answering = answersConversationOf(member, record);
    const read = answering ? await markRead(tx, studentId, "student", nowOf(deps)) : 0;
    if (answering) await clearWaiting(tx, studentId, "staff");
    await recordAudit(tx, member, {
      action: "conversation.read",
      subjectType: "student",
      subjectId: studentId,
      studentId,
      after: { markedRead: read },
    });
    return read;
  });
  return {
    studentId,
    studentName: student.fullName,
    counsellor: counsellorOf(student),
    messages: await messagesOf(deps.db, student, CONVERSATION_SHOWN),
    newForReader,
  };
}

/**
 * A staff member writes to a student: admins to anyone, a counsellor to the students they look after;
 * anyone else (another counsellor's student, read-only staff, an id that is no student) is refused
 * with 403. Audited; answering marks the student's messages read.
 */
export async function writeAsStaff(deps: MessageDeps, member: StaffMember, studentId: number, raw: unknown) {
  const [student] = await deps.db
    .select({ id: students.id, counsellorStaffId: students.counsellorStaffId })
    .from(students)
    .where(eq(students.id, studentId));
  if (!student || !canWorkStudents(member) || !conversationVisibleTo(member, student)) {
    throw new AppError("forbidden", messageMessages.notYours);
  }
  const input = parseInput(messageSchema.omit({ attachment: true }), raw);
  const id = await write(deps, studentId, { kind: "staff", staffId: member.staffId }, input.body, null, async (tx, messageId) => {
    if (answersConversationOf(member, student)) {
      await markRead(tx, studentId, "student", nowOf(deps));
      await clearWaiting(tx, studentId, "staff");
    }
    await recordAudit(tx, member, {
      action: "conversation.written",
      subjectType: "student",
      subjectId: studentId,
      studentId,
      after: { messageId, length: input.body.length },
    });
  });
  return { id };
}

/** A student with messages the member has not read: for the console's home. */
export interface UnreadConversation {
  studentId: number;
  fullName: string;
  unread: number;
  lastAt: Date;
}

/**
 * The conversations waiting for this member: unread messages of the students they look after (and,
 * for admins, of students who have no counsellor yet), the oldest wait first.
 */
export async function unreadForStaff(
  deps: MessageDeps,
  member: StaffMember,
): Promise<{ total: number; students: UnreadConversation[] }> {
  const theirs = eq(students.counsellorStaffId, member.staffId);
  const whose = member.role === "admin" ? or(theirs, isNull(students.counsellorStaffId)) : theirs;
  if (member.role !== "admin" && member.role !== "counsellor") return { total: 0, students: [] };
  const rows = await deps.db
    .select({
      studentId: students.id,
      fullName: students.fullName,
      unread: count(),
      lastAt: max(conversationMessages.createdAt),
    })
    .from(conversationMessages)
    .innerJoin(students, eq(students.id, conversationMessages.studentId))
    .where(and(eq(conversationMessages.author, "student"), isNull(conversationMessages.readAt), whose))
    .groupBy(students.id, students.fullName)
    .orderBy(asc(sql`min(${conversationMessages.createdAt})`))
    .limit(50);
  const list = rows.map((r) => ({ ...r, lastAt: r.lastAt ?? new Date(0) }));
  return { total: list.reduce((sum, r) => sum + r.unread, 0), students: list };
}

/** Every message of the student, for the download of their data (decision 0024): who wrote it, when, what, and what was attached. */
export async function conversationForExport(db: Reader, studentId: number) {
  const student = await studentWithCounsellor(db, studentId);
  if (!student) return [];
  return (await messagesOf(db, student)).map((m) => ({
    from: m.author === "student" ? "you" : m.authorName,
    at: m.at.toISOString(),
    readAt: m.readAt?.toISOString() ?? null,
    text: m.body,
    attachment: m.attachment ? { type: m.attachment.attachmentType, name: m.attachment.name } : null,
  }));
}
