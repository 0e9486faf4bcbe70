import type { AppError } from "../modules/errors.ts";
import type { CurrentStudent } from "../modules/identity/identity.ts";
import type { StaffMember } from "../modules/policies.ts";
import type { Logger } from "../platform/log.ts";
import type { RateLimitRule } from "../platform/rate-limit.ts";

/** What every request handler can reach besides the request. */
export type ServerEnv = {
  Variables: {
    log: Logger;
    /** This request's id (decision 0067): in its log lines, its X-Request-Id answer header and its errors. */
    requestId: string;
    clientIp: string;
    /** Counts this request against a rule for the caller's IP; throws a 429 AppError past the limit. */
    limit: (rule: RateLimitRule) => Promise<void>;
    /** The logged-in student, from the session cookie; null for a visitor. */
    student: CurrentStudent | null;
    sessionToken: string | undefined;
    /** The signed-in staff member, from the staff session cookie (read on staff paths only); else null. */
    staff: StaffMember | null;
    staffToken: string | undefined;
    /** Answered from the shared cache of public answers: counted under the route "(cached)" (decision 0064). */
    fromCache?: boolean;
    /**
     * A screen's form post left unread, over its body limit (`limitScreenBody`) or over a recommender's page's
     * rate limit (`letterScreenLimit`): the screen's action answers it.
     */
    bodyRefused?: AppError;
    /** A page's HTML as the server sends it, for the public cache to keep without reading the answer back. */
    pageBytes?: Uint8Array<ArrayBuffer>;
  };
};
