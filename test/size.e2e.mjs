#!/usr/bin/env node
// Bundle-size ceilings (issue 15): representative imports of "tooltype" (bench/sizes.mjs's TOOLTYPE_BUNDLES,
// resolved by package name to the built dist/) are bundled as an application would ship them (esbuild, minified,
// gzip -9: bench/app-bundle.mjs), and each must stay under its ceiling below. Prints where the minified bytes
// of three of them go (per source module), then checks that README.md's size table is today's measurement.
// Prints `N passed, N failed` and exits 1 when anything failed. Needs dist/ built (`node esbuild.config.mjs`).
//
//   node test/size.e2e.mjs               the checks, with the per-module breakdown (top 15)
//   node test/size.e2e.mjs --top=40      a longer breakdown
import { existsSync } from "node:fs";
import { join } from "node:path";
import { OTHER_BUNDLES, ROOT, TOOLTYPE_BUNDLES, bytesByModule, readmeSizeTable, sizeRows, sizeTable } from "../bench/sizes.mjs";
import { createChecks } from "./support/checks.mjs";

// min+gz bytes (esbuild 0.28). ceiling: a regression guard, the size measured plus about 5%, rounded up to 100;
// lower it as the code shrinks. target: issue 15's goal for the import set, printed met or not; only the
// ceiling fails the test. Where a target is not met, `why` says what the bytes are.
const LIMITS = {
  t: { ceiling: 3_700, target: 2_000, why: "3,528 measured: the builders and their option checks (options.ts 2.8 kB min: each option's kind and a JSON-value check for defaults)" },
  rootT: { ceiling: 3_700, target: 3_500, why: "3,528 measured: the root entry shakes down to what tooltype/t carries" },
  schema: { ceiling: 5_200, target: 5_000, why: "4,921 measured" },
  strict: { ceiling: 7_400, target: 7_500, why: "7,043 measured" },
  guard: { ceiling: 16_200, target: 12_000, why: "15,254 measured: the interpreter (10 kB min) and the schema reader that vets any JSON Schema (7 kB min)" },
  core: { ceiling: 16_400, target: 13_000, why: "15,424 measured: the guard row plus the JSON Schema emitter, shared" },
  tools: { ceiling: 23_000, target: 16_000, why: "21,831 measured: the guard (about 15 kB of it), the strict writer toOpenAIFormat needs for { strict } (6.5 kB min), the strict-mode codec (4.9 kB min)" },
  stream: { ceiling: 3_500, target: 3_500, why: "3,327 measured: what a streaming chat UI imports besides its schemas" },
  runTools: { ceiling: 25_500, target: null, why: "24,269 measured; the whole tool loop for one provider" },
  package: { ceiling: 49_200, target: 36_000, why: "46,878 measured: everything, for apps that do not tree-shake (issue 20 added serveMCP, the untrusted-pattern check and the javascript tool's child processes)" },
  builtins: { ceiling: 32_600, target: null, why: "31,028 measured; the three builtins and the core they use (issue 20: the child-process runner and its scripts, the worker lock-down)" },
};
// Bundles whose minified bytes are broken down per source module.
const BREAKDOWN = ["t", "guard", "tools"];
const TOP = Number(process.argv.find((a) => a.startsWith("--top="))?.slice(6)) || 15;

const { check, expect, finish } = createChecks({ traceLines: 1 });
const n = (bytes) => bytes.toLocaleString("en-US");

if (!existsSync(join(ROOT, "dist/index.js"))) {
  console.log("dist/index.js is missing: run `node esbuild.config.mjs` first");
  finish();
}

const rows = await sizeRows([...TOOLTYPE_BUNDLES, ...OTHER_BUNDLES]);
const byId = Object.fromEntries(rows.filter((r) => r.id).map((r) => [r.id, r]));

// ---- where the bytes go ----------------------------------------------------------------------------------
// The same entry bundled with "tooltype" read from src/ so the metafile can name modules. Every module is
// marked as having side effects, as the one-file dist/ effectively is: the totals then come within about 0.2%
// of the dist/ bundle (more when dist/ is older than src/).
for (const id of BREAKDOWN) {
  const row = byId[id];
  const { modules, total } = await bytesByModule(row.code);
  const sum = modules.reduce((s, m) => s + m.bytes, 0);
  console.log(`\n${row.name}: minified bytes per module (from src/: ${n(total)} bytes; the dist/ bundle: ${n(row.min)})`);
  for (const m of modules.slice(0, TOP)) console.log(`  ${String(n(m.bytes)).padStart(7)}  ${(((m.bytes / sum) * 100).toFixed(1) + "%").padStart(6)}  ${m.path}`);
  const rest = modules.slice(TOP);
  if (rest.length) console.log(`  ${String(n(rest.reduce((s, m) => s + m.bytes, 0))).padStart(7)}  ${rest.length} other module(s)`);
}
console.log("");

// ---- ceilings ----------------------------------------------------------------------------------------------
await check("every tooltype bundle has a ceiling, and every ceiling a bundle", () => {
  const missing = TOOLTYPE_BUNDLES.filter((b) => !LIMITS[b.id]).map((b) => b.id);
  const stale = Object.keys(LIMITS).filter((id) => !byId[id]);
  expect(!missing.length && !stale.length, `no ceiling for: ${missing.join(", ") || "-"}; no bundle for: ${stale.join(", ") || "-"}`);
});
await check("every bundle builds without warnings", () => {
  const warned = rows.filter((r) => r.warnings.length);
  expect(!warned.length, warned.map((r) => `${r.name}: ${r.warnings.join("; ")}`).join("\n"));
});
// A bundle that resolved to nothing would pass any ceiling: the smaller imports must be parts of the larger.
await check("the bundles hold the package: t < t + toJSONSchema < t + compile < tool + format + execute < the root entry", () => {
  const [a, b, c, d, e] = ["t", "schema", "guard", "tools", "package"].map((id) => byId[id].gz);
  expect(a > 1_000 && a < b && b < c && c < d && d < e, `min+gz: t ${a}, schema ${b}, guard ${c}, tools ${d}, package ${e}`);
});
for (const b of TOOLTYPE_BUNDLES) {
  const { gz, min } = byId[b.id];
  const { ceiling, target } = LIMITS[b.id] ?? {};
  const goal = target == null ? "no target" : `target ${n(target)}: ${gz <= target ? "target met" : "target not met"}`;
  await check(`${b.name}: ${n(gz)} bytes min+gz (${n(min)} min), ceiling ${n(ceiling)}, ${goal}`, () => {
    expect(gz <= ceiling, `${n(gz)} bytes min+gz is over the ceiling of ${n(ceiling)} (${LIMITS[b.id]?.why}); see the breakdown above`);
  });
}

// ---- README.md ---------------------------------------------------------------------------------------------
await check("README.md's size table is today's measurement", () => {
  const readme = readmeSizeTable();
  const now = sizeTable(rows);
  const differ = now.split("\n").filter((line) => !readme.split("\n").includes(line));
  expect(readme === now, `README.md's size table is out of date: refresh it with \`node bench/bench.mjs --sizes\` (npm run bench does it too). Measured now: ${differ.join(" ") || "(the same lines, in another order)"}`);
});

finish();
