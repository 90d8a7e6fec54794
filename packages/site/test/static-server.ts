/**
 * A static file server for the built site, as any web server would serve it: `/a/` is
 * `/a/index.html`, `/a` is `/a.html`, anything else is the file itself or a 404. The test
 * serves the build it made, on a free local port, with no other dependency. Files may be
 * cached, as a real server lets them be: the test loads every page, and a browser that
 * re-fetched and re-compiled the same scripts for each one would spend most of its time there.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

/** The file a URL path names in `dir`, or undefined. */
export function fileForUrl(dir: string, urlPath: string): string | undefined {
  const clean = decodeURIComponent(urlPath.split(/[?#]/)[0]!);
  const candidates = clean.endsWith("/") ? [`${clean}index.html`] : [clean, `${clean}.html`];
  for (const candidate of candidates) {
    const file = path.join(dir, path.normalize(candidate));
    if (file.startsWith(dir) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

export async function serveStatic(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const file = fileForUrl(dir, req.url ?? "/");
    if (!file) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "cache-control": "max-age=3600",
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}
