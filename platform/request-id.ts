import { AsyncLocalStorage } from "node:async_hooks";

/**
 * One request, one id (decision 0067): the id of the request being answered follows its work through
 * `await`s (Node's AsyncLocalStorage), so a job the request queues carries it (platform/jobs.ts), and
 * the job's log lines name it as the request's own lines do.
 */
const current = new AsyncLocalStorage<{ requestId: string; inJob: boolean }>();

/** Runs `work` as part of the request with this id (its log lines carry the id through the request's logger). */
export const withRequestId = <T>(requestId: string, work: () => T): T => current.run({ requestId, inJob: false }, work);

/** Runs a queued job's `work` under the id of the request that queued it: every log line written meanwhile carries it. */
export const inJobOfRequest = <T>(requestId: string, work: () => T): T => current.run({ requestId, inJob: true }, work);

/** The id of the request (or of the request whose job this is) being worked on here; undefined outside one. */
export const currentRequestId = (): string | undefined => current.getStore()?.requestId;

/** What a log line written inside a job adds (pino's mixin, platform/log.ts); a request's logger names its id itself. */
export const jobLogFields = (): { requestId?: string } => {
  const scope = current.getStore();
  return scope?.inJob ? { requestId: scope.requestId } : {};
};

/** Where a queued job's data carries the id of the request that queued it; taken off before its handler runs. */
export const REQUEST_ID_FIELD = "_requestId";

/** An id a caller may send in X-Request-Id (a proxy's): short, printable, nothing a log line could be broken by. */
export const acceptableRequestId = (id: string | undefined): id is string => !!id && /^[\w.:@-]{1,64}$/.test(id);
