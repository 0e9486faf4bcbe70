import {
  createStaff,
  ensureAdmin,
  listStaff,
  logInStaff,
  logOutStaff,
  notAllowed,
  type StaffDeps,
  setStaffDisabled,
  staffForSession,
} from "./accounts.ts";
import {
  addCountryRule,
  countByStage,
  createApplication,
  getApplication,
  listApplications,
  listCountryRules,
  moveApplication,
  removeCountryRule,
  waiveChecklistItem,
} from "./applications.ts";
import type { AuditActor } from "./audit.ts";
import { listAudit } from "./audit.ts";
import {
  catalogueCourse,
  catalogueUniversity,
  createCourse,
  createUniversity,
  editCourse,
  editUniversity,
  featuredCatalogueUniversities,
  searchCatalogueUniversities,
  setCountryVisible,
  setCourseRetired,
  setUniversityRetired,
} from "./catalogue.ts";
import { catalogueCountries, catalogueCountry, createCountry, editCountry } from "./catalogue-countries.ts";
import { exportCatalogue } from "./catalogue-csv.ts";
import {
  applyImport,
  checkImport,
  getImport,
  giveUpImportStep,
  importRows,
  recentImports,
  refusedRowsCsv,
  startApply,
  startCheck,
  uploadImport,
} from "./catalogue-import.ts";
import { addIntake, catalogueCourseIntakes, removeIntake } from "./catalogue-intakes.ts";
import { consoleLivingCosts, consoleRates, saveExchangeRate, saveLivingCost } from "./costs.ts";
import { sendDailyDigests } from "./digest.ts";
import { fileAccess, reviewDocument, reviewQueue } from "./document-review.ts";
import { exportList } from "./exports.ts";
import { acceptInvitation, invitationFor, inviteStaff, resendInvitation } from "./invitations.ts";
import {
  assignLeads,
  changeLeadStatus,
  createLead,
  eraseLead,
  getLead,
  leadCounsellors,
  leadDetails,
  listLeads,
  mergeLeads,
  overdueLeads,
} from "./leads.ts";
import { canReadAuditLog, type StaffMember } from "./policies.ts";
import { reportFor } from "./reports.ts";
import {
  consoleScholarship,
  consoleScholarships,
  createScholarship,
  editScholarship,
  setScholarshipRetired,
} from "./scholarships.ts";
import { changeConsoleSettings, getConsoleSettings } from "./settings.ts";
import {
  activeCounsellors,
  addNote,
  assignCounsellor,
  emailDraft,
  emailStudent,
  eraseStudent,
  getStudentRecord,
  listStudents,
} from "./student-records.ts";
import { assignableStaff, createTask, listTasks, markTaskDone, tasksForToday } from "./tasks.ts";
import { type IncomingPicture, setFeatured, setUniversityPicture } from "./university-pictures.ts";

export type { ConsoleSettings } from "../console-settings.ts";
export type { NewStaffSession, StaffAccount, StaffDeps } from "./accounts.ts";
export type { ApplicationDetail, ApplicationEvent, ApplicationRow, ChecklistItem } from "./applications.ts";
export type { AuditActor, AuditRecord } from "./audit.ts";
export type { CatalogueCourse, CatalogueUniversity } from "./catalogue.ts";
export type { CatalogueCountry } from "./catalogue-countries.ts";
export type { CatalogueImportView, ImportCounts, ImportDiffRow, ImportSummary } from "./catalogue-import.ts";
export { importJobs } from "./catalogue-import.ts";
export type { ConsoleIntake } from "./catalogue-intakes.ts";
export type { ConsoleLivingCost, ConsoleRate } from "./costs.ts";
export { digestDue } from "./digest.ts";
export type { ReviewedFile } from "./document-review.ts";
export type { Invitation } from "./invitations.ts";
export type { Lead, LeadCounsellor, LeadFilters } from "./leads.ts";
export {
  canAssignLeads,
  canCreateLeads,
  canEraseStudents,
  canManageCatalogue,
  canManageScholarships,
  canManageSettings,
  canManageStaff,
  canReadAuditLog,
  canReviewDocuments,
  canSeeAllLeads,
  canSeeAllStudents,
  canSeeLeads,
  canSeeReports,
  canSeeStudents,
  canSeeTasks,
  canWorkLeads,
  canWorkStudents,
  canWorkTasks,
  type StaffMember,
} from "./policies.ts";
export type { FunnelFigures, FunnelRow, Report } from "./reports.ts";
export type { ConsoleScholarship } from "./scholarships.ts";
export type { StudentListRow, StudentRecord, TimelineEntry } from "./student-records.ts";
export { type Assignee, indianDay, type Task } from "./tasks.ts";
export type { IncomingPicture } from "./university-pictures.ts";

/** The staff side's accounts, sessions and audit log, bound to their dependencies. */
export function createStaffService(deps: StaffDeps) {
  return {
    ensureAdmin: (admin: { email: string; password: string }) => ensureAdmin(deps, admin),
    create: (actor: AuditActor, raw: unknown) => createStaff(deps, actor, raw),
    list: (actor: StaffMember) => listStaff(deps, actor),
    setDisabled: (actor: StaffMember, staffId: number, disabled: boolean) => setStaffDisabled(deps, actor, staffId, disabled),
    logIn: (raw: unknown, clientIp: string) => logInStaff(deps, raw, clientIp),
    logOut: (token: string) => logOutStaff(deps, token),
    forSession: (token: string) => staffForSession(deps, token),
    leads: (actor: StaffMember, filters: unknown) => listLeads(deps, actor, filters),
    lead: (actor: StaffMember, id: number) => getLead(deps, actor, id),
    changeLeadStatus: (actor: StaffMember, id: number, raw: unknown) => changeLeadStatus(deps, actor, id, raw),
    applications: (actor: StaffMember, filters: unknown) => listApplications(deps, actor, filters),
    applicationsByStage: (actor: StaffMember) => countByStage(deps, actor),
    application: (actor: StaffMember, id: number) => getApplication(deps, actor, id),
    createApplication: (actor: StaffMember, studentId: number, raw: unknown) => createApplication(deps, actor, studentId, raw),
    moveApplication: (actor: StaffMember, id: number, raw: unknown) => moveApplication(deps, actor, id, raw),
    waiveChecklistItem: (actor: StaffMember, id: number, raw: unknown) => waiveChecklistItem(deps, actor, id, raw),
    countryDocumentRules: () => listCountryRules(deps),
    addCountryDocumentRule: (actor: StaffMember, raw: unknown) => addCountryRule(deps, actor, raw),
    removeCountryDocumentRule: (actor: StaffMember, id: number) => removeCountryRule(deps, actor, id),
    reviewQueue: (actor: StaffMember) => reviewQueue(deps, actor),
    reviewDocument: (actor: StaffMember, publicId: string, raw: unknown) => reviewDocument(deps, actor, publicId, raw),
    /** The check to pass the documents service when staff open a student's file: the rule, and the view recorded. */
    fileAccess: (actor: StaffMember, download: boolean) =>
      fileAccess(deps, actor, download ? "document.downloaded" : "document.viewed"),
    students: (actor: StaffMember, filters: unknown) => listStudents(deps, actor, filters),
    student: (actor: StaffMember, id: number) => getStudentRecord(deps, actor, id),
    addNote: (actor: StaffMember, studentId: number, raw: unknown) => addNote(deps, actor, studentId, raw),
    emailDraft,
    emailStudent: (actor: StaffMember, studentId: number, raw: unknown) => emailStudent(deps, actor, studentId, raw),
    assignCounsellor: (actor: StaffMember, studentId: number, raw: unknown) => assignCounsellor(deps, actor, studentId, raw),
    /** Erases a student on a request that came by mail (admins); audited (decision 0024). */
    eraseStudent: (actor: StaffMember, studentId: number, raw: unknown) => eraseStudent(deps, actor, studentId, raw),
    activeCounsellors: () => activeCounsellors(deps),
    leadDetails: (actor: StaffMember, id: number) => leadDetails(deps, actor, id),
    leadCounsellors: (actor: StaffMember) => leadCounsellors(deps, actor),
    assignLeads: (actor: StaffMember, raw: unknown) => assignLeads(deps, actor, raw),
    createLead: (actor: StaffMember, raw: unknown) => createLead(deps, actor, raw),
    mergeLeads: (actor: StaffMember, keepId: number, raw: unknown) => mergeLeads(deps, actor, keepId, raw),
    /** Erases a person's bookings when they have no account, on a request by mail (admins); audited. */
    eraseLead: (actor: StaffMember, id: number, raw: unknown) => eraseLead(deps, actor, id, raw),
    /** Leads past their first-response due time that this member may see (the "Today" view calls it). */
    overdueLeads: (actor: StaffMember) => overdueLeads(deps, actor, deps.now?.() ?? new Date()),
    settings: (actor: StaffMember) => getConsoleSettings(deps, actor),
    changeSettings: (actor: StaffMember, raw: unknown) => changeConsoleSettings(deps, actor, raw),
    invite: (actor: StaffMember, raw: unknown) => inviteStaff(deps, actor, raw),
    resendInvitation: (actor: StaffMember, staffId: number) => resendInvitation(deps, actor, staffId),
    invitation: (token: unknown) => invitationFor(deps, token),
    acceptInvitation: (token: unknown, raw: unknown, clientIp: string) => acceptInvitation(deps, token, raw, clientIp),
    tasks: (actor: StaffMember, filters: unknown) => listTasks(deps, actor, filters),
    today: (actor: StaffMember) => tasksForToday(deps, actor),
    assignableStaff: (actor: StaffMember) => assignableStaff(deps, actor),
    createTask: (actor: StaffMember, raw: unknown) => createTask(deps, actor, raw),
    markTaskDone: (actor: StaffMember, id: number) => markTaskDone(deps, actor, id),
    sendDailyDigests: (now?: Date) => sendDailyDigests(deps, now),
    /** A console list as CSV (leads, students, applications), with the screen's filters; audited. */
    exportList: (actor: StaffMember, list: string, filters: Record<string, string>) => exportList(deps, actor, list, filters),
    /** The catalogue, as admins create and edit it (decisions 0017, 0019); each change clears the public cache. */
    catalogue: {
      universities: (actor: StaffMember, filters: { q?: string }) => searchCatalogueUniversities(deps, actor, filters),
      featuredUniversities: (actor: StaffMember) => featuredCatalogueUniversities(deps, actor),
      university: (actor: StaffMember, id: number) => catalogueUniversity(deps, actor, id),
      course: (actor: StaffMember, id: number) => catalogueCourse(deps, actor, id),
      countries: (actor: StaffMember) => catalogueCountries(deps, actor),
      country: (actor: StaffMember, id: number) => catalogueCountry(deps, actor, id),
      createCountry: (actor: StaffMember, raw: unknown) => createCountry(deps, actor, raw),
      editCountry: (actor: StaffMember, id: number, raw: unknown) => editCountry(deps, actor, id, raw),
      createUniversity: (actor: StaffMember, raw: unknown, picture?: IncomingPicture) =>
        createUniversity(deps, actor, raw, picture),
      editUniversity: (actor: StaffMember, id: number, raw: unknown) => editUniversity(deps, actor, id, raw),
      /** A new picture, or with `null` the drawn placeholder again. */
      setUniversityPicture: (actor: StaffMember, id: number, picture: IncomingPicture | null | undefined) =>
        setUniversityPicture(deps, actor, id, picture),
      setFeatured: (actor: StaffMember, id: number, raw: unknown) => setFeatured(deps, actor, id, raw),
      retireUniversity: (actor: StaffMember, id: number, retired: boolean) => setUniversityRetired(deps, actor, id, retired),
      createCourse: (actor: StaffMember, universityId: number, raw: unknown) => createCourse(deps, actor, universityId, raw),
      editCourse: (actor: StaffMember, id: number, raw: unknown) => editCourse(deps, actor, id, raw),
      retireCourse: (actor: StaffMember, id: number, retired: boolean) => setCourseRetired(deps, actor, id, retired),
      courseIntakes: (actor: StaffMember, courseId: number) => catalogueCourseIntakes(deps, actor, courseId),
      addIntake: (actor: StaffMember, courseId: number, raw: unknown) => addIntake(deps, actor, courseId, raw),
      removeIntake: (actor: StaffMember, courseId: number, intakeId: number) => removeIntake(deps, actor, courseId, intakeId),
      setCountryVisible: (actor: StaffMember, id: number, visible: boolean) => setCountryVisible(deps, actor, id, visible),
    },
    /** The figures behind rupee amounts (decision 0025): exchange rates and living costs, kept by admins. */
    costs: {
      rates: (actor: StaffMember) => consoleRates(deps, actor),
      saveRate: (actor: StaffMember, raw: unknown) => saveExchangeRate(deps, actor, raw),
      livingCosts: (actor: StaffMember) => consoleLivingCosts(deps, actor),
      saveLivingCost: (actor: StaffMember, countryId: number, raw: unknown) => saveLivingCost(deps, actor, countryId, raw),
    },
    /** The scholarships list (decision 0025), kept by admins and counsellors. */
    scholarships: {
      list: (actor: StaffMember) => consoleScholarships(deps, actor),
      get: (actor: StaffMember, id: number) => consoleScholarship(deps, actor, id),
      create: (actor: StaffMember, raw: unknown) => createScholarship(deps, actor, raw),
      edit: (actor: StaffMember, id: number, raw: unknown) => editScholarship(deps, actor, id, raw),
      setRetired: (actor: StaffMember, id: number, retired: boolean) => setScholarshipRetired(deps, actor, id, retired),
    },
    /** The catalogue's CSV import (decision 0020): upload, map, dry run and apply in the background. */
    imports: {
      upload: (actor: StaffMember, upload: { kind: unknown; fileName: string; body: AsyncIterable<Uint8Array> }) =>
        uploadImport(deps, actor, upload),
      recent: (actor: StaffMember) => recentImports(deps, actor),
      get: (actor: StaffMember, id: string) => getImport(deps, actor, id),
      rows: (actor: StaffMember, id: string, query: unknown) => importRows(deps, actor, id, query),
      check: (actor: StaffMember, id: string, raw: unknown) => startCheck(deps, actor, id, raw),
      apply: (actor: StaffMember, id: string) => startApply(deps, actor, id),
      refusedRows: (actor: StaffMember, id: string) => refusedRowsCsv(deps, actor, id),
      /** The steps as the job queue's workers run them (`importJobs`, server/background.ts), by the import's id. */
      steps: {
        check: (importId: number) => checkImport(deps, importId),
        apply: (importId: number) => applyImport(deps, importId),
        giveUp: (importId: number) => giveUpImportStep(deps, importId),
      },
    },
    /** The catalogue's universities or courses as CSV in the import's shape, streamed; audited. */
    exportCatalogue: (actor: StaffMember, kind: "universities" | "courses") => exportCatalogue(deps, actor, kind),
    /** The reports dashboard's figures for this member (all, or their own) and a range of IST days. */
    reports: (actor: StaffMember, filters: unknown) => reportFor(deps, actor, filters),
    auditLog: async (actor: StaffMember, filters: Parameters<typeof listAudit>[1] = {}) => {
      if (!canReadAuditLog(actor)) throw notAllowed();
      return listAudit(deps.db, filters);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
