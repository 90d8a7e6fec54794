/**
 * The simulator behind a real HTTP server on loopback: an "online" endpoint for tests of
 * the online path (`ANTHROPIC_BASE_URL=http://127.0.0.1:<port>`), with no internet and no key.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { Simulator } from "../simulator/index.ts";

export interface Endpoint {
  url: string;
  /** The headers of every request received, lower-cased names. */
  headers: http.IncomingHttpHeaders[];
  /** The body of every request received, as sent (what left the harness). */
  bodies: string[];
  close(): Promise<void>;
}

export async function serveSimulator(simulator: Pick<Simulator, "fetch">): Promise<Endpoint> {
  const headers: http.IncomingHttpHeaders[] = [];
  const bodies: string[] = [];
  const server = http.createServer(async (req, res) => {
    headers.push(req.headers);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    bodies.push(Buffer.concat(chunks).toString("utf8"));
    const response = await simulator.fetch(`http://simulator.invalid${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) Readable.fromWeb(response.body as never).pipe(res);
    else res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    headers,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
