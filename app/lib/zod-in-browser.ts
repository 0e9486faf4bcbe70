/**
 * zod compiles its object checks with `new Function` where it may, and first probes whether it may. In
 * the browser our content security policy forbids it (no 'unsafe-eval'): the probe is caught, but the
 * browser reports a violation on every page that checks a form there (the filter form, for one), and
 * Lighthouse marks the page down for it. zod's "jitless" setting skips both; the server keeps the
 * compiled checks.
 *
 * The setting lives in zod's global settings object (`zod/v4/core`'s `config` writes the same one),
 * written here without loading zod: this module is the root route's first import, so it runs before
 * any route module builds a schema, and the home page loads no zod at all.
 */
type ZodSettings = { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== "undefined") {
  const global = globalThis as ZodSettings;
  global.__zod_globalConfig ??= {};
  global.__zod_globalConfig.jitless = true;
}
