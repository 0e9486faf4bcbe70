import type { Database } from "../../platform/db/client.ts";
import { type ApplicationStatus, documentsCompleteBy, stageOf, type WaitingOn } from "../../vocabulary/applications.ts";
import type { SessionKind } from "../../vocabulary/counselling.ts";
import { packageOpenStages } from "../../vocabulary/deadlines.ts";
import type { ChecklistState } from "../../vocabulary/documents.ts";
import { checklistsOf, outstandingItems, studentApplicationRows } from "../applications/applications.ts";
import { studentCounsellor, studentSessions } from "../counselling/counselling.ts";
import type { DeadlineItem, KnownApplications } from "../deadlines/deadlines.ts";
import { nowOf } from "../deps.ts";
import { unreadForStudent } from "../messages/messages.ts";

/**
 * A signed-in student's home (decision 0062): where they stand and what to do next, read through the
 * modules that own each part (applications, messages, counselling). It writes nothing: reading the home
 * does not mark a message read, as opening the conversation does.
 */

/** An application as the home shows it: where it is, what the student reads about the stage, and what is still needed. */
export interface HomeApplication {
  id: number;
  status: ApplicationStatus;
  country: string;
  course: string;
  university: string;
  intakeMonth: number | null;
  intakeYear: number | null;
  /** The stage's words for the student and its next step (vocabulary/applications.ts). */
  stageLabel: string;
  nextAction: string;
  waitingOn: WaitingOn;
  /**
   * The checklist items not yet approved or waived, while the documents matter (before a stage that says
   * they are complete, and while the application is open): the student's to upload or correct, or staff's to review.
   */
  outstanding: { item: string; attachmentType: string; state: ChecklistState }[];
}

export interface StudentHome {
  /** Those waiting on the student first, then the others, closed ones last; newest first within each. */
  applications: HomeApplication[];
  /** Messages from their counsellor not read yet. */
  unreadMessages: number;
  counsellor: { fullName: string; bookable: boolean } | null;
  /** The soonest session not cancelled that has not ended, or null. */
  nextSession: {
    id: number;
    kind: SessionKind;
    startsAt: Date;
    endsAt: Date;
    counsellor: string;
    meetingLink: string | null;
  } | null;
  /** Every dated thing ahead of the student, soonest first (the Deadlines list's own read); empty without `deadlines`. */
  deadlines: DeadlineItem[];
}

export interface HomeDeps {
  db: Database;
  now?: () => Date;
  /**
   * The Deadlines list (the deadlines module's, handed in by the server), given the applications and
   * checklists the home has read, so they are read once for both (decision 0087).
   */
  deadlines?: (studentId: number, known: KnownApplications) => Promise<DeadlineItem[]>;
}

/** Which applications come first: the ones the student acts on, then those waiting on someone else, then closed ones. */
const precedence = (waitingOn: WaitingOn) => (waitingOn === "student" ? 0 : waitingOn === "nobody" ? 2 : 1);

/** Whether the checklist still matters to an application at this stage. */
const documentsMatter = (status: ApplicationStatus) => !documentsCompleteBy(status) && stageOf(status).waitingOn !== "nobody";

export async function studentHome(deps: HomeDeps, studentId: number): Promise<StudentHome> {
  const now = nowOf(deps);
  const [rows, unreadMessages, counsellor, sessions] = await Promise.all([
    studentApplicationRows(deps.db, studentId, "newest"),
    unreadForStudent(deps.db, studentId),
    studentCounsellor(deps.db, studentId),
    studentSessions(deps, studentId),
  ]);
  // One read of the checklists for the home's applications and the Deadlines list's open packages (decision 0087).
  const checklists = await checklistsOf(
    deps,
    rows
      .filter((row) => documentsMatter(row.status) || packageOpenStages.includes(row.status))
      .map((row) => ({ id: row.id, studentId, courseId: row.courseId })),
  );
  const deadlines = deps.deadlines ? await deps.deadlines(studentId, { rows, checklists }) : [];
  const applications = rows.map((row): HomeApplication => {
    const stage = stageOf(row.status);
    const checklist = documentsMatter(row.status) ? (checklists.get(row.id) ?? []) : [];
    const outstanding = outstandingItems(checklist).map(({ item, attachmentType, state }) => ({
      item,
      attachmentType,
      state,
    }));
    return {
      id: row.id,
      status: row.status,
      country: row.country,
      course: row.course,
      university: row.university,
      intakeMonth: row.intakeMonth,
      intakeYear: row.intakeYear,
      stageLabel: stage.studentLabel,
      nextAction: stage.nextAction,
      waitingOn: stage.waitingOn,
      outstanding,
    };
  });
  // A stable sort keeps the newest first within each group.
  applications.sort((a, b) => precedence(a.waitingOn) - precedence(b.waitingOn));
  const next = sessions
    .filter((s) => !s.cancelled && s.endsAt > now)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
  return {
    applications,
    unreadMessages,
    counsellor: counsellor && { fullName: counsellor.fullName, bookable: counsellor.bookable },
    nextSession: next
      ? {
          id: next.id,
          kind: next.kind,
          startsAt: next.startsAt,
          endsAt: next.endsAt,
          counsellor: next.counsellor,
          meetingLink: next.meetingLink,
        }
      : null,
    deadlines,
  };
}

/** The student's side: their own home (the id always comes from the session). */
export function createHomeService(deps: HomeDeps) {
  return { forStudent: (studentId: number) => studentHome(deps, studentId) };
}

export type HomeService = ReturnType<typeof createHomeService>;
