import { createApplyingService, fileKeptForStudent } from "../modules/applications/applications.ts";
import { createCatalogueService } from "../modules/catalogue/catalogue.ts";
import { createCatalogueMirror } from "../modules/catalogue/catalogue-mirror.ts";
import { createStaffService } from "../modules/console/console.ts";
import { createCostService } from "../modules/costs/costs.ts";
import { createCounsellingService } from "../modules/counselling/counselling.ts";
import { createDeadlineService } from "../modules/deadlines/deadlines.ts";
import { createDepartureService } from "../modules/departure/departure.ts";
import { createDocumentService } from "../modules/documents/documents.ts";
import { createFundingService } from "../modules/funding/funding.ts";
import { createHomeService } from "../modules/home/home.ts";
import { createIdentityService } from "../modules/identity/identity.ts";
import { createConsultationService } from "../modules/leads/bookings.ts";
import { assigneeForNewLead } from "../modules/leads/leads.ts";
import { createLetterService } from "../modules/letters/letters.ts";
import { createLoanService } from "../modules/loans/loans.ts";
import { createMessageService } from "../modules/messages/messages.ts";
import { createOfferService, offerLetterFilesNamed } from "../modules/offers/offers.ts";
import { createParentLinkService } from "../modules/parents/parents.ts";
import { createPrivacyService } from "../modules/privacy/privacy.ts";
import { createScholarshipService } from "../modules/scholarships/scholarships.ts";
import { activeStaffContact } from "../modules/staff/staff.ts";
import { createStatementService } from "../modules/statements/statements.ts";
import { counsellorOrAssigned, createStudentService } from "../modules/students/students.ts";
import { createVisaService } from "../modules/visas/visas.ts";
import { PublicCache } from "../platform/cache.ts";
import type { Config } from "../platform/config.ts";
import { cookieWriter } from "../platform/cookies.ts";
import type { DatabaseHandle } from "../platform/db/client.ts";
import type { JobSender } from "../platform/jobs.ts";
import type { Logger } from "../platform/log.ts";
import { createMailer, type Mailer } from "../platform/mail/mailer.ts";
import { createDatabaseRateLimiter, createMemoryRateLimiter, type RateLimiter } from "../platform/rate-limit.ts";
import { connectSharedState } from "../platform/redis.ts";
import type { FileStorage } from "../platform/storage/file-storage.ts";
import { openFileStorage } from "../platform/storage/open-storage.ts";
import type { CachedAnswer } from "./cached-answers.ts";

/** What the services are built from: the configuration, the database and what a caller (a test) hands in. */
export interface ServicesOptions {
  config: Config;
  database: DatabaseHandle;
  log: Logger;
  rateLimiter?: RateLimiter;
  mailer?: Mailer;
  /** Where private uploads live; defaults to the bucket STORAGE_URL names, else local disk under DATA_DIR/uploads. */
  storage?: FileStorage;
  /**
   * The job queue (platform/jobs.ts) that runs a catalogue import's dry run and apply, once across
   * instances (server/background.ts registers the workers). Without it (API tests) they run at once here.
   */
  jobs?: JobSender;
  /**
   * Where the catalogue mirror keeps its built parts (decision 0071): the server's own DATA_DIR, set by
   * server/main.ts. Unset (tests over in-memory copies of one template, which look alike to the
   * snapshot's key and share a DATA_DIR), every start reads the catalogue.
   */
  searchIndexSnapshot?: string;
}

/** What the public cache may hold: the most visited pages fit; a crawl over every page cannot grow the process. */
const PUBLIC_CACHE_BYTES = 24 * 1024 * 1024;

/**
 * The domain's services with their database, storage, mail, rate limits and shared state bound: what
 * the API handlers and the screens receive (server/app.ts, server/pages.ts).
 */
export function createServices(options: ServicesOptions) {
  const { config, database, log } = options;
  // A storage handed in (tests) is the caller's to close; the configured one is closed with the app.
  const configuredStorage = options.storage ? undefined : openFileStorage(config);
  const storage: FileStorage = options.storage ?? (configuredStorage as FileStorage);
  // Searches and university lists are answered from a mirror that follows the catalogue's version (decision 0022).
  // Reading 200,000 courses leaves a hundred megabytes or so of garbage that an idle server would keep
  // until its next full collection: the production server (--expose-gc, scripts/build-state.mjs)
  // collects once each time the mirror is built, a pause of some tens of milliseconds.
  // Its built parts are kept beside the data: a restart on an unchanged catalogue makes it from them (decision 0071).
  const catalogueMirror = createCatalogueMirror(database.db, log, {
    afterBuild: () => (globalThis as { gc?: () => void }).gc?.(),
    snapshotFile: options.searchIndexSnapshot,
    // The catalogue moved without news reaching this instance (Redis down, or none): the cache forgets too.
    onVersionMoved: () => {
      publicCache.clear();
      costs.forget();
    },
  });
  const catalogue = createCatalogueService(database.db, catalogueMirror, storage);
  // Rate limits (decision 0021): with REDIS_URL, shared through Redis (the database's counters when it
  // cannot answer); on PGlite, one process's by nature, in memory; else in the database, shared by all.
  const databaseLimiter = createDatabaseRateLimiter(database.db);
  const shared = config.redisUrl ? connectSharedState(config.redisUrl, log, databaseLimiter) : undefined;
  const rateLimiter =
    options.rateLimiter ?? shared?.limiter ?? (database.kind === "pglite" ? createMemoryRateLimiter() : databaseLimiter);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const consultations = createConsultationService({
    db: database.db,
    mailer,
    staffEmail: config.staffEmail,
    siteEmail: config.site.email,
    log,
    // The assigned counsellor's mail is queued with the booking (decision 0042).
    jobs: options.jobs,
    siteAddress: config.siteAddress,
  });
  /** Public answers are the same for every visitor; catalogue writes clear it (publicCache.clear()). */
  const publicCache = new PublicCache<CachedAnswer>(2000, 60_000, Date.now, {
    maxBytes: PUBLIC_CACHE_BYTES,
    sizeOf: (answer) => answer.body.byteLength,
  });
  // Rupee amounts (decision 0025): their edits go through the staff service below.
  const costs = createCostService(database.db);
  // Another instance changed the catalogue: forget here too (this instance's own news clears it twice, harmlessly).
  // The mirror stops answering at once, as after a change made here: until it has read the version, an
  // answer from it would be the old catalogue, which the cache just cleared would keep for a minute.
  shared?.onCatalogueChange(() => {
    publicCache.clear();
    costs.forget();
    void catalogueMirror.changed();
  });
  const identity = createIdentityService({
    db: database.db,
    mailer,
    limiter: rateLimiter,
    log,
    siteAddress: config.siteAddress,
  });
  const students = createStudentService(database.db);
  const scholarships = createScholarshipService(database.db);
  const documents = createDocumentService({
    db: database.db,
    storage,
    log,
    limiter: rateLimiter,
    orphanGraceMs: config.orphanFileGraceHours * 3_600_000,
    // A version sent in an application's package stays readable to its student (decision 0058).
    keptForStudent: (studentId, fileId) => fileKeptForStudent(database.db, studentId, fileId),
    // The upkeep keeps the offer letters an offer letter names and removes the others (decision 0104).
    offerLettersNamed: (fileIds) => offerLetterFilesNamed(database.db, fileIds),
  });
  // Applying from the portal (decision 0055): the counsellor's mail goes through the outbox and the job queue.
  const applying = createApplyingService({
    db: database.db,
    log,
    mailer,
    jobs: options.jobs,
    siteAddress: config.siteAddress,
    counsellorFor: (tx, studentId) => counsellorOrAssigned(tx, studentId, () => assigneeForNewLead(tx)),
    staffContact: activeStaffContact,
  });
  // Recommendation letters (decisions 0075-0077): the applications' rules of who owns and who may see them are handed in.
  const letters = createLetterService({
    db: database.db,
    storage,
    log,
    limiter: rateLimiter,
    mailer,
    jobs: options.jobs,
    siteAddress: config.siteAddress,
    applicationOf: async (studentId, applicationId) => {
      const a = await applying.get(studentId, applicationId);
      return { id: a.id, course: a.course, university: a.university, country: a.country, deadline: a.deadline };
    },
    applicationsOf: (studentId, ids) => applying.named(studentId, ids),
    staffApplicationOf: async (member, applicationId) => {
      const a = await staff.applications.get(member, applicationId);
      return { studentId: a.studentId };
    },
    studentOf: async (studentId) => {
      const p = await students.getProfile(studentId);
      return { fullName: p.fullName, email: p.email, language: await deadlines.languageOf(studentId) };
    },
  });
  const visas = createVisaService({
    db: database.db,
    storage,
    log,
    mailer,
    jobs: options.jobs,
    siteAddress: config.publicUrl,
  });
  // The SOP and the letter of explanation written and reviewed in the portal (decision 0072).
  const statements = createStatementService({ db: database.db, log });
  // Offers and the one funding plan (decisions 0078-0081): the counsellor's reply mail goes through the outbox.
  // A student's offer letter is stored by the documents' upload path (decision 0092).
  const offerDeps = {
    db: database.db,
    log,
    mailer,
    jobs: options.jobs,
    siteAddress: config.siteAddress,
    letterFiles: { store: documents.storeOfferLetter, remove: documents.removeOfferLetter },
  };
  const offers = createOfferService(offerDeps);
  const funding = createFundingService({ db: database.db });
  const privacy = createPrivacyService({ db: database.db, storage, log, limiter: rateLimiter, jobs: options.jobs });
  // A student's read-only links for a parent (decision 0028); erasure takes them with the account.
  const parents = createParentLinkService({
    db: database.db,
    limiter: rateLimiter,
    applicationsOf: students.listApplications,
    siteAddress: config.publicUrl,
    // The offers' state and the chosen university; their amounts only when the student shares them (decision 0091).
    offersOf: offers.forParent,
  });
  // One conversation per student (decision 0037): the student's side; the console's is in `staff`.
  const messages = createMessageService({
    db: database.db,
    limiter: rateLimiter,
    log,
    mailer,
    jobs: options.jobs,
    siteAddress: config.siteAddress,
  });
  // Counselling sessions on a calendar (decision 0036): a student's bookings with their counsellor, and the
  // free consultation's slots; the console's side is in the staff service.
  const counselling = createCounsellingService({
    db: database.db,
    mailer,
    log,
    jobs: options.jobs,
    siteAddress: config.siteAddress,
  });
  // The loan planner (decision 0082) and the departure checklist after the visa (decision 0083).
  const loans = createLoanService({ db: database.db });
  const departure = createDepartureService({ db: database.db });
  // Deadlines in one place (decision 0059): the student's dated things, reminders and calendar feed.
  const deadlines = createDeadlineService({
    db: database.db,
    log,
    mailer,
    jobs: options.jobs,
    siteAddress: config.siteAddress,
    visaPlans: visas.plans,
    departures: departure.ofStudent,
    // An offer's reply, deposit and condition dates join them and their reminders (decision 0090).
    offers: offers.dates,
    offersBetween: offers.datesBetween,
  });
  // A signed-in student's home (decision 0062): their applications' next steps, unread messages, the next
  // session and the nearest deadlines, the applications read once for both (decision 0087).
  const home = createHomeService({ db: database.db, deadlines: deadlines.list });
  const staff = createStaffService({
    db: database.db,
    limiter: rateLimiter,
    log,
    mailer,
    siteAddress: config.siteAddress,
    storage,
    onCatalogueChange: async () => {
      publicCache.clear();
      costs.forget();
      shared?.announceCatalogueChange();
      // Only the records written are changed in the mirror (decision 0038); other instances do the same
      // from the catalogue's recorded steps when they hear of it (above) or read its version.
      await catalogueMirror.changed();
    },
    // A catalogue import's dry run and apply are jobs: queued with the request's change of status, run by
    // whichever instance takes them, retried after a crash (decisions 0020, 0021).
    jobs: options.jobs,
    // An admin's erasure of a student on a request by mail is the privacy module's (decision 0024).
    eraseStudent: privacy.erase,
    eraseLeads: privacy.eraseLeads,
  });
  const cookies = cookieWriter(config.publicUrl?.startsWith("https:") ?? false);

  /** Lets go of what the app opened beyond the database (the mirror's timer, Redis connections, the bucket's client). */
  const close = async () => {
    catalogueMirror.stop();
    await shared?.close();
    await configuredStorage?.close();
  };
  // What the screens reach in their load context (app/context.ts), handed over whole by pages.ts: a
  // service added here is a screen's without a second list.
  const screens = {
    catalogue,
    consultations,
    identity,
    students,
    applying,
    statements,
    letters,
    documents,
    costs,
    scholarships,
    offers,
    funding,
    privacy,
    parents,
    visas,
    messages,
    counselling,
    home,
    deadlines,
    loans,
    departure,
    staff,
    cookies,
  };
  return { ...screens, screens, catalogueMirror, rateLimiter, publicCache, close };
}

export type Services = ReturnType<typeof createServices>;
