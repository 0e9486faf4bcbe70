import { createServer, get as httpGet, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PublicCache } from "../platform/cache.ts";
import { LANGUAGE_COOKIE, SESSION_COOKIE } from "../platform/cookies.ts";
import { createLogger } from "../platform/log.ts";
import { answerFromCache, type CachedAnswer, mayShare, sharedAnswerKey } from "./cached-answers.ts";
import { constantSecurityHeaders } from "./security.ts";

/** The server's first step (main.ts): a cached public answer written straight on Node's response. */
let server: Server;
let origin: string;
const cache = new PublicCache<CachedAnswer>(10, 60_000);
const page = `<!DOCTYPE html><html lang="en"><title>Universities</title>${"<p>Example University</p>".repeat(100)}</html>`;
const hindiPage = `<!DOCTYPE html><html lang="hi"><title>विश्वविद्यालय</title>${"<p>Example University</p>".repeat(100)}</html>`;
const answered: string[] = [];

beforeAll(async () => {
  const headers = (type: string): [string, string][] => [
    ["content-type", type],
    ["cache-control", "public, max-age=0, s-maxage=60, stale-while-revalidate=300"],
    ["vary", "Cookie"],
  ];
  cache.set("/universities?page=2", {
    status: 200,
    headers: headers("text/html; charset=utf-8"),
    body: new TextEncoder().encode(page) as Uint8Array<ArrayBuffer>,
  });
  // The same address in Hindi (decision 0029): kept under its language, marked private for CDNs.
  cache.set(sharedAnswerKey("/universities?page=2", `${LANGUAGE_COOKIE}=hi`), {
    status: 200,
    headers: [
      ["content-type", "text/html; charset=utf-8"],
      ["cache-control", "private, no-cache"],
      ["vary", "Cookie"],
    ],
    body: new TextEncoder().encode(hindiPage) as Uint8Array<ArrayBuffer>,
  });
  cache.set("/api/catalogue/countries", {
    status: 200,
    headers: headers("application/json"),
    body: new TextEncoder().encode('{"data":[]}') as Uint8Array<ArrayBuffer>,
  });
  server = createServer((request, response) => {
    if (answerFromCache(cache, constantSecurityHeaders({ https: false }), createLogger("silent"), request, response)) return;
    answered.push(request.url ?? "");
    response.writeHead(404).end("not from the cache");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** node:http rather than fetch, so the body arrives exactly as sent (fetch would undo the gzip). */
const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    httpGet(`${origin}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    }).on("error", reject);
  });

describe("cached answers before the framework", () => {
  it("sends a visitor the page as kept, with the security headers and its length", async () => {
    const answer = await get("/universities?page=2");
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(page);
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(page)));
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["cache-control"]).toContain("s-maxage=60");
    expect(answer.headers.vary).toBe("Cookie, Accept-Encoding");
  });

  it("sends it gzipped to a browser that accepts gzip", async () => {
    const answer = await get("/universities?page=2", { "Accept-Encoding": "gzip, deflate, br" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(answer.body).toString()).toBe(page);
    expect(answer.headers["content-length"]).toBe(String(answer.body.byteLength));
  });

  it("gives the catalogue API the API's content security policy", async () => {
    const answer = await get("/api/catalogue/countries");
    expect(answer.body.toString()).toBe('{"data":[]}');
    expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("leaves a student's request, a staff screen, other methods and unknown addresses to the framework", async () => {
    answered.length = 0;
    expect((await get("/universities?page=2", { Cookie: `${SESSION_COOKIE}=some-session` })).status).toBe(404);
    expect((await get("/staff/leads")).status).toBe(404);
    expect((await get("/universities?page=3")).status).toBe(404);
    expect(answered).toEqual(["/universities?page=2", "/staff/leads", "/universities?page=3"]);
    // The catalogue API is the same for everyone, signed in or not.
    expect((await get("/api/catalogue/countries", { Cookie: `${SESSION_COOKIE}=some-session` })).status).toBe(200);
  });

  it("answers the same address in each visitor's language, never one's page to the other", async () => {
    const english = await get("/universities?page=2");
    const hindi = await get("/universities?page=2", { Cookie: `theme=dark; ${LANGUAGE_COOKIE}=hi` });
    expect(english.body.toString()).toBe(page);
    expect(hindi.body.toString()).toBe(hindiPage);
    expect(english.headers["cache-control"]).toContain("s-maxage=60");
    expect(hindi.headers["cache-control"]).toBe("private, no-cache");
    // English chosen, or a language we do not have, is the English page.
    expect((await get("/universities?page=2", { Cookie: `${LANGUAGE_COOKIE}=en` })).body.toString()).toBe(page);
    expect((await get("/universities?page=2", { Cookie: `${LANGUAGE_COOKIE}=xx` })).body.toString()).toBe(page);
  });

  it("leaves a page in Hindi that was not kept to the framework, even when the English one was", async () => {
    answered.length = 0;
    expect((await get("/api/catalogue/countries", { Cookie: `${LANGUAGE_COOKIE}=hi` })).status).toBe(200);
    cache.clear();
    cache.set("/countries", { status: 200, headers: [["content-type", "text/html"]], body: new Uint8Array(4) });
    expect((await get("/countries", { Cookie: `${LANGUAGE_COOKIE}=hi` })).status).toBe(404);
    expect(answered).toEqual(["/countries"]);
  });

  it("keys a page by its language and the catalogue API by its address alone", () => {
    expect(sharedAnswerKey("/faq", undefined)).toBe("/faq");
    expect(sharedAnswerKey("/faq", `${LANGUAGE_COOKIE}=en`)).toBe("/faq");
    expect(sharedAnswerKey("/faq?x=1", `${LANGUAGE_COOKIE}=hi`)).toBe("/faq?x=1 hi");
    expect(sharedAnswerKey("/api/catalogue/countries", `${LANGUAGE_COOKIE}=hi`)).toBe("/api/catalogue/countries");
  });
});

describe("what the shared cache may answer", () => {
  it("never a parent's page (decision 0028), even one a mistake had put in the cache", async () => {
    expect(mayShare("/parent/abc", undefined)).toBe(false);
    expect(mayShare("/parent/abc.data", undefined)).toBe(false);
    expect(mayShare("/universities", undefined)).toBe(true);
    cache.set("/parent/some-token", { status: 200, headers: [["content-type", "text/html"]], body: new Uint8Array(4) });
    const answer = await get("/parent/some-token");
    expect(answer.status).toBe(404);
    expect(answered).toContain("/parent/some-token");
  });
});
