// Runs the Chromium test bundles in headless Chromium (playwright-core driving Debian's /usr/bin/chromium).
// A tiny HTTP server on 127.0.0.1 (random port) serves test/runtime/index.html and the bundle twice:
//   /plain/...  no Content-Security-Policy                  -> .test-build/run-<pid>/chromium.mjs
//   /csp/...    Content-Security-Policy: script-src 'self'  -> .test-build/run-<pid>/chromium-csp.mjs  (no unsafe-eval)
// and test/fixtures/** at /test/fixtures/ (unbundled modules the bundles import).
// uvu writes to console.log in a browser; every console message and page error is captured through
// playwright, and the run is over when the harness logs its result line (or the timeout fails it).
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RESULT_MARK, START_MARK, parseResultLine, stripAnsi } from "./report.mjs";
import { watchdog } from "./watchdog.mjs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const CSP = "script-src 'self'";
const START_TIMEOUT_MS = 15_000;

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".map": "application/json",
};

function serve(root, outDir) {
  const html = join(root, "test/runtime/index.html");
  const probe = join(root, "test/runtime/eval-probe.js");
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    // Unbundled fixtures (see build.mjs), imported by the browser bundles as /test/fixtures/<file>.
    const fixture = /^\/test\/fixtures\/((?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.m?js)$/.exec(url.pathname);
    if (fixture) {
      let body;
      try {
        body = readFileSync(join(root, "test/fixtures", fixture[1]));
      } catch {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "Content-Type": TYPES[".js"], "Cache-Control": "no-store" }).end(body);
      return;
    }
    const m = /^\/(plain|csp)\/(index\.html|bundle\.mjs|bundle\.mjs\.map|eval-probe\.js)?$/.exec(url.pathname);
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    const [, kind, name = "index.html"] = m;
    const bundle = join(outDir, kind === "csp" ? "chromium-csp.mjs" : "chromium.mjs");
    const file = {
      "index.html": html,
      "eval-probe.js": probe,
      "bundle.mjs": bundle,
      "bundle.mjs.map": `${bundle}.map`,
    }[name];
    let body;
    try {
      body = readFileSync(file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    const headers = { "Content-Type": TYPES[name.slice(name.lastIndexOf("."))], "Cache-Control": "no-store" };
    if (kind === "csp") headers["Content-Security-Policy"] = CSP;
    res.writeHead(200, headers).end(body);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

async function runPage(context, base, spec, timeoutMs) {
  const started = Date.now();
  const problems = [];
  const warnings = [];
  let output = "";
  let traces = "";
  let signal;
  const signalled = new Promise((resolve) => (signal = resolve));
  let startedMark = false;
  const page = await context.newPage();
  let hang;
  const dog = watchdog(timeoutMs, (message) => {
    hang = message;
    signal("timeout");
  });
  page.on("console", (msg) => {
    dog.poke();
    const text = msg.text();
    if (text === START_MARK) {
      startedMark = true;
      return;
    }
    if (text.startsWith(RESULT_MARK)) {
      output += `\n${text}\n`;
      signal("result");
      return;
    }
    if (text.startsWith("##TOOLTYPE_")) {
      traces += `${text}\n`; // the shim's per-test trace lines (see report.mjs splitTraces)
      return;
    }
    const type = msg.type();
    // uvu's writes are fragments (one "• " per test): glue log messages as uvu would on a terminal.
    output += type === "log" ? text : `\n[console.${type}] ${text}\n`;
  });
  page.on("pageerror", (error) => {
    problems.push(`uncaught error in the page: ${error.stack || error.message}`);
    output += `\n[pageerror] ${error.message}\n`;
    if (!startedMark) signal("no-start");
  });
  page.on("response", (response) => {
    if (response.url().endsWith("/bundle.mjs") && !response.ok()) {
      problems.push(`GET ${response.url()} answered ${response.status()}`);
      signal("no-start");
    }
  });
  page.on("crash", () => {
    problems.push("the page crashed");
    signal("crash");
  });

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms, "timeout"));
  const timers = [];
  const deadline = (ms) => new Promise((resolve) => timers.push(setTimeout(resolve, Math.max(1, ms), "timeout")));
  try {
    const url = `${base}/${spec.kind}/index.html`;
    // "commit", not "load": a test that keeps the page's thread busy would also hold back the load event.
    const response = await page.goto(url, { waitUntil: "commit", timeout: START_TIMEOUT_MS });
    if (!response?.ok()) throw new Error(`GET ${url} answered ${response?.status()}`);
    const csp = response.headers()["content-security-policy"];
    if (spec.kind === "csp" && csp !== CSP) problems.push(`the page was served without the CSP header (got ${csp})`);

    // Fail fast when the bundle never starts (404, syntax error, blocked script); else wait for the result.
    const startBy = Date.now() + START_TIMEOUT_MS;
    while (!startedMark) {
      const outcome = await Promise.race([signalled, sleep(50)]);
      if (outcome !== "timeout") break;
      if (Date.now() > startBy) {
        signal("no-start");
        break;
      }
    }
    const outcome = await signalled; // the result, a crash, or the watchdog: the page printed nothing too long
    dog.stop();
    if (outcome === "no-start") problems.push("the test bundle never started in the page");
    if (outcome === "timeout") problems.push(`${hang} (waiting for uvu to finish)`);

    if (outcome === "result") {
      // The runner's own check that the page allows / forbids eval as intended. page.evaluate cannot do it:
      // code sent through the DevTools protocol may call new Function even under the CSP. A same-origin
      // <script src> runs under the page's policy like the test bundle does.
      const probe = await Promise.race([
        page
          .addScriptTag({ url: `${base}/${spec.kind}/eval-probe.js` })
          .then(() => page.evaluate(() => globalThis.__TOOLTYPE_EVAL_PROBE__)),
        deadline(10_000),
      ]);
      if (probe === "timeout") {
        problems.push("runner check: the eval probe script did not answer");
      } else if (
        (probe === "allowed") !== spec.expectEval ||
        (probe !== "allowed" && !/^blocked: EvalError/.test(String(probe)))
      ) {
        problems.push(
          `runner check: new Function in this page gave ${JSON.stringify(probe)}, expected ${spec.expectEval ? '"allowed"' : "an EvalError"}`,
        );
      }
    }
  } catch (error) {
    problems.push(error.message);
  } finally {
    dog.stop();
    timers.forEach(clearTimeout);
  }
  output = stripAnsi(output);
  const result = parseResultLine(output);
  // A page still stuck in a test (timeout) may take a while to close; do not wait on it forever.
  await Promise.race([page.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  return { output, stderr: traces, result, problems, warnings, ms: Date.now() - started };
}

/**
 * Runs each spec ({ env, kind: "plain" | "csp", expectEval }) in one Chromium, one page after the other.
 * Resolves to { [env]: run }, plus `launchMs`. Never rejects: a failure to launch fails every spec.
 */
export async function runChromium({ root, outDir, specs, timeoutMs }) {
  const runs = {};
  const started = Date.now();
  const userDataDir = mkdtempSync(join(tmpdir(), "tooltype-chromium-"));
  let server;
  let context;
  let launchMs = 0;
  try {
    const { chromium } = await import("playwright-core");
    server = await serve(root, outDir);
    const base = `http://127.0.0.1:${server.address().port}`;
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      timeout: 60_000,
    });
    launchMs = Date.now() - started;
    for (const spec of specs) runs[spec.env] = await runPage(context, base, spec, timeoutMs);
  } catch (error) {
    const message = `could not run Chromium (${CHROMIUM_PATH}): ${error.message}`;
    for (const spec of specs)
      runs[spec.env] ??= { output: "", stderr: "", result: null, problems: [message], warnings: [], ms: 0 };
  } finally {
    await context?.close().catch(() => {});
    server?.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
  return { runs, launchMs };
}
