#!/usr/bin/env node
// README programs through every bundler an app may use, minified and not, and each bundle run. The programs are
// README.md's TypeScript blocks (test/support/readme-blocks.mjs) that call a format method, a format function, a
// builtin or toolsFrom, and the quick start; and a few of this suite's own, each reaching the format methods
// through one import alone. Each is compiled to JavaScript once (esbuild transform, as test/readme.e2e.mjs does;
// tooltype/build's transform first where it reads functions), then bundled alone by esbuild, Vite (library
// mode), Rollup (+ node-resolve, + terser when minified), webpack (its Node API; production and development
// mode), Bun.build and `deno bundle`. "tooltype" resolves by package name (a node_modules/tooltype link to this
// repository, so package.json's "exports" and "sideEffects": false are what each bundler reads); the model SDKs
// stay external. Every bundle runs in Node (the `deno bundle` ones in Deno) with the model APIs answered on this
// machine (test/support/fake-providers.mjs), and must exit 0 and print exactly what the unbundled program prints
// in that runtime. A bundler that drops a module a program needs fails here: the suite checks what the size
// test's numbers cannot. Prints `N passed, N failed`; needs dist/ built.
//
//   node test/bundlers.e2e.mjs                  every bundler
//   node test/bundlers.e2e.mjs esbuild rollup   only these (esbuild, vite, rollup, webpack, bun, deno)
//   --keep                                      keep .test-build/bundlers-<pid>/ to look at the bundles
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build as esbuild, transform } from "esbuild";
import { createChecks } from "./support/checks.mjs";
import { readmeBlocks } from "./support/readme-blocks.mjs";
import { findTool } from "../scripts/test-lib/tools.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { check, expect, finish } = createChecks({ traceLines: 12 });
const argv = process.argv.slice(2);
const keep = argv.includes("--keep");
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

if (!existsSync(join(root, "dist/index.js"))) {
  console.log("dist/index.js is missing: run `node esbuild.config.mjs` first");
  finish();
}

// ---- the programs --------------------------------------------------------------------------------------------
// Programs of this suite: each format method reached through one import alone, where nothing else would keep a
// module the method needs (a program that also imports the root's ToolRegistry keeps more of the root).
const SEAMS = [
  [
    "root tool",
    `import { t, tool } from "tooltype";
const weather = tool({ name: "get_weather", description: "Weather.", parameters: t.object({ city: t.string() }), execute: ({ city }) => city });
console.log(JSON.stringify([weather.toOpenAIFormat({ strict: true }), weather.toResponsesFormat(), weather.toGeminiFormat(), await weather.execute({ city: "Paris" })]));`,
  ],
  [
    "root functionToTool",
    `import { functionToTool } from "tooltype";
/** Adds two numbers. */
function add(a: number, b = 0) { return a + b; }
console.log(JSON.stringify(functionToTool(add).toAnthropicFormat()));`,
  ],
  [
    "builtins",
    `import { createCalculatorTool, createDatetimeTool } from "tooltype/builtins";
console.log(JSON.stringify([createCalculatorTool().toOpenAIFormat(), createDatetimeTool().toMCPFormat(), await createCalculatorTool().execute({ expression: "2 ** 10" })]));`,
  ],
  [
    "lean tool beside the root",
    `import { t } from "tooltype/t";
import { tool, toOpenAIFormat } from "tooltype/tools";
import { tool as rootTool } from "tooltype";
const lean = tool({ name: "echo", description: "Echoes.", parameters: t.object({ s: t.string() }), execute: ({ s }) => s });
const rooted = rootTool({ name: "echo", description: "Echoes.", parameters: t.object({ s: t.string() }), execute: ({ s }) => s });
console.log(JSON.stringify(["toOpenAIFormat" in lean, toOpenAIFormat(lean), rooted.toOpenAIFormat()]));`,
    /^\[false,/,
  ],
].map(([label, code, prints], i) => ({
  label: `program "${label}"`,
  name: `seam-${i + 1}`,
  words: [],
  code: `${code}\n`,
  prints,
}));

const CALLS = /\.to(?:OpenAI|Responses|Anthropic|Gemini|MCP)Format\(|\bcreate\w+Tool\(|\btoolsFrom\(|toOpenAIFormat\(/;
const readmePrograms = readmeBlocks(root).filter(
  (b) =>
    !b.words.includes("no-run") &&
    !b.words.includes("fragment") &&
    (CALLS.test(b.code) || b.code.includes("// 1. A tool")),
);
const programs = [...readmePrograms, ...SEAMS];
const work = join(root, ".test-build", `bundlers-${process.pid}`);
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, "node_modules"), { recursive: true });
symlinkSync(root, join(work, "node_modules", "tooltype"), "dir");
// Removed however the suite ends: its node_modules/tooltype links back to this repository.
if (!keep) process.on("exit", () => rmSync(work, { recursive: true, force: true }));
// A program that reads functions at run time (functionToTool, toolsFrom, @tool) is first read at build time by
// tooltype/build, as README says to for code that is minified: a minifier renames the parameters it would read.
const { createTransform } = await import(pathToFileURL(join(root, "dist/build/index.js")).href);
const readDeclarations = createTransform();
for (const p of programs) {
  const source = /@tool\(|functionToTool\(|toolsFrom\(/.test(p.code)
    ? (readDeclarations(p.code, join(work, `${p.name}.ts`)) ?? p.code)
    : p.code;
  const { code } = await transform(source, {
    loader: "ts",
    format: "esm",
    target: "es2022",
    sourcefile: `${p.name}.ts`,
  });
  writeFileSync(join(work, `${p.name}.mjs`), code);
}

/** A bare import that is not tooltype's: the model SDKs and schema libraries, left for Node to load. */
const isExternal = (id) => /^[^./\0]/.test(id) && !/^[A-Za-z]:/.test(id) && !/^tooltype(\/|$)/.test(id);
/** The external imports of one program, as bundlers that take a list want them. */
const externalsOf = (program) => [
  ...new Set([...program.code.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]).filter(isExternal)),
];

// ---- the bundlers: (program, entry, out, minify) => Promise, writing an ES module to `out` -----------------------
const bunBin = findTool(root, "bun").bin ?? join(root, "node_modules/.bin/bun");
const denoBin = findTool(root, "deno").bin ?? join(root, "node_modules/.bin/deno");
const denoEnv = { ...process.env, DENO_NO_UPDATE_CHECK: "1", DENO_NO_PROMPT: "1" };

const BUNDLERS = {
  async esbuild(program, entry, out, minify) {
    const external = {
      name: "external",
      setup: (b) =>
        b.onResolve({ filter: /.*/ }, (args) =>
          isExternal(args.path) ? { path: args.path, external: true } : undefined,
        ),
    };
    await esbuild({
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      minify,
      plugins: [external],
      logLevel: "error",
    });
  },
  async vite(program, entry, out, minify) {
    const { build } = await import("vite");
    await build({
      configFile: false,
      root: work,
      logLevel: "error",
      build: {
        lib: { entry, formats: ["es"], fileName: () => out.slice(work.length + 1) },
        outDir: work,
        emptyOutDir: false,
        minify,
        target: "node20",
        rollupOptions: { external: isExternal },
      },
    });
  },
  async rollup(program, entry, out, minify) {
    const { rollup } = await import("rollup");
    const { nodeResolve } = await import("@rollup/plugin-node-resolve");
    const terser = (await import("@rollup/plugin-terser")).default;
    // The modules parsed by one build are reused by the next (rollup's cache): each still shakes its own program.
    const bundle = await rollup({
      input: entry,
      external: isExternal,
      cache: rollupCache,
      plugins: [nodeResolve(), ...(minify ? [terser()] : [])],
      onwarn: () => {},
    });
    rollupCache = bundle.cache;
    await bundle.write({ file: out, format: "es", inlineDynamicImports: true });
    await bundle.close();
  },
  async webpack(program, entry, out, minify) {
    const webpack = (await import("webpack")).default;
    const config = {
      mode: minify ? "production" : "development",
      devtool: false,
      target: "node20",
      entry,
      output: {
        path: dirname(out),
        filename: out.slice(dirname(out).length + 1),
        module: true,
        library: { type: "module" },
        chunkFormat: "module",
      },
      experiments: { outputModule: true },
      externalsType: "module",
      externals: [
        ({ request }, callback) =>
          isExternal(request) && !request.startsWith("node:") ? callback(null, request) : callback(),
      ],
      optimization: { splitChunks: false, runtimeChunk: false },
    };
    const stats = await new Promise((resolve, reject) =>
      webpack(config, (error, result) => (error ? reject(error) : resolve(result))),
    );
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
  },
  async bun(program, entry, out, minify) {
    const args = [
      "build",
      entry,
      "--outfile",
      out,
      "--target",
      "node",
      "--format",
      "esm",
      ...(minify ? ["--minify"] : []),
      ...externalsOf(program).flatMap((e) => ["--external", e]),
    ];
    await command(bunBin, args);
  },
  async deno(program, entry, out, minify) {
    const args = [
      "bundle",
      "--quiet",
      "--platform",
      "deno",
      "-o",
      out,
      ...(minify ? ["--minify"] : []),
      ...externalsOf(program).map((e) => `--external=${e}`),
      entry,
    ];
    // One at a time: on first use each deno bundle copies its esbuild into Deno's cache, and two copies race.
    const turn = denoTurn.then(() => command(denoBin, args, denoEnv));
    denoTurn = turn.catch(() => {});
    await turn;
  },
};
let denoTurn = Promise.resolve();
let rollupCache;
/** Where each bundler's output runs: `deno bundle`'s in Deno, the others' in Node. */
const runtimeOf = (bundler) => (bundler === "deno" ? "deno" : "node");

// ---- processes -------------------------------------------------------------------------------------------------
function run(file, args, env = process.env, timeout = 60_000) {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd: work, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeout);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

async function command(file, args, env) {
  const r = await run(file, args, env, 120_000);
  if (r.code !== 0)
    throw new Error(
      `${file.replace(`${root}/`, "")} ${args.join(" ")} exited ${r.code ?? r.signal}:\n${r.stderr.slice(-3000)}${r.stdout.slice(-1000)}`,
    );
}

const preload = pathToFileURL(join(root, "test/support/fake-providers.mjs")).href;
const programEnv = {
  ...process.env,
  OPENAI_API_KEY: "test-key",
  ANTHROPIC_API_KEY: "test-key",
  GEMINI_API_KEY: "test-key",
  OPENAI_AGENTS_DISABLE_TRACING: "1",
};
/** A program or a bundle run in Node (or Deno) with the model APIs answered by the fake providers. */
const runProgram = (file, runtime = "node") =>
  runtime === "deno"
    ? run(denoBin, ["run", "-A", "--quiet", "--preload", preload, file], { ...denoEnv, ...programEnv })
    : run(process.execPath, ["--import", preload, file], programEnv);

// ---- run -------------------------------------------------------------------------------------------------------
const chosen = argv.filter((a) => !a.startsWith("--"));
const unknown = chosen.filter((a) => !(a in BUNDLERS));
if (unknown.length) {
  console.error(`unknown bundler(s): ${unknown.join(", ")}; known: ${Object.keys(BUNDLERS).join(", ")}`);
  process.exit(2);
}
const bundlers = chosen.length ? chosen : Object.keys(BUNDLERS);

await check(
  `README programs to bundle: the quick start and every block that calls a format method, a builtin or toolsFrom (${readmePrograms.map((p) => p.label).join(", ")})`,
  () => {
    const programs = readmePrograms;
    expect(
      programs.some((p) => p.code.includes("// 1. A tool")),
      "the quick start",
    );
    expect(
      programs.some((p) => /\.to(?:OpenAI|Anthropic)Format\(/.test(p.code)) &&
        programs.some((p) => /create\w+Tool\(/.test(p.code)) &&
        programs.some((p) => /toolsFrom\(/.test(p.code)),
      "blocks calling a format method, a builtin and toolsFrom",
    );
  },
);

// What each program prints unbundled, in each runtime a bundle runs in (Deno's console formats objects its own way).
const runtimes = [...new Set(bundlers.map(runtimeOf))];
const reference = new Map();
const references = runtimes.flatMap((runtime) => programs.map((program) => ({ runtime, program })));
await pool(references, async ({ runtime, program }) =>
  reference.set(`${runtime} ${program.name}`, await runProgram(join(work, `${program.name}.mjs`), runtime)),
);
for (const { runtime, program } of references) {
  await check(`${program.label}: runs unbundled in ${runtime === "deno" ? "Deno" : "Node"}`, () => {
    const r = reference.get(`${runtime} ${program.name}`);
    expect(r.code === 0 && /^##FAKE /m.test(r.stdout), `exited ${r.code ?? r.signal}:\n${r.stderr.slice(-3000)}`);
    expect(
      !program.prints || program.prints.test(r.stdout),
      `printed ${r.stdout.slice(0, 300)}; expected ${program.prints}`,
    );
  });
}

// Each case: one program through one bundler, minified or not, then run. Builds in this process (esbuild, Vite,
// Rollup, webpack) take turns on its one thread while other cases' processes (Bun, Deno, the runs) go on beside.
const cases = bundlers.flatMap((bundler) =>
  programs.flatMap((program) => [false, true].map((minify) => ({ bundler, program, minify }))),
);
const outcomes = new Map();
await pool(cases, async (c) => {
  const out = join(work, `${c.program.name}.${c.bundler}${c.minify ? ".min" : ""}.mjs`);
  const started = Date.now();
  try {
    await BUNDLERS[c.bundler](c.program, join(work, `${c.program.name}.mjs`), out, c.minify);
  } catch (error) {
    outcomes.set(c, { error });
    return;
  }
  const built = Date.now();
  outcomes.set(c, { ran: await runProgram(out, runtimeOf(c.bundler)), ms: [built - started, Date.now() - built] });
});
for (const c of cases) {
  const { error, ran, ms } = outcomes.get(c);
  const took = ms ? ` (built in ${seconds(ms[0])}, ran in ${seconds(ms[1])})` : "";
  await check(
    `${c.bundler}${c.minify ? " --minify" : ""}: ${c.program.label} bundled alone runs and prints what the program prints${took}`,
    () => {
      if (error) throw error;
      const expected = reference.get(`${runtimeOf(c.bundler)} ${c.program.name}`).stdout;
      expect(ran.code === 0, `the bundle exited ${ran.code ?? ran.signal}:\n${ran.stderr.slice(-3000)}`);
      expect(
        ran.stdout === expected,
        `printed:\n${ran.stdout.slice(-2000)}\nunbundled, it prints:\n${expected.slice(-2000)}`,
      );
    },
  );
}

/** Runs `task` over `items`, three at a time. */
async function pool(items, task, width = 3) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

finish();
