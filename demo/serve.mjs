#!/usr/bin/env node
// The demo server (`npm start` runs it through scripts/start.mjs): serves the demo page (demo/ at /, the built
// bundle dist/ at /dist/) on 127.0.0.1 and prints the URL. PORT picks the port (default 0: any free one). Every
// response carries a Content-Security-Policy without 'unsafe-eval', so the page shows the library's no-eval
// path; CSP=off serves without it. A request whose Host is not a loopback name (a page that rebinds its own name
// to 127.0.0.1) gets 403.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MOUNTS = [
  ["/dist/", join(root, "dist")],
  ["/", join(root, "demo")],
];
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
};
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'";
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a Host header names this machine's loopback (any port): the only names this server answers to. */
export function isLoopbackHost(host) {
  const lower = String(host ?? "").toLowerCase();
  const name = lower.startsWith("[") ? lower.slice(0, lower.indexOf("]") + 1) : lower.split(":")[0];
  return LOOPBACK.has(name);
}

// The file a URL path names, or undefined when it is outside the mounted folders.
function fileFor(pathname) {
  for (const [prefix, dir] of MOUNTS) {
    if (!pathname.startsWith(prefix)) continue;
    const file = resolve(dir, "." + sep + pathname.slice(prefix.length));
    return file === dir || file.startsWith(dir + sep) ? file : undefined;
  }
  return undefined;
}

export function createDemoServer({ csp = true } = {}) {
  return createServer(async (req, res) => {
    const send = (status, body, type = "text/plain; charset=utf-8") => {
      res.writeHead(status, {
        "Content-Type": type,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        ...(csp && { "Content-Security-Policy": CSP }),
      });
      res.end(req.method === "HEAD" ? undefined : body);
    };
    if (!isLoopbackHost(req.headers.host))
      return send(403, "Forbidden: this server answers to localhost, 127.0.0.1 and [::1] only\n");
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "Method not allowed\n");
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    } catch {
      return send(400, "Bad request\n");
    }
    if (pathname.includes("\0")) return send(400, "Bad request\n");
    let file = fileFor(pathname);
    if (!file) return send(404, "Not found\n");
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      send(200, await readFile(file), TYPES[extname(file)] ?? "application/octet-stream");
    } catch {
      send(404, "Not found\n");
    }
  });
}

/** Serves the demo on 127.0.0.1 (PORT, default any free port; CSP=off without the policy) and prints the URL. */
export function startDemoServer() {
  const server = createDemoServer({ csp: process.env.CSP !== "off" });
  server.listen(Number(process.env.PORT) || 0, "127.0.0.1", () => {
    const { port } = server.address();
    console.log(`tooltype demo: http://127.0.0.1:${port}/`);
    console.log(
      "(Content-Security-Policy without 'unsafe-eval'" +
        (process.env.CSP === "off" ? ": off" : "; CSP=off to serve without it") +
        ". Ctrl-C to stop.)",
    );
  });
  return server;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) startDemoServer();
