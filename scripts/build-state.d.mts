/** The compiled server, written last by `npm run build`. */
export const compiledServer: string;
/** Whether the production build is missing or older than the sources. */
export function buildIsStale(): boolean;
