#!/usr/bin/env node
// "tooltype" imported the way each runtime's users do, from the built dist/ (the shared suite itself runs in
// every runtime through scripts/test-all.mjs; these check the import paths):
//   deno     node_modules/.bin/deno run --config test/runtime-deno/deno.json test/runtime-deno/smoke.ts
//            (a bare "tooltype" through deno.json's import map)
//   bun      node_modules/.bin/bun test/runtime-bun/smoke.ts   ("tooltype" by name, through package.json exports)
//   iife     dist/tooltype.iife.js loaded by a classic <script src> in headless Chromium: window.tooltype
// Prints `N passed, N failed` (one per check) and exits 1 when anything failed. Needs dist/ built.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { findTool } from "../scripts/test-lib/tools.mjs";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const env = { ...process.env, DENO_NO_UPDATE_CHECK: "1", DENO_NO_PROMPT: "1", DO_NOT_TRACK: "1" };
const { check, expect, finish } = createChecks({ traceLines: 12 });
function run(command, args) {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: root, env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}
const smoke = (tool, args) => async () => {
  const bin = findTool(root, tool).bin;
  expect(bin, `no working ${tool} binary in node_modules`);
  const { code, output } = await run(bin, args);
  const m = /^(\d+) passed, (\d+) failed$/m.exec(output);
  expect(code === 0 && m && Number(m[1]) > 0 && m[2] === "0", `exit ${code}:\n${output.trim()}`);
};

await check(
  'deno: bare "tooltype" through test/runtime-deno/deno.json\'s import map',
  smoke("deno", ["run", "--config", "test/runtime-deno/deno.json", "test/runtime-deno/smoke.ts"]),
);
await check(
  'bun: "tooltype" by package name, through package.json exports',
  smoke("bun", ["test/runtime-bun/smoke.ts"]),
);

await check(
  "iife: a classic <script src=dist/tooltype.iife.js> defines window.tooltype, and t and compile work",
  async () => {
    const page = `<!doctype html><meta charset="utf-8"><title>iife</title><link rel="icon" href="data:,">
<script src="/tooltype.iife.js"></script>
<script>
  const { t, compile, createToolCallStream } = window.tooltype;
  const isWeather = compile(t.object({ location: t.string(), days: t.optional(t.integer({ minimum: 1 })) }));
  const stream = createToolCallStream("openai");
  stream.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "c1", function: { name: "w", arguments: '{"location":"Oslo"}' } }] } }] });
  window.result = { ok: isWeather({ location: "Paris" }), bad: isWeather({ location: "Paris", days: 0 }), errors: isWeather.errors({ days: 0 }).map((e) => e.path), call: stream.calls()[0].arguments };
</script>`;
    const iife = readFileSync(join(root, "dist/tooltype.iife.js"));
    const server = createServer((req, res) => {
      if (req.url === "/tooltype.iife.js") res.writeHead(200, { "content-type": "text/javascript" }).end(iife);
      else if (req.url === "/") res.writeHead(200, { "content-type": "text/html" }).end(page);
      else res.writeHead(404).end();
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    const profile = mkdtempSync(join(tmpdir(), "tooltype-iife-"));
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    try {
      const tab = await browser.newPage();
      const problems = [];
      tab.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
      tab.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
      await tab.goto(`http://127.0.0.1:${server.address().port}/`);
      const result = await tab.evaluate(() => window.result);
      expect(!problems.length, problems.join("\n"));
      expect(
        result?.ok === true &&
          result.bad === false &&
          JSON.stringify(result.errors) === '["/location","/days"]' &&
          result.call?.location === "Oslo",
        `result: ${JSON.stringify(result)}`,
      );
    } finally {
      await browser.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    }
  },
);

finish();
