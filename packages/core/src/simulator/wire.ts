/**
 * How a server and a network look from the client's side of `fetch`: JSON responses, a
 * dropped connection, a wait the caller can abort. Small helpers for simulator.ts.
 */

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...headers, "content-type": "application/json" } });
}

/** What Node's fetch (undici) throws when the server closes the connection mid-request. */
export function connectionDropped(): TypeError {
  const cause = Object.assign(new Error("other side closed"), { name: "SocketError", code: "UND_ERR_SOCKET" });
  return new TypeError("fetch failed", { cause });
}

export function abortError(): DOMException {
  return new DOMException("This operation was aborted", "AbortError");
}

/** Wait, unless the caller aborts first: then reject the way fetch does. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
