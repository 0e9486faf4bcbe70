import type { Server } from "node:http";
import type { Logger } from "../platform/log.ts";

/** What a stop waits for, and in which order (decision 0067). */
export interface StopParts {
  server: Pick<Server, "close" | "closeIdleConnections" | "closeAllConnections">;
  log: Logger;
  /** How long requests in flight and running jobs may take to finish (SHUTDOWN_GRACE_SECONDS). */
  graceMs: number;
  /** The job queue: stops taking jobs, lets running ones finish within the time given, returns the rest to the queue. */
  jobs?: { stop(timeoutMs?: number): Promise<void> };
  /** Work a request started and left running after its answer (a booking's mail), then the services and the database. */
  finish: () => Promise<unknown>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * A clean stop on SIGTERM or SIGINT (decision 0067): no new connection is accepted; requests in flight
 * finish, up to the grace time, after which their connections are cut (their clients were never answered,
 * so nothing they were told was saved is lost); running jobs finish in the same time or go back to the
 * queue (pg-boss fails them, to be retried); then the services and the database close, and the process
 * exits 0. A second signal does not start another stop; one that hangs past the grace time and a margin
 * exits 1.
 */
export function stopCleanly(parts: StopParts): (signal: string) => Promise<void> {
  let stopping: Promise<void> | undefined;
  return (signal) => {
    stopping ??= (async () => {
      const { server, log, graceMs } = parts;
      log.info(
        { signal, graceSeconds: graceMs / 1000 },
        "stopping: no new connections; requests in flight and running jobs may finish",
      );
      setTimeout(() => {
        log.error("the stop took too long; exiting");
        process.exit(1);
      }, graceMs + 15_000).unref();
      const drained = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
      // A kept-alive connection with no request on it is closed now, and again as requests end.
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      server.closeIdleConnections();
      const jobsStopped = parts.jobs?.stop(graceMs) ?? Promise.resolve();
      const inTime = await Promise.race([drained, pause(graceMs).then(() => false)]);
      clearInterval(idle);
      if (!inTime) {
        log.warn({ graceSeconds: graceMs / 1000 }, "requests still unanswered after the grace time are cut off");
        server.closeAllConnections();
      }
      await jobsStopped;
      await parts.finish();
      log.info("stopped");
    })();
    return stopping;
  };
}
