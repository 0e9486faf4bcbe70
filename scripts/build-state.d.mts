/** The compiled server, written last by `npm run build`. */
export const compiledServer: string;
/** Whether the production build is missing or older than the sources. */
export function buildIsStale(): boolean;
/** Node's flags for the production server. */
export const serverNodeFlags: string[];
/** The production server's environment on top of the caller's (NODE_ENV=production). */
export function serverEnvironment(env?: NodeJS.ProcessEnv | Record<string, string>): Record<string, string | undefined>;
/** Resolves once the server at `base` answers ready with its catalogue mirror built, `inARow` times in a row. */
export function serverReady(
  base: string,
  options?: { server?: import("node:child_process").ChildProcess; inARow?: number; seconds?: number },
): Promise<void>;
