import { and, asc, eq, gt, isNotNull, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { indianDay } from "../../vocabulary/india-time.ts";
import { taskMessages } from "../../vocabulary/staff.ts";
import { recordAudit } from "../audit-log.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { consultations } from "../leads/tables.ts";
import {
  canBeAssignedTasks,
  canSeeAllTasks,
  canSeeTasks,
  canWorkTasks,
  leadVisibleTo,
  notAllowed,
  type StaffMember,
  studentVisibleTo,
  taskVisibleTo,
} from "../policies.ts";
import { staff } from "../staff/tables.ts";
import { students } from "../students/tables.ts";
import { parseInput } from "../validation.ts";
import { newTaskSchema, taskFiltersSchema } from "./input.ts";
import { staffTasks } from "./tables.ts";

/** A task as the console shows it: what, when, who, and what it is about. */
export interface Task {
  id: number;
  title: string;
  /** The IST calendar day it is due, YYYY-MM-DD. */
  dueOn: string;
  assigneeStaffId: number;
  assignee: string;
  createdByStaffId: number | null;
  createdBy: string | null;
  studentId: number | null;
  studentName: string | null;
  leadId: number | null;
  leadName: string | null;
  createdAt: Date;
  doneAt: Date | null;
}

/** Someone a task can be given to. */
export interface Assignee {
  staffId: number;
  fullName: string;
}

const TASKS_LIMIT = 200;

const assignee = alias(staff, "assignee");
const creator = alias(staff, "creator");

const taskColumns = {
  id: staffTasks.id,
  title: staffTasks.title,
  dueOn: staffTasks.dueOn,
  assigneeStaffId: staffTasks.assigneeStaffId,
  assignee: assignee.fullName,
  createdByStaffId: staffTasks.createdByStaffId,
  createdBy: creator.fullName,
  studentId: staffTasks.studentId,
  studentName: students.fullName,
  leadId: staffTasks.leadId,
  leadName: sql<
    string | null
  >`case when ${consultations.id} is null then null else ${consultations.firstName} || ' ' || ${consultations.lastName} end`,
  createdAt: staffTasks.createdAt,
  doneAt: staffTasks.doneAt,
};

function selectTasks(deps: StaffDeps, where: SQL | undefined) {
  return deps.db
    .select(taskColumns)
    .from(staffTasks)
    .innerJoin(assignee, eq(assignee.id, staffTasks.assigneeStaffId))
    .leftJoin(creator, eq(creator.id, staffTasks.createdByStaffId))
    .leftJoin(students, eq(students.id, staffTasks.studentId))
    .leftJoin(consultations, eq(consultations.id, staffTasks.leadId))
    .where(where)
    .orderBy(asc(staffTasks.dueOn), asc(staffTasks.id))
    .limit(TASKS_LIMIT) as Promise<Task[]>;
}

/** Which tasks a member sees: all for admins and read-only staff, a counsellor's own or created by them. */
function visibleTo(member: StaffMember): SQL | undefined {
  if (canSeeAllTasks(member)) return undefined;
  return or(eq(staffTasks.assigneeStaffId, member.staffId), eq(staffTasks.createdByStaffId, member.staffId));
}

/**
 * Tasks the member may see, soonest first (at most 200): open by default; `due` narrows to overdue,
 * due today or later (IST); `mine` to those assigned to the member; `studentId` / `leadId` to one subject.
 */
export async function listTasks(deps: StaffDeps, member: StaffMember, raw: unknown): Promise<Task[]> {
  if (!canSeeTasks(member)) throw notAllowed();
  const filters = parseInput(taskFiltersSchema, raw);
  const today = indianDay(nowOf(deps));
  const conditions = [visibleTo(member)];
  if (filters.status === "open") conditions.push(isNull(staffTasks.doneAt));
  if (filters.status === "done") conditions.push(isNotNull(staffTasks.doneAt));
  if (filters.due === "overdue") conditions.push(lt(staffTasks.dueOn, today));
  if (filters.due === "today") conditions.push(eq(staffTasks.dueOn, today));
  if (filters.due === "upcoming") conditions.push(gt(staffTasks.dueOn, today));
  if (filters.mine) conditions.push(eq(staffTasks.assigneeStaffId, member.staffId));
  if (filters.studentId) conditions.push(eq(staffTasks.studentId, filters.studentId));
  if (filters.leadId) conditions.push(eq(staffTasks.leadId, filters.leadId));
  return selectTasks(deps, and(...conditions.filter((c): c is SQL => c !== undefined)));
}

/** How many days after today Today's "This week" reaches (decision 0042). */
export const WEEK_AHEAD_DAYS = 7;

/** The IST calendar day `days` after `day` (both YYYY-MM-DD). */
export const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The member's Today: open tasks assigned to them that are overdue or due today, and those due in the
 * coming week (tomorrow to seven days on), by IST calendar day.
 */
export async function tasksForToday(
  deps: StaffDeps,
  member: StaffMember,
): Promise<{ today: string; overdue: Task[]; dueToday: Task[]; coming: Task[] }> {
  if (!canSeeTasks(member)) throw notAllowed();
  const today = indianDay(nowOf(deps));
  const tasks = await selectTasks(
    deps,
    and(
      eq(staffTasks.assigneeStaffId, member.staffId),
      isNull(staffTasks.doneAt),
      lte(staffTasks.dueOn, dayAfter(today, WEEK_AHEAD_DAYS)),
    ),
  );
  return {
    today,
    overdue: tasks.filter((t) => t.dueOn < today),
    dueToday: tasks.filter((t) => t.dueOn === today),
    coming: tasks.filter((t) => t.dueOn > today),
  };
}

/** Who tasks can go to: the active admins and counsellors. */
export async function assignableStaff(deps: StaffDeps, member: StaffMember): Promise<Assignee[]> {
  if (!canSeeTasks(member)) throw notAllowed();
  const rows = await deps.db
    .select({ staffId: staff.id, fullName: staff.fullName, role: staff.role })
    .from(staff)
    .where(and(isNull(staff.disabledAt), isNotNull(staff.passwordHash)))
    .orderBy(asc(staff.fullName));
  return rows.filter((r) => canBeAssignedTasks(r.role)).map(({ staffId, fullName }) => ({ staffId, fullName }));
}

async function taskById(deps: StaffDeps, id: number): Promise<Task | undefined> {
  const [task] = await selectTasks(deps, eq(staffTasks.id, id));
  return task;
}

/**
 * A new task, by an admin or counsellor, for an active admin or counsellor; about a student or lead
 * the creator may see (or neither). Audited, on the student's record when it is about one.
 */
export async function createTask(deps: StaffDeps, member: StaffMember, raw: unknown): Promise<Task> {
  if (!canWorkTasks(member)) throw notAllowed();
  const input = parseInput(newTaskSchema, raw);
  const [person] = await deps.db.select().from(staff).where(eq(staff.id, input.assigneeStaffId));
  if (!person || person.disabledAt || person.passwordHash === null || !canBeAssignedTasks(person.role)) {
    throw new AppError("invalid_input", taskMessages.assigneeNotAvailable, {
      assigneeStaffId: taskMessages.assigneeNotAvailable,
    });
  }
  if (input.leadId !== undefined) {
    const [lead] = await deps.db
      .select({ assignedStaffId: consultations.assignedStaffId })
      .from(consultations)
      .where(eq(consultations.id, input.leadId));
    if (!lead || !leadVisibleTo(member, lead)) throw new AppError("not_found", taskMessages.noSuchSubject);
  }
  if (input.studentId !== undefined) {
    const [student] = await deps.db
      .select({ counsellorStaffId: students.counsellorStaffId })
      .from(students)
      .where(eq(students.id, input.studentId));
    if (!student || !studentVisibleTo(member, student)) throw new AppError("not_found", taskMessages.noSuchSubject);
  }
  const id = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(staffTasks)
      .values({
        title: input.title,
        dueOn: input.dueOn,
        assigneeStaffId: input.assigneeStaffId,
        studentId: input.studentId ?? null,
        leadId: input.leadId ?? null,
        createdByStaffId: member.staffId,
        createdAt: nowOf(deps),
      })
      .returning();
    if (!created) throw new Error("insert returned no row");
    await recordAudit(tx, member, {
      action: "task.created",
      subjectType: "task",
      subjectId: created.id,
      studentId: created.studentId,
      after: { title: created.title, dueOn: created.dueOn, assigneeStaffId: created.assigneeStaffId, leadId: created.leadId },
    });
    return created.id;
  });
  const task = await taskById(deps, id);
  if (!task) throw new Error("the new task is missing");
  return task;
}

/** Marks a task done (once; again changes nothing). Admins, and the counsellor who sees it; audited. */
export async function markTaskDone(deps: StaffDeps, member: StaffMember, id: number): Promise<Task> {
  if (!canSeeTasks(member)) throw notAllowed();
  const task = await taskById(deps, id);
  if (!task || !taskVisibleTo(member, task)) throw new AppError("not_found", taskMessages.noSuchTask);
  if (!canWorkTasks(member)) throw notAllowed();
  if (task.doneAt) return task;
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(staffTasks)
      .set({ doneAt: now })
      .where(and(eq(staffTasks.id, id), isNull(staffTasks.doneAt)))
      .returning({ id: staffTasks.id });
    if (!updated) return;
    await recordAudit(tx, member, {
      action: "task.done",
      subjectType: "task",
      subjectId: id,
      studentId: task.studentId,
      before: { doneAt: null },
      after: { doneAt: now.toISOString() },
    });
  });
  return (await taskById(deps, id)) ?? task;
}

/** Staff tasks and the Today view (decision 0031). */
export const tasksConsole = (deps: StaffDeps) => ({
  list: (actor: StaffMember, filters: unknown) => listTasks(deps, actor, filters),
  today: (actor: StaffMember) => tasksForToday(deps, actor),
  assignableStaff: (actor: StaffMember) => assignableStaff(deps, actor),
  create: (actor: StaffMember, raw: unknown) => createTask(deps, actor, raw),
  markDone: (actor: StaffMember, id: number) => markTaskDone(deps, actor, id),
});
