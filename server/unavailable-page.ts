/** What a request is told while the database cannot be reached; it comes back by itself. */
export const UNAVAILABLE_MESSAGE = "Ignite is briefly unavailable. Please try again in a minute.";
/** Seconds a client is told to wait before retrying while the database is away. */
export const UNAVAILABLE_RETRY_SECONDS = 30;

/**
 * The page a browser gets while the database cannot be reached: plain HTML with no scripts or assets
 * of its own, so it shows whatever else is failing, and it reloads itself after the retry time.
 */
const unavailablePage = (requestId?: string) => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${UNAVAILABLE_RETRY_SECONDS}">
<title>Back in a minute | Ignite</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1f2937;background:#f8fafc}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style>
</head>
<body>
<main>
<h1>Back in a minute</h1>
<p>${UNAVAILABLE_MESSAGE}</p>
<p>This page tries again by itself.</p>
${requestId ? `<p><small>Reference for support: <code>${requestId.replace(/[^\w.:@-]/g, "")}</code></small></p>\n` : ""}</main>
</body>
</html>
`;

/** A 503 answer with the page, telling clients when to retry; it names the request's id for support (decision 0067). */
export const unavailableResponse = (requestId?: string) =>
  new Response(unavailablePage(requestId), {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Retry-After": String(UNAVAILABLE_RETRY_SECONDS),
      "Cache-Control": "no-store",
    },
  });
