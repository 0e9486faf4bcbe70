import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../platform/db/client.ts";
import { leadAssignmentModes, settingsMessages } from "../vocabulary/consultations.ts";
import { BOOKING_RETENTION_MONTHS_MAX, DEFAULT_BOOKING_RETENTION_MONTHS, privacyMessages } from "../vocabulary/privacy.ts";
import { consoleSettings } from "./tables.ts";

/**
 * The console's settings an admin changes, shared by the modules that follow them: how new leads are
 * assigned (the booking form and the console's "New lead" both ask) and the first-response target with
 * the working hours it is counted in. Stored one row per key in console_settings; a missing row is the default.
 */

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, settingsMessages.clock);
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** When staff work, in IST: the weekdays (0 Sunday to 6 Saturday) and the hours of each such day. */
export const workingHoursSchema = z
  .object({
    days: z.array(z.coerce.number().int().min(0).max(6)).min(1, settingsMessages.chooseDays).max(7),
    start: clock,
    end: clock,
  })
  .refine((v) => minutesOf(v.start) < minutesOf(v.end), { message: settingsMessages.endAfterStart, path: ["end"] });
export type WorkingHours = z.infer<typeof workingHoursSchema>;

export const consoleSettingsSchema = z.object({
  leadAssignment: z.enum(leadAssignmentModes, { error: settingsMessages.chooseMode }),
  firstResponseHours: z.coerce
    .number({ error: settingsMessages.targetHours })
    .int(settingsMessages.targetHours)
    .min(1, settingsMessages.targetHours)
    .max(100, settingsMessages.targetHours),
  workingHours: workingHoursSchema,
  /** Bookings that never became students are anonymised this many months after booking (decision 0024). */
  bookingRetentionMonths: z.coerce
    .number({ error: privacyMessages.retentionMonths })
    .int(privacyMessages.retentionMonths)
    .min(1, privacyMessages.retentionMonths)
    .max(BOOKING_RETENTION_MONTHS_MAX, privacyMessages.retentionMonths),
});
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;

export const defaultConsoleSettings: ConsoleSettings = {
  leadAssignment: "round_robin",
  firstResponseHours: 4,
  workingHours: { days: [1, 2, 3, 4, 5, 6], start: "09:30", end: "18:30" },
  bookingRetentionMonths: DEFAULT_BOOKING_RETENTION_MONTHS,
};

const keys = Object.keys(defaultConsoleSettings) as (keyof ConsoleSettings)[];

/** The settings in force: each stored value that still parses, else its default. */
export async function readConsoleSettings(db: Pick<Database, "select">): Promise<ConsoleSettings> {
  const rows = await db.select().from(consoleSettings).where(inArray(consoleSettings.key, keys));
  const settings = { ...defaultConsoleSettings };
  for (const row of rows) {
    const key = row.key as keyof ConsoleSettings;
    const parsed = consoleSettingsSchema.shape[key].safeParse(row.value);
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
  }
  return settings;
}

/** Stores every setting given (already parsed by the caller). */
export async function writeConsoleSettings(db: Pick<Database, "insert">, settings: ConsoleSettings, now: Date): Promise<void> {
  for (const key of keys) {
    await db
      .insert(consoleSettings)
      .values({ key, value: settings[key], updatedAt: now })
      .onConflictDoUpdate({ target: consoleSettings.key, set: { value: settings[key], updatedAt: now } });
  }
}
