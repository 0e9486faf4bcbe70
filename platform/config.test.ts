import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: "./data", seed: "demo", requireLoginForDetails: true });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.staffEmail).toBe("hello@ignite.example");
    expect(config.digestHourIst).toBe(8);
    expect(loadConfig({ DIGEST_HOUR_IST: "0" }).digestHourIst).toBe(0);
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/x"],
    ["SMTP_URL", "not a url"],
    ["SEED", "everything"],
    ["SITE_EMAIL", "nobody"],
    ["WHATSAPP_NUMBER", "+91 98765"],
    ["REQUIRE_LOGIN_FOR_DETAILS", "maybe"],
    ["LOG_LEVEL", "loud"],
    ["DIGEST_HOUR_IST", "24"],
    ["DIGEST_HOUR_IST", "8.5"],
    ["DIGEST_HOUR_IST", "morning"],
  ])("stops on a bad %s with a message naming it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it.each([
    ["DATABASE_URL", "mysql://ignite:db-SECRET-pw@db.internal/ignite"],
    ["SMTP_URL", "http://mailer:smtp-SECRET-pw@mail.internal"],
    ["REDIS_URL", "http://:redis-SECRET-pw@cache.internal"],
    ["ADMIN_PASSWORD", "SECRET-pw"],
  ])("names a bad %s without printing its value", (name, value) => {
    const env = { [name]: value, ...(name === "ADMIN_PASSWORD" ? { ADMIN_EMAIL: "admin@ignite.test" } : {}) };
    const error = (() => {
      try {
        loadConfig(env);
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toContain(`${name}:`);
    expect(error?.message).not.toContain("SECRET");
  });

  it("wants ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "admin@ignite.test" })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_EMAIL: "admin@ignite.test", ADMIN_PASSWORD: "a long enough secret" }).admin?.email).toBe(
      "admin@ignite.test",
    );
  });

  it("reads switches and the staff address", () => {
    const config = loadConfig({
      REQUIRE_LOGIN_FOR_DETAILS: "false",
      STAFF_EMAIL: "leads@ignite.test",
      DATABASE_URL: "postgres://db/ignite",
    });
    expect(config.requireLoginForDetails).toBe(false);
    expect(config.staffEmail).toBe("leads@ignite.test");
    expect(config.databaseUrl).toBe("postgres://db/ignite");
  });
});
