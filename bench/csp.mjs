// `node bench/csp.mjs [--quick]`: the guard benchmark in headless Chromium, in a page served with
// Content-Security-Policy: script-src 'self' (no eval): the ahead-of-time guard and the interpreter ÷ the
// hand-written guard. Needs .bench-build/aot-cases.mjs (node bench/bench.mjs writes it). Prints a table.
import { build } from "esbuild";
import { createServer } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH, CSP } from "../scripts/test-lib/browser.mjs";

const quick = process.argv.includes("--quick");
if (!existsSync(".bench-build/aot-cases.mjs")) {
  console.error(".bench-build/aot-cases.mjs is missing: run node bench/bench.mjs (or --quick) first");
  process.exit(1);
}
await build({
  entryPoints: ["bench/csp-page.ts"],
  outfile: ".bench-build/csp-page.js",
  bundle: true,
  minify: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  logLevel: "warning",
});
const html = '<!doctype html><meta charset="utf-8"><body>running</body><script type="module" src="/page.js"></script>';
const server = createServer((req, res) => {
  const headers = { "Content-Security-Policy": CSP, "Cache-Control": "no-store" };
  if (req.url === "/page.js")
    res.writeHead(200, { ...headers, "Content-Type": "text/javascript" }).end(readFileSync(".bench-build/csp-page.js"));
  else res.writeHead(200, { ...headers, "Content-Type": "text/html" }).end(html);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const { chromium } = await import("playwright-core");
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`http://127.0.0.1:${server.address().port}/${quick ? "?quick" : ""}`, { waitUntil: "commit" }); // the page measures as it loads
  await page.waitForFunction(() => document.body.textContent !== "running" || false, null, { timeout: 600_000 });
  if (errors.length) throw new Error(errors.join("\n"));
  const { evalBlocked, userAgent, rows } = JSON.parse(await page.textContent("body"));
  if (!evalBlocked) throw new Error("the page allowed eval: the CSP was not in force");
  const version = /Chrome\/([\d.]+)/.exec(userAgent)?.[1] ?? userAgent;
  console.log(
    `Chromium ${version}, headless, page under Content-Security-Policy: ${CSP} (eval blocked); ${quick ? "QUICK (numbers meaningless)" : "21 paired rounds of ~20 ms"}; ratio = guard ÷ hand-written guard, median.\n`,
  );
  console.log(
    "| case | tooltype aot: valid / 1 error / 5 errors | interpreter: valid / 1 error / 5 errors |\n| --- | --- | --- |",
  );
  for (const name of [...new Set(rows.map((r) => r.case))]) {
    const ratio = (r) => (r && Number.isFinite(r.ratio) ? `${r.ratio.toFixed(2)}×` : "n/a"); // NaN in JSON is null
    const of = (library) =>
      ["valid", "invalid1", "invalid5"]
        .map((input) => ratio(rows.find((r) => r.case === name && r.input === input && r.library === library)))
        .join(" / ");
    console.log(`| ${name} | ${of("tooltype aot")} | ${of("tooltype (interpreter)")} |`);
  }
} finally {
  await browser.close();
  server.close();
}
