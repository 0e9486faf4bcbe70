import type { Hono } from "hono";
import type { ServerEnv } from "../../server/context.ts";

/** How one request is made: a JSON or multipart body, a student's cookie, a client address. */
export interface RequestOptions {
  /** Defaults to POST when a body is given, else GET. */
  method?: string;
  /** Sent as JSON with Content-Type application/json. */
  json?: unknown;
  /** Sent as multipart/form-data (uploads). */
  form?: FormData;
  /** Sent as it is (a body that is not JSON, a pre-built multipart body). */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** The Cookie header; replaces the client's own cookie for this request. */
  cookie?: string;
  /** The client address our proxy would append; a fresh one per request unless given. */
  ip?: string;
  /** Send the headers a browser on our own pages sends with a write (Origin, Host, Sec-Fetch-Site). */
  sameOrigin?: boolean;
}

/** An answer read whole: status, headers, text, the JSON body when there is one, and its Set-Cookie lines. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are checked field by field.
  body: any;
  setCookies: string[];
}

export interface ApiClientOptions {
  /** Sent with every request unless a request names its own (a student's session). */
  cookie?: string;
  /** Sees every request before it is sent (e.g. to remember the passwords a file sends). */
  onRequest?: (path: string, options: RequestOptions) => void;
  /** Sees every answer (e.g. to scan it for secrets); read a clone if you read the body. */
  onAnswer?: (response: Response) => void | Promise<void>;
}

type AppLike = Pick<Hono<ServerEnv>, "request">;

const SITE = "http://localhost";
let addresses = 0;

/** A client address of its own, so per-address rate limits never join two unrelated requests. */
export function nextClientAddress(): string {
  addresses += 1;
  return `10.${200 + ((addresses >> 16) % 50)}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/**
 * Calls the real app in-process (app.request), as a browser or a script on the network would: each
 * request from its own client address unless told, with the student's session cookie when it has one.
 */
export class ApiClient {
  constructor(
    private readonly app: AppLike,
    private readonly options: ApiClientOptions = {},
  ) {}

  /** The same client acting for a student: their session cookie goes with every request. */
  as(student: { cookie: string }): ApiClient {
    return new ApiClient(this.app, { ...this.options, cookie: student.cookie });
  }

  /** The raw answer, for headers and bytes (downloads). */
  async fetch(path: string, options: RequestOptions = {}): Promise<Response> {
    this.options.onRequest?.(path, options);
    const headers = new Headers({ "X-Forwarded-For": options.ip ?? nextClientAddress() });
    let body = options.body;
    if (options.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    if (options.sameOrigin) {
      headers.set("Origin", SITE);
      headers.set("Host", new URL(SITE).host);
      headers.set("Sec-Fetch-Site", "same-origin");
    }
    const cookie = options.cookie ?? this.options.cookie;
    if (cookie) headers.set("Cookie", cookie);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    const method = options.method ?? (body === undefined ? "GET" : "POST");
    // A streamed body (a ReadableStream) is sent as it is read ("half" duplex, as fetch requires).
    const init = body instanceof ReadableStream ? { method, headers, body, duplex: "half" } : { method, headers, body };
    const response = await this.app.request(path.startsWith("/") ? `${SITE}${path}` : path, init as RequestInit);
    await this.options.onAnswer?.(response);
    return response;
  }

  /** The answer read whole, its JSON body parsed. */
  async call(path: string, options: RequestOptions = {}): Promise<Answer> {
    const response = await this.fetch(path, options);
    const text = await response.text();
    const isJson = response.headers.get("Content-Type")?.includes("json") ?? false;
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: isJson && text ? JSON.parse(text) : undefined,
      setCookies: response.headers.getSetCookie(),
    };
  }

  get(path: string, options: Omit<RequestOptions, "method"> = {}) {
    return this.call(path, { ...options, method: "GET" });
  }

  post(path: string, json?: unknown, options: Omit<RequestOptions, "method" | "json"> = {}) {
    return this.call(path, { ...options, method: "POST", json });
  }

  put(path: string, json?: unknown, options: Omit<RequestOptions, "method" | "json"> = {}) {
    return this.call(path, { ...options, method: "PUT", json });
  }

  delete(path: string, options: Omit<RequestOptions, "method"> = {}) {
    return this.call(path, { ...options, method: "DELETE" });
  }
}

/** A Set-Cookie line taken apart. */
export interface Cookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
  /** "name=value", ready for a Cookie header. */
  pair: string;
}

export function parseCookie(header: string): Cookie {
  const [pair = "", ...rest] = header.split(";").map((part) => part.trim());
  const [name = "", ...value] = pair.split("=");
  const attributes = new Map(
    rest.map((attribute) => {
      const [key = "", ...v] = attribute.split("=");
      return [key.toLowerCase(), v.join("=")] as const;
    }),
  );
  return { name, value: decodeURIComponent(value.join("=")), attributes, pair };
}

/** The cookies of this name an answer sets. */
export const cookiesNamed = (answer: Pick<Answer, "setCookies">, name: string): Cookie[] =>
  answer.setCookies.map(parseCookie).filter((cookie) => cookie.name === name);

/**
 * An answer's JSON without the request's own id (decision 0067 gives every error one): what two answers
 * that must not tell their cases apart are compared by.
 */
// biome-ignore lint/suspicious/noExplicitAny: JSON answers are checked field by field.
export function withoutRequestId(body: any): unknown {
  if (!body || typeof body !== "object" || !body.error) return body;
  const { requestId: _, ...error } = body.error;
  return { ...body, error };
}
