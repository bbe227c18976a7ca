// Builds bench/run.ts into .bench-build/ and runs it: `npm run bench` (writes bench/RESULTS.md and docs/performance.md's
// size table, then bench/mcp-load.mjs's bench/MCP-LOAD.md and bench/code-mode.mjs's bench/CODE-MODE.md; add --quick for the smoke run, which writes nothing).
// `node bench/bench.mjs --sizes` only measures the bundle sizes (a few seconds) and rewrites docs/performance.md's table.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (process.argv.includes("--sizes")) {
  if (!existsSync("dist/index.js")) {
    console.error("dist/index.js is missing: run `node esbuild.config.mjs` first (the sizes are the built package's)");
    process.exit(1);
  }
  const { sizeRows, sizeTable, writeReadmeSizeTable } = await import("./sizes.mjs");
  const table = sizeTable(await sizeRows());
  console.log(table);
  console.log(
    writeReadmeSizeTable(table)
      ? "docs/performance.md: size table updated"
      : "docs/performance.md: size table already up to date",
  );
  process.exit(0);
}

await build({
  entryPoints: ["bench/run.ts"],
  outfile: ".bench-build/run.mjs",
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // The AI SDK and the Agents SDK are loaded as published (bundled beside zod they evaluate modules out of order).
  external: ["esbuild", "ai", "ai/test", "@openai/agents"],
  logLevel: "warning",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
// The guards compiled ahead of time, written as a module first (run.mjs imports it; the no-eval group cannot evaluate text).
const aot = spawnSync(process.execPath, [".bench-build/run.mjs", "--write-aot", ".bench-build/aot-cases.mjs"], {
  stdio: "inherit",
});
if (aot.status !== 0) process.exit(aot.status ?? 1);
const result = spawnSync(process.execPath, [".bench-build/run.mjs", ...process.argv.slice(2)], { stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);
// One group alone (--agent-stream, --agent-peers): the load test is not part of it.
if (process.argv.includes("--agent-stream") || process.argv.includes("--agent-peers")) process.exit(0);
// MCP over streamable HTTP under load (writes bench/MCP-LOAD.md; --quick: one short checked round, nothing written).
const load = spawnSync(
  process.execPath,
  ["bench/mcp-load.mjs", ...(process.argv.includes("--quick") ? ["--quick"] : [])],
  { stdio: "inherit" },
);
if (load.status !== 0) process.exit(load.status ?? 1);
// Code mode, counted (writes bench/CODE-MODE.md; --quick: printed, nothing written).
const codeMode = spawnSync(
  process.execPath,
  ["bench/code-mode.mjs", ...(process.argv.includes("--quick") ? ["--quick"] : [])],
  { stdio: "inherit" },
);
process.exit(codeMode.status ?? 1);
