import type { Config } from "../platform/config.ts";

/**
 * What a start should tell the operator about its configuration, one line each (decision 0048). Without
 * PUBLIC_URL, a parent link (decision 0028) is built on the Host the student's request named (decision
 * 0034): behind a proxy that passes any Host, or a cache keyed without it, a link could name another
 * site. A production start says so, and what to set.
 */
export function startWarnings(config: Pick<Config, "publicUrl" | "nodeEnv">): string[] {
  const warnings: string[] = [];
  if (config.nodeEnv === "production" && !config.publicUrl) {
    warnings.push(
      "PUBLIC_URL is not set: parent links are built on the Host each request names. Set PUBLIC_URL to the site's public address (e.g. https://ignite.example).",
    );
  }
  return warnings;
}
