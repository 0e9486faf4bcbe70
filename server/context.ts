import type { CurrentStudent } from "../modules/identity/identity.ts";
import type { StaffMember } from "../modules/policies.ts";
import type { Logger } from "../platform/log.ts";
import type { RateLimitRule } from "../platform/rate-limit.ts";

/** What every request handler can reach besides the request. */
export type ServerEnv = {
  Variables: {
    log: Logger;
    clientIp: string;
    /** Counts this request against a rule for the caller's IP; throws a 429 AppError past the limit. */
    limit: (rule: RateLimitRule) => Promise<void>;
    /** The logged-in student, from the session cookie; null for a visitor. */
    student: CurrentStudent | null;
    sessionToken: string | undefined;
    /** The signed-in staff member, from the staff session cookie (read on staff paths only); else null. */
    staff: StaffMember | null;
    staffToken: string | undefined;
    /** A page's HTML as the server sends it, for the public cache to keep without reading the answer back. */
    pageBytes?: Uint8Array<ArrayBuffer>;
  };
};
