import { and, count, desc, eq, gt, inArray, isNull, lt, max, or, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import type { RateLimiter, RateLimitRule } from "../../platform/rate-limit.ts";
import type { ApplicationStatus } from "../../vocabulary/applications.ts";
import {
  PARENT_LINK_KEPT_DAYS,
  PARENT_LINK_OPENINGS_LISTED,
  PARENT_LINKS_ACTIVE_MAX,
  PARENT_LINKS_PER_DAY,
  PARENT_PAGE_OPENINGS_PER_MINUTE,
  parentMessages,
} from "../../vocabulary/parents.ts";
import { nowOf } from "../deps.ts";
import { AppError, notFound } from "../errors.ts";
import { enforceLimit } from "../limits.ts";
import { students } from "../students/tables.ts";
import { MAX_TOKEN_LENGTH, newToken, sha256 } from "../tokens.ts";
import { parseInput } from "../validation.ts";
import { parentLinkSchema, parentSharingSchema } from "./input.ts";
import { parentLinkOpenings, parentLinks, parentSharing } from "./tables.ts";

/**
 * Read-only links for a student's parent or guardian (decision 0028). The student creates,
 * lists and revokes them; anyone holding one sees the student's first name and applications with their
 * stages, and the offers' state and chosen university (their amounts only when the student shares them,
 * decision 0091), and nothing else; each opening is recorded for the student to see.
 */
export interface ParentLinkDeps {
  db: Database;
  limiter: RateLimiter;
  now?: () => Date;
  /**
   * The student's applications, newest first, as their own applications page lists them (the students
   * module's listApplications, given by the server): the parent's view picks its few fields from them.
   */
  applicationsOf: (studentId: number) => Promise<ParentView["applications"]>;
  /** The site's public address (PUBLIC_URL): a link's address is built on it, never on the request's Host (decision 0034). */
  siteAddress?: string;
  /**
   * The student's offers as a parent reads them (the offers module's read, given by the server, decision
   * 0091): their state and the chosen university, the amounts only when asked for.
   */
  offersOf?: (studentId: number, withAmounts: boolean) => Promise<ParentView["offers"]>;
}

/**
 * The full address of a parent's page: on PUBLIC_URL when it is set, whatever Host the request named
 * (a forged Host must not put a student's link on another site); else on the address the request came to.
 */
export const parentLinkAddress = (deps: Pick<ParentLinkDeps, "siteAddress">, pagePath: string, requestUrl: string) =>
  new URL(pagePath, deps.siteAddress ?? requestUrl).toString();

export type ParentLinkState = "active" | "expired" | "revoked";

/** A link as its student sees it: never the token, which only the student's screen saw once. */
export interface ParentLinkView {
  id: number;
  label: string | null;
  state: ParentLinkState;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  openings: {
    count: number;
    lastAt: Date | null;
    /** The newest few, newest first: when, and the browser's family and system. */
    recent: { at: Date; device: string }[];
  };
}

/** A new link: its view, and the token (shown to the student this once; only its hash is kept). */
export interface CreatedParentLink {
  link: ParentLinkView;
  token: string;
  /** The page's path, `/parent/<token>`. */
  path: string;
}

/** What the parent sees: the student's first name, their applications and their offers (decision 0091), nothing more. */
export interface ParentView {
  firstName: string;
  expiresAt: Date;
  applications: {
    course: string;
    university: string;
    country: string;
    /** "September 2027", or null. */
    intake: string | null;
    /** The intake's month (1-12) and year, for the page to name the month in its language. */
    intakeMonth: number | null;
    intakeYear: number | null;
    status: ApplicationStatus;
    /** The stages it went through, oldest first (when each was entered; no notes, no details). */
    history: { status: ApplicationStatus; at: Date }[];
  }[];
  /**
   * The offers (decision 0091): each one's kind and state, the accepted one being the chosen university;
   * the scholarship's and deposit's amounts only when the student shares them (else the keys are absent).
   */
  offers: {
    university: string;
    course: string;
    country: string;
    kind: "conditional" | "unconditional";
    state: "open" | "accepted" | "held" | "declined";
    replyBy: string;
    scholarship?: { amount: number; currency: string; years: number } | null;
    deposit?: { amount: number; currency: string } | null;
  }[];
  /** Whether the student shares the offers' amounts. */
  offerAmountsShared: boolean;
}

/** What the student chose to show on their parent links beyond the stages (decision 0091). */
export interface ParentSharing {
  offerAmounts: boolean;
  changedAt: Date | null;
}

/** The student's sharing choice: no row is the default, amounts not shared. */
export async function parentSharingOf(db: Database, studentId: number): Promise<ParentSharing> {
  const [row] = await db.select().from(parentSharing).where(eq(parentSharing.studentId, studentId));
  return { offerAmounts: row?.offerAmounts ?? false, changedAt: row?.changedAt ?? null };
}

/** The student shares their offers' amounts on their parent links, or stops (decision 0091). */
export async function setParentSharing(deps: ParentLinkDeps, studentId: number, raw: unknown): Promise<ParentSharing> {
  const { offerAmounts } = parseInput(parentSharingSchema, raw);
  const now = nowOf(deps);
  await deps.db
    .insert(parentSharing)
    .values({ studentId, offerAmounts, changedAt: now })
    .onConflictDoUpdate({ target: parentSharing.studentId, set: { offerAmounts, changedAt: now } });
  return { offerAmounts, changedAt: now };
}

export const parentLinkPath = (token: string) => `/parent/${token}`;
/**
 * A path as the logs may keep it (the request log and the page error log alike): every secret token a
 * path can carry is left out, a parent link's (decision 0028), a calendar feed's (decision 0059) and a
 * recommender's (decision 0075), on the screen and on the API.
 */
export const pathForLog = (path: string) =>
  path
    .replace(/^(\/parent\/|\/api\/v1\/parent\/)[^/]+/, "$1[link]")
    .replace(/^(\/letters\/|\/api\/v1\/letters\/)[^/]+/, "$1[link]")
    .replace(/^\/calendar\/[^/]+$/, "/calendar/[feed].ics");

/** New links per student per day. */
export const parentLinksPerStudent: RateLimitRule = {
  name: "parent-link-create",
  limit: PARENT_LINKS_PER_DAY,
  windowSeconds: 86_400,
};

/** Openings of parent pages (screen and API) per client address: nobody walks through tokens. */
export const parentPageOpenings: RateLimitRule = {
  name: "parent-page",
  limit: PARENT_PAGE_OPENINGS_PER_MINUTE,
  windowSeconds: 60,
};

const DAY_MS = 86_400_000;
const tokenPattern = /^[A-Za-z0-9_-]{20,100}$/;

const stateOf = (row: { revokedAt: Date | null; expiresAt: Date }, now: Date): ParentLinkState =>
  row.revokedAt ? "revoked" : row.expiresAt <= now ? "expired" : "active";

/** The student's links, newest first, each with its openings (count, last, and the newest few). */
export async function listParentLinks(deps: ParentLinkDeps, studentId: number): Promise<ParentLinkView[]> {
  const rows = await deps.db
    .select({
      id: parentLinks.id,
      label: parentLinks.label,
      createdAt: parentLinks.createdAt,
      expiresAt: parentLinks.expiresAt,
      revokedAt: parentLinks.revokedAt,
    })
    .from(parentLinks)
    .where(eq(parentLinks.studentId, studentId))
    .orderBy(desc(parentLinks.createdAt), desc(parentLinks.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [totals, recent] = await Promise.all([
    deps.db
      .select({ linkId: parentLinkOpenings.linkId, count: count(), lastAt: max(parentLinkOpenings.openedAt) })
      .from(parentLinkOpenings)
      .where(inArray(parentLinkOpenings.linkId, ids))
      .groupBy(parentLinkOpenings.linkId),
    // The newest few of each link, by their rank within the link.
    deps.db
      .select({ linkId: sql<number>`link_id`, at: sql<Date>`opened_at`, device: sql<string>`device` })
      .from(
        deps.db
          .select({
            link_id: parentLinkOpenings.linkId,
            opened_at: parentLinkOpenings.openedAt,
            device: parentLinkOpenings.device,
            rank: sql<number>`row_number() over (partition by ${parentLinkOpenings.linkId} order by ${parentLinkOpenings.openedAt} desc, ${parentLinkOpenings.id} desc)`.as(
              "rank",
            ),
          })
          .from(parentLinkOpenings)
          .where(inArray(parentLinkOpenings.linkId, ids))
          .as("ranked"),
      )
      .where(sql`rank <= ${PARENT_LINK_OPENINGS_LISTED}`)
      .orderBy(sql`opened_at desc`),
  ]);
  const now = nowOf(deps);
  return rows.map((row) => {
    const total = totals.find((t) => t.linkId === row.id);
    return {
      ...row,
      state: stateOf(row, now),
      openings: {
        count: total?.count ?? 0,
        lastAt: total?.lastAt ? new Date(total.lastAt) : null,
        recent: recent.filter((o) => Number(o.linkId) === row.id).map((o) => ({ at: new Date(o.at), device: o.device })),
      },
    };
  });
}

/**
 * Creates a link lasting the days chosen: at most PARENT_LINKS_ACTIVE_MAX active at once (checked with
 * the student's row locked, so two requests at once cannot both pass), PARENT_LINKS_PER_DAY new ones a day.
 */
export async function createParentLink(deps: ParentLinkDeps, studentId: number, raw: unknown): Promise<CreatedParentLink> {
  const input = parseInput(parentLinkSchema, raw);
  const now = nowOf(deps);
  const token = newToken();
  // Counted before the transaction: the limiter may use the database itself (one connection on PGlite).
  await enforceLimit(deps.limiter, parentLinksPerStudent, String(studentId), () => parentMessages.tooManyCreated);
  const id = await deps.db.transaction(async (tx) => {
    const [student] = await tx.select({ id: students.id }).from(students).where(eq(students.id, studentId)).for("update");
    if (!student) throw notFound("Student");
    const [active] = await tx
      .select({ count: count() })
      .from(parentLinks)
      .where(and(eq(parentLinks.studentId, studentId), isNull(parentLinks.revokedAt), gt(parentLinks.expiresAt, now)));
    if ((active?.count ?? 0) >= PARENT_LINKS_ACTIVE_MAX) throw new AppError("conflict", parentMessages.tooManyActive);
    const [created] = await tx
      .insert(parentLinks)
      .values({
        studentId,
        tokenHash: sha256(token),
        label: input.label ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.days * DAY_MS),
      })
      .returning({ id: parentLinks.id });
    if (!created) throw new Error("insert returned no row");
    return created.id;
  });
  const link = (await listParentLinks(deps, studentId)).find((l) => l.id === id);
  if (!link) throw new Error("created link not found");
  return { link, token, path: parentLinkPath(token) };
}

/**
 * Revokes one of the student's links at once (a link already revoked stays as it was). Another
 * student's link, or none, is "not found": a student cannot learn which links exist.
 */
export async function revokeParentLink(deps: ParentLinkDeps, studentId: number, linkId: number): Promise<ParentLinkView> {
  const [row] = await deps.db
    .select({ id: parentLinks.id, revokedAt: parentLinks.revokedAt })
    .from(parentLinks)
    .where(and(eq(parentLinks.id, linkId), eq(parentLinks.studentId, studentId)));
  if (!row) throw notFound("Link");
  if (!row.revokedAt) {
    await deps.db
      .update(parentLinks)
      .set({ revokedAt: nowOf(deps) })
      .where(and(eq(parentLinks.id, linkId), eq(parentLinks.studentId, studentId), isNull(parentLinks.revokedAt)));
  }
  const link = (await listParentLinks(deps, studentId)).find((l) => l.id === linkId);
  if (!link) throw notFound("Link");
  return link;
}

/**
 * Opens a link for whoever holds it: null when it is unknown, expired or revoked (the caller answers
 * all three the same way, so links cannot be probed); else the opening is recorded (when, and
 * `device`, the browser's family and system only) and the parent's view returned.
 */
export async function openParentLink(deps: ParentLinkDeps, token: string, device: string): Promise<ParentView | null> {
  if (token.length > MAX_TOKEN_LENGTH || !tokenPattern.test(token)) return null;
  const now = nowOf(deps);
  const [link] = await deps.db
    .select({
      id: parentLinks.id,
      studentId: parentLinks.studentId,
      expiresAt: parentLinks.expiresAt,
      fullName: students.fullName,
    })
    .from(parentLinks)
    .innerJoin(students, eq(students.id, parentLinks.studentId))
    .where(and(eq(parentLinks.tokenHash, sha256(token)), isNull(parentLinks.revokedAt), gt(parentLinks.expiresAt, now)));
  if (!link) return null;
  await deps.db.insert(parentLinkOpenings).values({ linkId: link.id, openedAt: now, device: device.slice(0, 60) });
  const [applications, sharing] = await Promise.all([
    deps.applicationsOf(link.studentId),
    parentSharingOf(deps.db, link.studentId),
  ]);
  const offers = deps.offersOf ? await deps.offersOf(link.studentId, sharing.offerAmounts) : [];
  return {
    firstName: link.fullName.trim().split(/\s+/)[0] ?? "",
    expiresAt: link.expiresAt,
    // Exactly these fields: an application's details (offer conditions, visa decision) stay the student's.
    applications: applications.map(({ course, university, country, intake, intakeMonth, intakeYear, status, history }) => ({
      course,
      university,
      country,
      intake,
      intakeMonth,
      intakeYear,
      status,
      history: history.map(({ status, at }) => ({ status, at })),
    })),
    // Picked field by field again here: the amounts' keys exist only when shared.
    offers: offers.map(({ university, course, country, kind, state, replyBy, scholarship, deposit }) => ({
      university,
      course,
      country,
      kind,
      state,
      replyBy,
      ...(sharing.offerAmounts ? { scholarship: scholarship ?? null, deposit: deposit ?? null } : {}),
    })),
    offerAmountsShared: sharing.offerAmounts,
  };
}

export function createParentLinkService(deps: ParentLinkDeps) {
  return {
    list: (studentId: number) => listParentLinks(deps, studentId),
    create: (studentId: number, raw: unknown) => createParentLink(deps, studentId, raw),
    revoke: (studentId: number, linkId: number) => revokeParentLink(deps, studentId, linkId),
    /** The parent's page and API: null for a link that is unknown, expired or revoked. */
    open: (token: string, device: string) => openParentLink(deps, token, device),
    /** What the student shows on their links beyond the stages (decision 0091). */
    sharing: (studentId: number) => parentSharingOf(deps.db, studentId),
    setSharing: (studentId: number, raw: unknown) => setParentSharing(deps, studentId, raw),
    /** The address to hand the student for a link's page (PUBLIC_URL when set). */
    addressOf: (pagePath: string, requestUrl: string) => parentLinkAddress(deps, pagePath, requestUrl),
  };
}

export type ParentLinkService = ReturnType<typeof createParentLinkService>;

/**
 * Parent links (decision 0028) expired or revoked over PARENT_LINK_KEPT_DAYS ago, with their openings:
 * the student has seen them listed long enough, and nothing else needs them. Run by the privacy
 * module's retention sweep.
 */
export async function sweepOldParentLinks(db: Database, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - PARENT_LINK_KEPT_DAYS * 86_400_000);
  await db.delete(parentLinks).where(or(lt(parentLinks.expiresAt, cutoff), lt(parentLinks.revokedAt, cutoff)));
}
