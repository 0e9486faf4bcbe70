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

  it("points mail links at PUBLIC_URL, else at the server's own listen address (decision 0051)", () => {
    expect(loadConfig({}).siteAddress).toBe("http://localhost:3000");
    expect(loadConfig({ HOST: "127.0.0.1", PORT: "8080" }).siteAddress).toBe("http://127.0.0.1:8080");
    expect(loadConfig({ HOST: "::", PORT: "4000" }).siteAddress).toBe("http://localhost:4000");
    expect(loadConfig({ HOST: "::1", PORT: "4000" }).siteAddress).toBe("http://[::1]:4000");
    expect(loadConfig({ HOST: "portal.local", PORT: "80" }).siteAddress).toBe("http://portal.local");
    expect(loadConfig({ PUBLIC_URL: "https://ignite.example" }).siteAddress).toBe("https://ignite.example");
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

  it("keeps files on disk unless STORAGE_URL names a bucket, which it reads whole", () => {
    expect(loadConfig({}).storage).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: "" }).storage).toBeUndefined();
    expect(
      loadConfig({ STORAGE_URL: "s3://KEY:se%2Fcret@ignite-files/site/uploads?endpoint=http://127.0.0.1:9000&region=eu-west-1" })
        .storage,
    ).toEqual({
      bucket: "ignite-files",
      prefix: "site/uploads/",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "KEY", secretAccessKey: "se/cret" },
    });
    // On AWS itself: the region from AWS_REGION, virtual-hosted addresses, credentials from the SDK's chain.
    expect(loadConfig({ STORAGE_URL: "s3://ignite-files", AWS_REGION: "ap-south-1" }).storage).toEqual({
      bucket: "ignite-files",
      prefix: "",
      endpoint: undefined,
      region: "ap-south-1",
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      loadConfig({ STORAGE_URL: "s3://ignite-files?endpoint=https://r2.example&forcePathStyle=false" }).storage,
    ).toMatchObject({ region: "us-east-1", forcePathStyle: false });
  });

  it.each([
    ["https://ignite-files.s3.amazonaws.com", /must start with s3:\/\//],
    ["s3://Ignite_Files", /not a bucket name/],
    ["s3://ignite-files/my%20uploads", /key prefix/],
    ["s3://ignite-files/a//b", /key prefix/],
    ["s3://ignite-files?endpont=http://127.0.0.1:9000", /unknown parameter "endpont"/],
    ["s3://ignite-files?endpoint=ftp://127.0.0.1", /endpoint must be/],
    ["s3://ignite-files?forcePathStyle=yes", /forcePathStyle must be true or false/],
    ["s3://KEY@ignite-files", /both the access key and the secret/],
  ])("stops on STORAGE_URL %s, saying why without showing it", (value, why) => {
    expect(() => loadConfig({ STORAGE_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE_URL: value })).toThrow(why);
    expect(() => loadConfig({ STORAGE_URL: value })).toThrow(/STORAGE_URL: .*\(the value is not shown\)/);
    try {
      loadConfig({ STORAGE_URL: `${value.replace("s3://", "s3://KEY:TOPSECRET@")}` });
    } catch (error) {
      expect(String(error)).not.toContain("TOPSECRET");
    }
  });
});
