import { indianDay } from "../../vocabulary/india-time.ts";
import { applicationsConsole, tellCounsellorsOfChangedIntake } from "../applications/applications.ts";
import { catalogueConsole } from "../catalogue/catalogue.ts";
import { costsConsole } from "../costs/costs.ts";
import { counsellingConsole } from "../counselling/counselling.ts";
import { deadlinesConsole } from "../deadlines/deadlines.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { documentsConsole } from "../documents/documents.ts";
import { leadsConsole } from "../leads/leads.ts";
import { messagesConsole } from "../messages/messages.ts";
import { offersConsole } from "../offers/offers.ts";
import { deliverPendingMail, deliverQueuedMail, mailNotSent } from "../outbox.ts";
import { canManageStaff, type StaffMember } from "../policies.ts";
import { reportsConsole } from "../reports/reports.ts";
import { scholarshipsConsole } from "../scholarships/scholarships.ts";
import { activeStaffContact, staffConsole } from "../staff/staff.ts";
import { studentsConsole } from "../students/students.ts";
import { tasksConsole } from "../tasks/tasks.ts";
import { visasConsole } from "../visas/visas.ts";

/**
 * The staff console's services, bound to their dependencies: each noun's module owns its console side
 * (decision 0031) and this file only puts them side by side, by noun, for the server to hand to the
 * staff screens and the staff API: `staff.leads.list`, `staff.catalogue.editCourse`. Adding a noun's
 * console side is one line here.
 */
export function createStaffService(deps: StaffDeps) {
  return {
    /**
     * Today's India day by the console's clock (decision 0109): the day the console's checks hold a "checked
     * on" or a rate's day to, so a screen's date field stops where the check does and starts a new figure there.
     */
    today: () => indianDay(nowOf(deps)),
    /** The staff's own accounts and login sessions, invitations, the console's settings, the digest, the audit log. */
    team: staffConsole(deps),
    leads: leadsConsole(deps),
    students: studentsConsole(deps),
    applications: applicationsConsole(deps),
    /** Applications falling due with packages incomplete (decision 0059). */
    deadlines: deadlinesConsole(deps),
    documents: documentsConsole(deps),
    tasks: tasksConsole(deps),
    reports: reportsConsole(deps),
    counselling: counsellingConsole(deps),
    // Intakes removed or their deadlines moved (the editor, the CSV import) that open applications name:
    // their counsellors are told, once for the whole change (decisions 0055, 0085, 0106).
    catalogue: catalogueConsole({
      ...deps,
      intakeChanged: (tx, changes) => tellCounsellorsOfChangedIntake(tx, deps, changes, activeStaffContact),
    }),
    visas: visasConsole(deps),
    costs: costsConsole(deps),
    scholarships: scholarshipsConsole(deps),
    /** One conversation per student (decision 0037). */
    messages: messagesConsole(deps),
    /** Offers as the console records, reads (audited) and reopens them (decision 0078). */
    offers: offersConsole(deps),
    /** Mail queued with a staff member's action and its audit entry (decision 0034), sent by the job queue. */
    outbox: {
      deliver: (id: number) => deliverQueuedMail(deps, id),
      deliverPending: () => deliverPendingMail(deps),
      /** Queued mail the mail server refused and that still waits: admins only, null for others (decision 0048). */
      notSent: async (actor: StaffMember) => (canManageStaff(actor) ? mailNotSent(deps.db) : null),
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
