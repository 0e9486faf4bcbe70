import type { AppLoadContext } from "react-router";
import type { ApplyingService } from "../modules/applications/applications.ts";
import type { CatalogueService } from "../modules/catalogue/catalogue.ts";
import type { StaffService } from "../modules/console/console.ts";
import type { PublicSettings } from "../modules/console-settings.ts";
import type { CostService } from "../modules/costs/costs.ts";
import type { CounsellingService } from "../modules/counselling/counselling.ts";
import type { DeadlineService } from "../modules/deadlines/deadlines.ts";
import type { DepartureService } from "../modules/departure/departure.ts";
import type { DocumentService } from "../modules/documents/documents.ts";
import type { AppError } from "../modules/errors.ts";
import type { FundingService } from "../modules/funding/funding.ts";
import type { HomeService } from "../modules/home/home.ts";
import type { CurrentStudent, IdentityService } from "../modules/identity/identity.ts";
import type { ConsultationService } from "../modules/leads/bookings.ts";
import type { LetterService } from "../modules/letters/letters.ts";
import type { LoanService } from "../modules/loans/loans.ts";
import type { MessageService } from "../modules/messages/messages.ts";
import type { OfferService } from "../modules/offers/offers.ts";
import type { ParentLinkService } from "../modules/parents/parents.ts";
import type { StaffMember } from "../modules/policies.ts";
import type { PrivacyService } from "../modules/privacy/privacy.ts";
import type { ScholarshipService } from "../modules/scholarships/scholarships.ts";
import type { StatementService } from "../modules/statements/statements.ts";
import type { StudentService } from "../modules/students/students.ts";
import type { VisaService } from "../modules/visas/visas.ts";
import type { CookieWriter } from "../platform/cookies.ts";
import type { Logger } from "../platform/log.ts";
import type { RateLimitRule } from "../platform/rate-limit.ts";

// How pages reach the domain: services handed to loaders and actions in the load context (decision 0001).

export interface SiteSettings {
  email: string;
  phone: string;
  whatsappNumber: string;
}

declare module "react-router" {
  interface AppLoadContext {
    catalogue: CatalogueService;
    site: SiteSettings;
    /** The home page's video and the footer's social links an admin set (decision 0053). */
    publicSettings: () => Promise<PublicSettings>;
    /** The flag sprite's address without its set (decision 0043): `/flags/sprite-HASH.svg`. */
    flagSprite: string;
    requireLoginForDetails: boolean;
    /** Counts this request against a rule for the caller; throws a 429 error past the limit. */
    limit: (rule: RateLimitRule) => Promise<void>;
    rateLimits: { search: RateLimitRule; consultation: RateLimitRule };
    consultations: ConsultationService;
    identity: IdentityService;
    students: StudentService;
    /** Applying from the portal: start, the package, withdraw, the fee (decisions 0055-0058). */
    applying: ApplyingService;
    /** The SOP and the Canadian letter of explanation, written and reviewed in the portal (decision 0072). */
    statements: StatementService;
    documents: DocumentService;
    /** Exchange rates, living costs and a course's estimated total in rupees (decision 0025). */
    costs: CostService;
    /** Scholarships, a student's matches first (decision 0025). */
    scholarships: ScholarshipService;
    /** The student's control of their data: contact choices, access log, export, erasure (decision 0024). */
    privacy: PrivacyService;
    /** A student's read-only links for a parent, and the parent's page (decision 0028). */
    parents: ParentLinkService;
    /** Visa guides, the student's visa plans and mock interview practice (decision 0040). */
    visas: VisaService;
    /** The student's offers, compared in rupees, and their replies (decisions 0078, 0080, 0081). */
    offers: OfferService;
    /** The student's one funding plan (decision 0079). */
    funding: FundingService;
    /** The student's conversation with their counsellor (decision 0037). */
    messages: MessageService;
    /** Counselling sessions: a student's bookings with their counsellor, the free consultation's slots (decision 0036). */
    counselling: CounsellingService;
    /** A signed-in student's home: applications with their next step, unread messages, the next session (decision 0062). */
    home: HomeService;
    /** The student's deadlines in one place, their reminders and calendar feed (decision 0059). */
    deadlines: DeadlineService;
    /** Recommendation letters: the student's invitations and the recommender's link (decisions 0075-0077). */
    letters: LetterService;
    /** The loan planner: up to three loan offers the student typed, side by side (decision 0082). */
    loans: LoanService;
    /** The departure checklist on an application once its visa is granted (decision 0083). */
    departure: DepartureService;
    /** Builds our Set-Cookie values (HttpOnly session, reset proof). */
    cookies: CookieWriter;
    /** The logged-in student, or null for a visitor. */
    student: CurrentStudent | null;
    sessionToken: string | undefined;
    /** Staff accounts, sessions and the audit log. */
    staff: StaffService;
    /** The signed-in staff member on staff screens, else null. */
    staffMember: StaffMember | null;
    staffToken: string | undefined;
    /**
     * A form post over the screen's body limit, refused before it was read (decision 0095): the action
     * answers it with its form's message and gets no body.
     */
    bodyRefused?: AppError;
    resetProof: string | undefined;
    clientIp: string;
    /** This request's logger: every line carries its request id. */
    log: Logger;
    /** This request's id: the error screen shows it for support (decision 0067). */
    requestId: string;
    /** Unexpected errors of this request's loaders and actions (entry.server's handleError adds them). */
    pageErrors: unknown[];
    /**
     * The page's HTML as entry.server rendered it, handed back to the server beside the answer, so the
     * server neither reads the answer's stream back nor copies it for the cache (decision 0021).
     */
    renderedPage: { html?: Uint8Array<ArrayBuffer> };
  }
}

/*
 * React Router 8 always runs middleware, so loaders and actions get a RouterContextProvider rather than
 * the object the server passed. The server's provider carries the fields above as its own properties
 * (server/pages.ts), so screens read `context.catalogue` as before (decision 0033). The class is declared
 * in this file of the package (its index only re-exports it, which TypeScript cannot augment); the
 * route types read the development build's declarations, the package's index the production build's.
 */
declare module "../node_modules/react-router/dist/development/lib/router/utils.js" {
  interface RouterContextProvider extends AppLoadContext {}
}
declare module "../node_modules/react-router/dist/production/lib/router/utils.js" {
  interface RouterContextProvider extends AppLoadContext {}
}
