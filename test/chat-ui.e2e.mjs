#!/usr/bin/env node
// The bundler example (demo/chat-ui/): esbuild bundles demo/chat-ui/main.js, which imports only `t`, `compile`
// and `createToolCallStream` from the lean entries (dist/ through package.json's exports), as an app would
// (bundle, minify, ESM, browser). The bundle must hold none of the code it does not use (each marker below is
// a string only that code has; each is first checked to be in dist/, so the check can fail), stay under a
// size ceiling, and work: the hand-written stream replays to two valid get_weather calls.
// Prints `N passed, N failed` and exits 1 when anything failed. Needs dist/ built.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { appBundle } from "../bench/app-bundle.mjs";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// min+gz of the bundle: measured 23,629 bytes (esbuild 0.28, lean entries; 18,838 before issue 17 added the
// structural keywords, $id/$anchor resolution and RFC formats to the guard); the ceiling is about 5% above.
const CEILING_GZIP = 24_800;
// Strings that only code the chat UI does not use contains, by where they live in src/.
const MARKERS = {
  "builtins (tooltype/builtins)": ["calculator", "get_datetime", "worker"],
  "provider adapters, runTools, ToolRegistry, MCP": [
    "function_call_output",
    "tool_result",
    "functionResponse",
    "toolResult",
    "tool_call_id",
    "maxSteps",
    "Available tools",
    "inputSchema",
  ],
  "CLI code": ["usage: tooltype"],
  "functionToTool's source reader": ["has no documentation", "not a literal"],
  "provider dialect writers (toJSONSchema targets)": ["propertyOrdering", "openai-strict", "anthropic-strict"],
  "generated code (tooltype/jit)": ["return function guard(v)", "return function report(v, r)"],
};

const { check, expect, finish } = createChecks();

const {
  result,
  code: bundle,
  gz: gzip,
} = await appBundle({ entryPoints: [join(root, "demo/chat-ui/main.js")], absWorkingDir: root });
// Every module file of dist/ and the CLI (not the IIFE: it holds the whole package).
const dist = readdirSync(join(root, "dist"), { recursive: true })
  .filter((f) => f.endsWith(".js") && !f.startsWith("types") && f !== "tooltype.iife.js")
  .map((f) => readFileSync(join(root, "dist", f), "utf8"))
  .join("\n");
console.log(`chat-ui bundle: ${bundle.length} bytes minified, ${gzip} bytes min+gz (ceiling ${CEILING_GZIP})`);

await check("the bundle builds without warnings, from dist/", () => {
  expect(result.errors.length === 0 && result.warnings.length === 0, result.warnings.map((w) => w.text).join("\n"));
  expect(/createToolCallStream|tool_calls/.test(bundle), "the stream code is missing: did it bundle the package?");
});
for (const [what, markers] of Object.entries(MARKERS)) {
  await check(`no ${what}: ${markers.join(", ")}`, () => {
    const absentFromDist = markers.filter((m) => !dist.includes(m));
    expect(
      !absentFromDist.length,
      `marker(s) not in dist/ at all, so they prove nothing: ${absentFromDist.join(", ")}`,
    );
    const leaked = markers.filter((m) => bundle.includes(m));
    expect(
      !leaked.length,
      `in the bundle: ${leaked.map((m) => `${m} (…${bundle.slice(Math.max(0, bundle.indexOf(m) - 80), bundle.indexOf(m) + 40)}…)`).join("\n")}`,
    );
  });
}
await check(`min+gz size ${gzip} <= ${CEILING_GZIP} bytes`, () => {
  expect(gzip <= CEILING_GZIP, `${gzip} bytes min+gz is over the ceiling of ${CEILING_GZIP}`);
});
await check(
  "the bundle runs: the hand-written stream replays, partial arguments first, to two valid calls",
  async () => {
    const module = await import(`data:text/javascript;base64,${Buffer.from(bundle).toString("base64")}`);
    const frames = [];
    const calls = await module.replay((lines) => frames.push(lines));
    expect(
      calls.length === 2 && calls[0].arguments.location === "Paris, France" && calls[1].arguments.unit === "fahrenheit",
      `calls: ${JSON.stringify(calls)}`,
    );
    expect(
      frames.some((lines) => lines.some((l) => /"location":"Pa"/.test(l) && l.endsWith("[streaming]"))),
      `no partial frame: ${JSON.stringify(frames)}`,
    );
    const last = frames.at(-1);
    expect(
      last.length === 3 && last.slice(1).every((l) => l.endsWith("[valid]")),
      `final frame: ${JSON.stringify(last)}`,
    );
  },
);

finish();
