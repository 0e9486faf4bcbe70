import { createContext, useContext } from "react";

/**
 * The request's id on the error screen, for a student to quote to support (decision 0067). The server
 * renders it from the request (entry.server provides it); the browser, hydrating that page, reads back
 * the same text from it. A screen that fails after a navigation in the browser shows none: its request
 * was the browser's, whose answer the error screen does not see.
 */
export const RequestIdContext = createContext<string | undefined>(undefined);

export const REQUEST_REFERENCE_ID = "request-reference";

export function useRequestReference(): string | undefined {
  const fromServer = useContext(RequestIdContext);
  if (fromServer) return fromServer;
  if (typeof document === "undefined") return undefined;
  return document.getElementById(REQUEST_REFERENCE_ID)?.textContent || undefined;
}
