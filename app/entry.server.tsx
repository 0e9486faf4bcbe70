import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { pathForLog } from "../modules/parents/parents.ts";
import { RequestIdContext } from "./lib/request-reference";

/**
 * Pages are rendered whole (every loader has finished by now): the server reads the HTML once to
 * hash its inline scripts for the content security policy, and public pages are cached whole.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let status = responseStatusCode;
  // Rendered to Node's stream and gathered into one buffer: cheaper on Node than the web-stream
  // renderer, whose every chunk went through a ReadableStream and was read back whole (decision 0021).
  // No abort on `request.signal` here. With it, every rendered page (its HTML and load context) stayed
  // in memory, held through the listener React puts on the signal, which outlives the answer: 40 s of
  // /profile took a server with a 180 MB heap to "out of memory"; without it, 4,000 pages left it flat.
  // Pages are awaited whole (onAllReady) anyway, so a closed connection costs one render at most.
  const html = await new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const gathered = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(new Uint8Array(Buffer.concat(chunks)));
        done();
      },
    });
    const page = (
      <RequestIdContext value={loadContext.requestId}>
        <ServerRouter context={routerContext} url={request.url} />
      </RequestIdContext>
    );
    const { pipe } = renderToPipeableStream(page, {
      onAllReady: () => pipe(gathered),
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        if (!request.signal.aborted) loadContext.log.error({ err: error }, "page render failed");
      },
    });
  });
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  loadContext.renderedPage.html = html;
  return new Response(html, { headers: responseHeaders, status });
}

/**
 * An unexpected error in a loader or an action, logged once with the request's id (the router calls
 * this instead of its own console logging). The screen shows the generic error, never the details.
 * Refusals (our AppErrors turned into answers) and thrown responses never reach here.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const load = context as AppLoadContext;
  load.pageErrors?.push(error);
  load.log.error({ err: error, path: pathForLog(new URL(request.url).pathname) }, "unexpected error in a page");
};
