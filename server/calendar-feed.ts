import type { Handler } from "hono";
import type { DeadlineService } from "../modules/deadlines/deadlines.ts";
import type { ServerEnv } from "./context.ts";

/**
 * A student's private calendar feed (decision 0059): `/calendar/<token>.ics`, which Google Calendar,
 * Outlook and Apple Calendar fetch without a login cookie. A token that opens no feed (never made,
 * renewed away, or its account erased) answers a bare 404 that says nothing of why.
 */
export function calendarFeedRoute(deadlines: Pick<DeadlineService, "feed">): Handler<ServerEnv> {
  return async (c) => {
    const file = c.req.param("file") ?? "";
    const calendar = file.endsWith(".ics") ? await deadlines.feed(file.slice(0, -".ics".length)) : null;
    const headers = {
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    };
    if (calendar === null) return c.text("Not found", 404, headers);
    return c.body(calendar, 200, {
      ...headers,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="ignite-deadlines.ics"',
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  };
}
