import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../platform/db/client.ts";
import { preparedRead } from "../platform/db/prepared.ts";
import { DEFAULT_MAX_ACTIVE_APPLICATIONS, MAX_ACTIVE_APPLICATIONS_CEILING } from "../vocabulary/applications.ts";
import { leadAssignmentModes, type SocialNetwork, settingsMessages, socialNetworks } from "../vocabulary/consultations.ts";
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

/** A YouTube video's id: 11 letters, digits, "-" or "_". */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const youTubeHosts = ["www.youtube.com", "youtube.com", "m.youtube.com"];

/**
 * The video id of a YouTube address in its usual forms (watch?v=, youtu.be/, the privacy-enhanced
 * youtube-nocookie.com/embed/), or a bare id; null for anything else (decision 0053).
 */
export function youTubeVideoId(input: string): string | null {
  const text = input.trim();
  if (VIDEO_ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:") return null;
  let id: string | null = null;
  if (youTubeHosts.includes(url.hostname) && url.pathname === "/watch") id = url.searchParams.get("v");
  else if (url.hostname === "youtu.be") id = url.pathname.slice(1);
  else if (
    [...youTubeHosts, "www.youtube-nocookie.com", "youtube-nocookie.com"].includes(url.hostname) &&
    url.pathname.startsWith("/embed/")
  )
    id = url.pathname.slice("/embed/".length);
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The networks the footer links to, in its order, each with the hosts its pages live on (decision 0053). */
export const socialNetworkHosts: Record<SocialNetwork, string[]> = {
  instagram: ["www.instagram.com", "instagram.com"],
  facebook: ["www.facebook.com", "facebook.com", "m.facebook.com"],
  youtube: youTubeHosts,
  linkedin: ["www.linkedin.com", "linkedin.com", "in.linkedin.com"],
  x: ["x.com", "www.x.com", "twitter.com", "www.twitter.com"],
};

/** A page of that network: https, on its host, and not the network's own home page; blank is "none". */
const socialLink = (network: SocialNetwork) =>
  z
    .string({ error: settingsMessages.socialLink[network] })
    .trim()
    .transform((text, ctx) => {
      if (text === "") return null;
      const url = URL.parse(text);
      const fits =
        url?.protocol === "https:" &&
        socialNetworkHosts[network].includes(url.hostname) &&
        !url.username &&
        !url.password &&
        !url.port &&
        url.pathname.replace(/\/+$/, "") !== "";
      if (!url || !fits) {
        ctx.addIssue({ code: "custom", message: settingsMessages.socialLink[network] });
        return z.NEVER;
      }
      return url.href;
    })
    .nullable();
export const socialLinksSchema = z.object(
  Object.fromEntries(socialNetworks.map((network) => [network, socialLink(network).default(null)])) as Record<
    SocialNetwork,
    z.ZodDefault<ReturnType<typeof socialLink>>
  >,
);
export type SocialLinks = Record<SocialNetwork, string | null>;

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
  /** The home page's video, by its YouTube id; none shown until an admin sets one (decision 0053). */
  homeVideo: z
    .string({ error: settingsMessages.homeVideo })
    .trim()
    .transform((text, ctx) => {
      if (text === "") return null;
      const id = youTubeVideoId(text);
      if (!id) {
        ctx.addIssue({ code: "custom", message: settingsMessages.homeVideo });
        return z.NEVER;
      }
      return id;
    })
    .nullable(),
  /** The footer's social links: only those set are shown (decision 0053). */
  socialLinks: socialLinksSchema,
  /** How many applications a student may have open before submission at once (decision 0056). */
  maxActiveApplications: z.coerce
    .number({ error: settingsMessages.maxActiveApplications })
    .int(settingsMessages.maxActiveApplications)
    .min(1, settingsMessages.maxActiveApplications)
    .max(MAX_ACTIVE_APPLICATIONS_CEILING, settingsMessages.maxActiveApplications),
});
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;

export const defaultConsoleSettings: ConsoleSettings = {
  leadAssignment: "round_robin",
  firstResponseHours: 4,
  workingHours: { days: [1, 2, 3, 4, 5, 6], start: "09:30", end: "18:30" },
  bookingRetentionMonths: DEFAULT_BOOKING_RETENTION_MONTHS,
  homeVideo: null,
  socialLinks: { instagram: null, facebook: null, youtube: null, linkedin: null, x: null },
  maxActiveApplications: DEFAULT_MAX_ACTIVE_APPLICATIONS,
};

/** What visitors see of the settings: the home page's video and the footer's links. */
export type PublicSettings = Pick<ConsoleSettings, "homeVideo" | "socialLinks">;
export const publicSettingKeys = ["homeVideo", "socialLinks"] as const satisfies (keyof ConsoleSettings)[];

export async function readPublicSettings(db: Pick<Database, "select">): Promise<PublicSettings> {
  const { homeVideo, socialLinks } = await readConsoleSettings(db);
  return { homeVideo, socialLinks };
}

const keys = Object.keys(defaultConsoleSettings) as (keyof ConsoleSettings)[];

/** Prepared once (decision 0110): every page reads the footer's links, every console screen more. */
const settingsQuery = preparedRead((db) =>
  db
    .select({ key: consoleSettings.key, value: consoleSettings.value })
    .from(consoleSettings)
    .where(inArray(consoleSettings.key, keys))
    .prepare("console_settings"),
);

/** The settings in force: each stored value that still parses, else its default. */
export async function readConsoleSettings(db: Pick<Database, "select">): Promise<ConsoleSettings> {
  const rows = await settingsQuery(db).execute();
  const settings = { ...defaultConsoleSettings };
  for (const row of rows) {
    const key = row.key as keyof ConsoleSettings;
    const parsed = consoleSettingsSchema.shape[key].safeParse(row.value);
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
  }
  return settings;
}

/** Stores every setting given (already parsed by the caller); one that is null (none) is its missing row. */
export async function writeConsoleSettings(
  db: Pick<Database, "insert" | "delete">,
  settings: ConsoleSettings,
  now: Date,
): Promise<void> {
  for (const key of keys) {
    const value = settings[key];
    if (value === null) {
      await db.delete(consoleSettings).where(eq(consoleSettings.key, key));
      continue;
    }
    await db
      .insert(consoleSettings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: consoleSettings.key, set: { value, updatedAt: now } });
  }
}
