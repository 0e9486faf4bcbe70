import { recordAudit } from "../audit-log.ts";
import {
  type ConsoleSettings,
  consoleSettingsSchema,
  publicSettingKeys,
  readConsoleSettings,
  writeConsoleSettings,
} from "../console-settings.ts";
import type { StaffDeps } from "../deps.ts";
import { nowOf, tellPublicSide } from "../deps.ts";
import { canManageSettings, notAllowed, type StaffMember } from "../policies.ts";
import { ensureReportFacts } from "../reports/reports.ts";
import { parseInput } from "../validation.ts";

/** The console's settings as an admin sees them. */
export async function getConsoleSettings(deps: StaffDeps, member: StaffMember): Promise<ConsoleSettings> {
  if (!canManageSettings(member)) throw notAllowed();
  return readConsoleSettings(deps.db);
}

/** Changes the console's settings (admins), every one given at once; audited with before and after. */
export async function changeConsoleSettings(deps: StaffDeps, member: StaffMember, raw: unknown): Promise<ConsoleSettings> {
  if (!canManageSettings(member)) throw notAllowed();
  // The retention period came later (decision 0024): a client that does not send it keeps the one in force.
  // So did the home video and the footer's links (decision 0053): likewise kept when not sent.
  const given = parseInput(
    consoleSettingsSchema.partial({
      bookingRetentionMonths: true,
      homeVideo: true,
      socialLinks: true,
      maxActiveApplications: true,
    }),
    raw,
  );
  given.workingHours.days = [...new Set(given.workingHours.days)].sort();
  let publicChanged = false;
  const saved = await deps.db.transaction(async (tx) => {
    const before = await readConsoleSettings(tx);
    const settings: ConsoleSettings = {
      ...given,
      bookingRetentionMonths: given.bookingRetentionMonths ?? before.bookingRetentionMonths,
      homeVideo: given.homeVideo === undefined ? before.homeVideo : given.homeVideo,
      socialLinks: given.socialLinks ?? before.socialLinks,
      // The applications limit came with applying from the portal (decision 0056): kept when not sent.
      maxActiveApplications: given.maxActiveApplications ?? before.maxActiveApplications,
    };
    publicChanged = publicSettingKeys.some((key) => JSON.stringify(settings[key]) !== JSON.stringify(before[key]));
    await writeConsoleSettings(tx, settings, nowOf(deps));
    await recordAudit(tx, member, {
      action: "settings.changed",
      subjectType: "settings",
      subjectId: "console",
      before,
      after: settings,
    });
    return settings;
  });
  // The reports' facts decide "missed" with these settings: rebuilt now rather than at the next report.
  await ensureReportFacts(deps.db, saved);
  // Visitors see the video and the links: the cached public pages are dropped (decision 0053).
  if (publicChanged) await tellPublicSide(deps);
  return saved;
}
