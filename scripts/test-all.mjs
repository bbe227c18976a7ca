#!/usr/bin/env node
// Runs every uvu suite (test/<layer>/*.test.ts) in every runtime, then the type tests, and ends with one line
// `N passed, N failed, N skipped` (a skipped test is never counted as passed). Exit code 1 when anything
// failed, a runtime crashed, or no test ran at all.
//
//   node scripts/test-all.mjs                 all runtimes (npm test builds dist/ first: deno and bun use it)
//   node scripts/test-all.mjs node deno       only these runtimes (node, node22, node24, node-noeval, chromium,
//                                             chromium-csp, deno, bun, types, and the checks listed below)
//   node scripts/test-all.mjs guard           only test files whose name contains "guard" (any other word)
//   --verbose                                 print every runtime's full output, not only failing ones
//   --keep                                    keep this run's bundles (.test-build/run-<pid>/) to rerun by hand
//
// Environment: TEST_JOBS (runtimes at a time, default 2), CHROMIUM_PATH (default /usr/bin/chromium),
// TEST_TIMEOUT (seconds a runtime may print nothing before it counts as hung, default 300; stretched by the
// machine's load, and doubled or quadrupled for the checks that print only at their end). No runtime has a limit
// on its total time: a busy machine makes a run slower, never failed (see test-lib/watchdog.mjs).
//
// Runtimes and their command lines. Each run bundles into its own .test-build/run-<pid>/ (B below; removed at
// the end unless --keep), so runs started at the same time do not overwrite each other's bundles:
//   node          node --enable-source-maps B/node.mjs   (the Node that runs this script)
//   node22        node_modules/node22/bin/node --enable-source-maps B/node.mjs   (Node 22, the same bundle)
//   node24        node_modules/node24/bin/node --enable-source-maps B/node.mjs   (Node 24, the same bundle)
//   node-noeval   node --enable-source-maps --disallow-code-generation-from-strings B/node-noeval.mjs
//   chromium      headless /usr/bin/chromium via playwright-core, http://127.0.0.1:PORT/plain/index.html
//   chromium-csp  same browser, http://127.0.0.1:PORT/csp/index.html (Content-Security-Policy: script-src 'self')
//   deno          node_modules/.bin/deno run -A B/deno.mjs   ("tooltype" = dist/index.js, not bundled)
//   bun           node_modules/.bin/bun B/bun.mjs             ("tooltype" = dist/index.js, not bundled)
//   types         node node_modules/typescript/bin/tsc -p test/types/tsconfig.json
//   bench         node bench/bench.mjs --quick   (the benchmark's smoke run; counts as one check)
//   demo          node test/demo.e2e.mjs          (the demo page in headless Chromium; its own N passed, N failed)
//   chat-ui       node test/chat-ui.e2e.mjs       (the bundler example demo/chat-ui/: tree-shaking and size)
//   size          node test/size.e2e.mjs          (bundle-size ceilings of representative imports, each bundle run; docs/performance.md's size table)
//   runtimes      node test/runtimes.e2e.mjs      (Deno and Bun importing "tooltype" by name; the IIFE build in a page)
//   layers        node test/layers.e2e.mjs        (imports follow the layers t → schema → guard → tools → ...)
//   lean          node test/lean.e2e.mjs          (each lean entry bundled alone, without the root, its checks run in Node)
//   api-docs      node test/api-docs.e2e.mjs      (npm run docs: TypeDoc over every entry, warnings are errors)
//   lint          node test/lint.e2e.mjs          (biome check: the formatter and the linter, any finding fails)
//   checkout      node test/checkout.e2e.mjs      (a clone alone passes: nothing names a path outside the checkout)
//   package       node test/package.e2e.mjs       (what npm publish ships: size, source once, maps, build's typescript)
//   readme        node test/readme.e2e.mjs        (README's and docs/' TypeScript blocks: tsc --strict, then run against fake providers; links, README's size)
//   agent         node test/agent.e2e.mjs         (the agent loop across processes: MCP over stdio and HTTP, resume)
//   restate       node test/restate.e2e.mjs       (the loop on restate-server: a SIGKILLed service, approvals, 2 processes)
//   mcp-conformance node test/mcp-conformance.e2e.mjs (the official MCP conformance suite's server scenarios in scope, on loopback)
//   toolchains    node test/build.e2e.mjs         (tooltype/build: esbuild, bun run + preload, Bun.build, Vite,
//                                                  node22/node24 --import tooltype/register; CSP)
//   corpus        node test/corpus.e2e.mjs        (61 real functions of three libraries through tooltype/build vs the checker; esbuild, Vite, Bun.build)
//   bundlers      node test/bundlers.e2e.mjs      (README and docs/ programs bundled alone by six bundlers, minified and not, and run)
//   mcp-client-conformance  node test/mcp-conformance-client.e2e.mjs  (the official MCP conformance suite's client scenarios against connectMCP)
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ENVS, buildBundles, listTestFiles } from "./test-lib/build.mjs";
import { runChromium } from "./test-lib/browser.mjs";
import { runProcess } from "./test-lib/process.mjs";
import { cleanOutput, parseSummary, splitTraces, tally } from "./test-lib/report.mjs";
import { findTool } from "./test-lib/tools.mjs";
import { runTypes } from "./test-lib/types.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const started = Date.now();
const RUNTIMES = [
  "node",
  "node22",
  "node24",
  "node-noeval",
  "chromium",
  "chromium-csp",
  "deno",
  "bun",
  "types",
  "bench",
  "demo",
  "chat-ui",
  "size",
  "runtimes",
  "layers",
  "checkout",
  "package",
  "lean",
  "api-docs",
  "lint",
  "readme",
  "agent",
  "restate",
  "mcp-conformance",
  "toolchains",
  "corpus",
  "bundlers",
  "mcp-client-conformance",
];
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || 2);
const timeoutMs = (Number(process.env.TEST_TIMEOUT) || 300) * 1000;

const argv = process.argv.slice(2);
const verbose = argv.includes("--verbose");
const keep = argv.includes("--keep");
const words = argv.filter((a) => !a.startsWith("--"));
const unknownFlags = argv.filter((a) => a.startsWith("--") && a !== "--verbose" && a !== "--keep");
if (unknownFlags.length) {
  console.error(`unknown option(s): ${unknownFlags.join(" ")}`);
  process.exit(2);
}
const selected = words.filter((w) => RUNTIMES.includes(w));
const fileFilters = words.filter((w) => !RUNTIMES.includes(w));
const runtimes = selected.length ? RUNTIMES.filter((r) => selected.includes(r)) : RUNTIMES;

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const indent = (text, pad = "    ") =>
  text
    .split("\n")
    .map((l) => (l ? pad + l : l))
    .join("\n");

// ---- test files and bundles ------------------------------------------------------------------------------
let files = listTestFiles(root);
if (fileFilters.length) files = files.filter((f) => fileFilters.some((w) => f.includes(w)));
// Node 22 and 24 run the node bundle: they are other Node versions, not other environments.
const BUNDLE_OF = { node22: "node", node24: "node" };
const envs = [...new Set(runtimes.map((r) => BUNDLE_OF[r] ?? r))].filter((r) => r in ENVS);

if (envs.some((e) => ENVS[e].tooltype === "dist")) {
  const dist = join(root, "dist/index.js");
  if (!existsSync(dist)) {
    console.error("dist/index.js is missing: run `node esbuild.config.mjs` (npm test does) before deno and bun.");
  } else {
    const newest = (dir) =>
      readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
        const p = join(dir, e.name);
        return Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
      }, 0);
    if (newest(join(root, "src")) > statSync(dist).mtimeMs) {
      console.warn(
        "warning: dist/index.js is older than src/; deno and bun test a stale build (run `node esbuild.config.mjs`).",
      );
    }
  }
}

// This run's bundles; directories left by runs whose process is gone are removed.
const buildRoot = join(root, ".test-build");
const outDir = join(buildRoot, `run-${process.pid}`);
const outRel = relative(root, outDir).split("\\").join("/");
for (const name of existsSync(buildRoot) ? readdirSync(buildRoot) : []) {
  const pid = Number(/^run-(\d+)$/.exec(name)?.[1]);
  if (!pid || pid === process.pid) continue;
  try {
    process.kill(pid, 0); // still running (or not ours to signal): leave it
  } catch (error) {
    if (error.code === "ESRCH") rmSync(join(buildRoot, name), { recursive: true, force: true });
  }
}

for (const sig of ["SIGINT", "SIGTERM"]) {
  process.once(sig, () => {
    if (!keep) rmSync(outDir, { recursive: true, force: true });
    process.exit(130);
  });
}

let bundles = {};
if (envs.length && files.length) {
  const t0 = Date.now();
  bundles = await buildBundles(root, outDir, envs, files);
  console.log(`bundled ${files.length} test file(s) for ${envs.join(", ")} in ${seconds(Date.now() - t0)}`);
} else if (envs.length) {
  console.log("no test/**/*.test.ts files" + (fileFilters.length ? ` match ${fileFilters.join(", ")}` : ""));
}

// ---- tasks -----------------------------------------------------------------------------------------------
// node_modules/.bin/<tool>, or the platform package's binary when .bin's does not run (see test-lib/tools.mjs).
const bin = (name) => (envs.includes(name) && findTool(root, name).bin) || join(root, "node_modules/.bin", name);
const childEnv = { ...process.env, DENO_NO_UPDATE_CHECK: "1", DENO_NO_PROMPT: "1", DO_NOT_TRACK: "1" };
const PROCESS_RUNTIMES = {
  node: { command: process.execPath, args: ["--enable-source-maps", `${outRel}/node.mjs`], expectEval: true },
  "node-noeval": {
    command: process.execPath,
    args: ["--enable-source-maps", "--disallow-code-generation-from-strings", `${outRel}/node-noeval.mjs`],
    expectEval: false,
  },
  ...Object.fromEntries(
    ["node22", "node24"].map((name) => [
      name,
      {
        command: join(root, `node_modules/${name}/bin/node`),
        args: ["--enable-source-maps", `${outRel}/node.mjs`],
        expectEval: true,
        bundle: "node",
      },
    ]),
  ),
  deno: { command: bin("deno"), args: ["run", "-A", `${outRel}/deno.mjs`], expectEval: true },
  bun: { command: bin("bun"), args: [`${outRel}/bun.mjs`], expectEval: true },
};
const BROWSER_RUNTIMES = {
  chromium: { kind: "plain", expectEval: true },
  "chromium-csp": { kind: "csp", expectEval: false },
};
const commandLine = (spec) =>
  [spec.command === process.execPath ? "node" : spec.command.replace(`${root}/`, ""), ...spec.args].join(" ");

const unbundled = (env) => ({
  output: "",
  stderr: "",
  result: null,
  problems: [bundles[env]?.error ?? "not bundled"],
  warnings: [],
  ms: 0,
});

/** Each task resolves to { [runtime]: record }. */
const tasks = [];
const browserEnvs = envs.filter((e) => e in BROWSER_RUNTIMES);
if (files.length && browserEnvs.length) {
  // Chromium first: it is the slowest, and runs beside the others.
  tasks.push(async () => {
    const ready = browserEnvs.filter((e) => bundles[e]?.file);
    const out = {};
    for (const e of browserEnvs)
      if (!bundles[e]?.file) out[e] = { run: unbundled(e), expectEval: BROWSER_RUNTIMES[e].expectEval };
    if (ready.length) {
      const { runs, launchMs } = await runChromium({
        root,
        outDir,
        specs: ready.map((env) => ({ env, ...BROWSER_RUNTIMES[env] })),
        timeoutMs,
      });
      ready.forEach((e, i) => {
        out[e] = {
          run: runs[e],
          expectEval: BROWSER_RUNTIMES[e].expectEval,
          note: i === 0 ? `browser launch ${seconds(launchMs)}` : undefined,
        };
      });
    }
    return out;
  });
}
for (const env of runtimes.filter((e) => e in PROCESS_RUNTIMES)) {
  if (!files.length) continue;
  tasks.push(async () => {
    const spec = PROCESS_RUNTIMES[env];
    const bundle = spec.bundle ?? env;
    const run = !bundles[bundle]?.file
      ? unbundled(bundle)
      : existsSync(spec.command)
        ? await runProcess({ command: spec.command, args: spec.args, cwd: root, env: childEnv, timeoutMs })
        : { ...unbundled(bundle), problems: [`${spec.command} is missing: run npm install (it is a devDependency)`] };
    return { [env]: { run, expectEval: spec.expectEval, command: commandLine(spec), bundle } };
  });
}
if (runtimes.includes("types")) tasks.push(async () => ({ types: { types: await runTypes({ root, timeoutMs }) } }));
// The benchmark's smoke run (tiny budgets, nothing timed is asserted): every runner in bench/ must still work.
if (runtimes.includes("bench") && !fileFilters.length) {
  tasks.push(async () => ({
    bench: {
      bench: await runProcess({
        command: process.execPath,
        args: ["bench/bench.mjs", "--quick"],
        cwd: root,
        env: process.env,
        timeoutMs: timeoutMs * 2,
      }),
    },
  }));
}
// The demo page (demo/), driven in headless Chromium as a person would use it.
if (runtimes.includes("demo") && !fileFilters.length) {
  tasks.push(async () => ({
    demo: {
      demo: await runProcess({
        command: process.execPath,
        args: ["test/demo.e2e.mjs"],
        cwd: root,
        env: process.env,
        timeoutMs: timeoutMs * 2,
      }),
    },
  }));
}
// Extra checks with their own `N passed, N failed`, reported like the demo.
const EXTRA = {
  "chat-ui": ["test/chat-ui.e2e.mjs", "bundler example, tree-shaking and size"],
  size: ["test/size.e2e.mjs", "bundle-size ceilings, each bundle run, docs/performance.md's size table"],
  runtimes: ["test/runtimes.e2e.mjs", "Deno, Bun and the IIFE build by package name"],
  layers: ["test/layers.e2e.mjs", "imports follow the layers; entries exist; no dead module"],
  lean: ["test/lean.e2e.mjs", "each lean entry bundled alone, without the root, and its checks run"],
  "api-docs": ["test/api-docs.e2e.mjs", "the API reference (TypeDoc) builds from the JSDoc without a warning"],
  lint: ["test/lint.e2e.mjs", "Biome: every file formatted, no lint finding"],
  checkout: ["test/checkout.e2e.mjs", "no test, script, bench or demo file names a path outside the checkout"],
  package: ["test/package.e2e.mjs", "npm pack: size, the source once, maps resolve, tooltype/build without typescript"],
  // tsc over the SDKs' types and a Node process per block: slower than the others, so four runtime timeouts.
  readme: [
    "test/readme.e2e.mjs",
    "README's and docs/' TypeScript blocks type-checked with --strict and run against scripted provider answers; links checked",
    4,
  ],
  agent: ["test/agent.e2e.mjs", "MCP servers over stdio and HTTP; approval resumed in a fresh process"],
  restate: [
    "test/restate.e2e.mjs",
    "restate-server on loopback: the service SIGKILLed mid-call and restarted, approvals across a restart, 100 runs on 2 processes",
  ],
  "mcp-conformance": [
    "test/mcp-conformance.e2e.mjs",
    "the official MCP conformance suite: every server scenario in scope against mcpHttpHandler with sessions",
  ],
  toolchains: [
    "test/build.e2e.mjs",
    "tooltype/build: the fixture app through esbuild, bun run, Bun.build, Vite and node --import tooltype/register (Node 22, 24); AOT guards under CSP",
  ],
  corpus: [
    "test/corpus.e2e.mjs",
    "tooltype/build on real functions of date-fns, es-toolkit and radash, compared with the TypeScript checker's reading; esbuild, Vite and Bun.build agree",
  ],
  // About 130 bundles (terser minifies Rollup's and webpack's), each run: four runtime timeouts, as readme.
  bundlers: [
    "test/bundlers.e2e.mjs",
    "README and docs/ programs bundled alone by esbuild, Vite, Rollup, webpack, Bun.build and deno bundle, minified and not, each run",
    4,
  ],
  "mcp-client-conformance": [
    "test/mcp-conformance-client.e2e.mjs",
    "the official MCP conformance suite's client scenarios (OAuth, elicitation, SSE retry) against connectMCP, on loopback",
  ],
};
for (const [name, [script, , timeouts = 2]] of Object.entries(EXTRA)) {
  if (runtimes.includes(name) && !fileFilters.length) {
    tasks.push(async () => ({
      [name]: {
        demo: await runProcess({
          command: process.execPath,
          args: [script],
          cwd: root,
          env: childEnv,
          timeoutMs: timeoutMs * timeouts,
        }),
        label: EXTRA[name][1],
      },
    }));
  }
}

// ---- run at most `jobs` tasks at a time, print in a fixed order as results arrive -------------------------
const records = {};
const waiters = {};
const arrived = (name) =>
  (waiters[name] ??= (() => {
    let r;
    const p = new Promise((res) => (r = res));
    p.resolve = r;
    return p;
  })());
let next = 0;
async function lane() {
  while (next < tasks.length) {
    const task = tasks[next++];
    let out;
    try {
      out = await task();
    } catch (error) {
      out = { internal: { error } };
    }
    for (const [name, record] of Object.entries(out)) {
      records[name] = record;
      arrived(name).resolve();
    }
  }
}
const lanes = Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, lane)).then(() => {
  for (const r of [...RUNTIMES, "internal"]) arrived(r).resolve();
});

let totalPassed = 0;
let totalFailed = 0;
let totalSkipped = 0;
let totalTests = 0;
const order = runtimes.filter((r) => r === "types" || r === "bench" || r === "demo" || r in EXTRA || files.length);
for (const name of [...order, "internal"]) {
  await arrived(name);
  const record = records[name];
  if (!record) continue;
  if (record.error) {
    totalFailed++;
    console.log(`test runner error: ${record.error.stack || record.error}`);
    continue;
  }
  if (record.bench) {
    const run = record.bench;
    const ok = run.problems.length === 0 && /## Bundle sizes/.test(run.output);
    totalPassed += ok ? 1 : 0;
    totalFailed += ok ? 0 : 1;
    totalTests += 1;
    console.log(
      `bench: ${ok ? "1 passed, 0 failed" : "0 passed, 1 failed"} (smoke run of npm run bench, ${seconds(run.ms)})`,
    );
    if (!ok || verbose) console.log(indent(`${run.output.slice(-3000)}${run.stderr}\n${run.problems.join("\n")}`));
    continue;
  }
  if (record.demo) {
    const run = record.demo;
    const m = /^(\d+) passed, (\d+) failed$/m.exec(run.output);
    const [p, f] = m ? [Number(m[1]), Number(m[2]) + (run.problems.length && !Number(m[2]) ? 1 : 0)] : [0, 1];
    totalPassed += p;
    totalFailed += f;
    totalTests += p + f;
    console.log(`${name}: ${p} passed, ${f} failed (${record.label ?? "demo page in Chromium"}, ${seconds(run.ms)})`);
    if (f || verbose) console.log(indent(`${run.output.slice(-3000)}${run.stderr}\n${run.problems.join("\n")}`));
    continue;
  }
  if (record.types) {
    const t = record.types;
    totalPassed += t.passed;
    totalFailed += t.failed;
    totalTests += t.passed + t.failed;
    if (!t.files.length) {
      console.log("types: 0 passed, 0 failed (no test/types/*.ts files)");
      continue;
    }
    console.log(`types: ${t.passed} passed, ${t.failed} failed (${t.files.length} file(s), ${seconds(t.ms)})`);
    if (t.failed || verbose) {
      if (t.output) console.log(indent(t.output));
      for (const p of t.problems) console.log(indent(`✘ ${p}`));
    }
    continue;
  }
  const { run, expectEval, note, bundle = name } = record;
  const counts = tally({ env: bundle, expectEval, output: run.output, result: run.result, problems: run.problems });
  totalPassed += counts.passed;
  totalFailed += counts.failed;
  totalSkipped += counts.skipped;
  totalTests += counts.passed + counts.failed;
  const extra = [seconds(run.ms), note ?? ""].filter(Boolean).join(", ");
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${extra})`);
  if (verbose && record.command) console.log(indent(`$ ${record.command}`));
  const failed = counts.failed > 0;
  const traced = splitTraces(run.stderr);
  if (failed || verbose) {
    const out = cleanOutput(run.output, verbose);
    if (out) console.log(indent(out));
    if (traced.stderr.trim()) console.log(indent(`--- stderr ---\n${traced.stderr.trim()}`));
  }
  if (!parseSummary(run.output)) {
    // uvu never finished: say what it was running, and the failures it had not printed yet.
    if (traced.last) console.log(indent(`✘ last test started: ${traced.last.suite} › ${traced.last.test}`));
    for (const f of traced.failures)
      console.log(indent(`✘ had failed: ${f.suite} › ${f.test}\n${indent(f.message, "  ")}`));
  }
  for (const p of counts.problems) console.log(indent(`✘ ${p}`));
  for (const w of run.warnings) console.log(indent(`warning: ${w}`));
}
await lanes;
if (keep) console.log(`bundles kept in ${outRel}/`);
else rmSync(outDir, { recursive: true, force: true });

if (totalTests === 0) {
  console.log("no tests ran");
  totalFailed = Math.max(totalFailed, 1);
}
console.log(`(all runtimes in ${seconds(Date.now() - started)})`);
console.log(`${totalPassed} passed, ${totalFailed} failed, ${totalSkipped} skipped`);
process.exitCode = totalFailed > 0 || totalPassed === 0 ? 1 : 0;
