/**
 * The one place a link in a mail is built (decision 0051): always absolute, on the site's address
 * (PUBLIC_URL, else the server's own listen address, `platform/config.ts`), so a mail client can open
 * it. `path` starts with "/" and may carry a query and a fragment; a trailing "/" on the address is dropped.
 */
export function mailLink(siteAddress: string, path: string): string {
  if (!/^https?:\/\/[^/]/.test(siteAddress)) throw new Error("mailLink: the site's address must be an absolute http(s) address");
  if (!path.startsWith("/")) throw new Error("mailLink: the path must start with /");
  return `${siteAddress.replace(/\/+$/, "")}${path}`;
}
