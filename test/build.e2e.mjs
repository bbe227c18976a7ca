#!/usr/bin/env node
// tooltype/build end to end (issue 16): the fixture app test/fixtures/build-app/ (documented, typed TypeScript
// tools and guards known at build time) is built with esbuild (minified), run with `bun run` and the preload of its
// bunfig.toml, built with Bun.build and with Vite; each prints the same tool definitions, tool runs and guard
// verdicts, equal to expected.json. Also: what happens without the plugin (Node, Bun), a type JSON cannot carry,
// `tooltype compile`, and the ahead-of-time guards in Chromium under a CSP without 'unsafe-eval'.
// Needs dist/ (node esbuild.config.mjs). Prints `N passed, N failed`.
import { execFileSync, spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { createChecks } from "./support/checks.mjs";
import { findTool } from "../scripts/test-lib/tools.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH, CSP } from "../scripts/test-lib/browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const app = join(root, "test/fixtures/build-app");
const out = join(root, ".test-build", `build-e2e-${process.pid}`);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const { esbuildPlugin, createTransform, BuildError } = await import(
  pathToFileURL(join(root, "dist/build/index.js")).href
);
const expected = JSON.parse(readFileSync(join(app, "expected.json"), "utf8"));
const bun = findTool(root, "bun").bin;
const { check, expect, finish } = createChecks({ traceLines: 12 });

/** Runs a command; its stdout parsed as JSON. */
function runJSON(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 120_000, ...options });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(" ")} exited ${result.status}:\n${result.stderr}${result.stdout.slice(0, 2000)}`,
    );
  return JSON.parse(result.stdout);
}

/** Fails naming the first place where `actual` and expected.json part. */
function expectSame(actual, label) {
  const a = JSON.stringify(actual, null, 2).split("\n");
  const e = JSON.stringify(expected, null, 2).split("\n");
  const at = a.findIndex((line, i) => line !== e[i]);
  expect(
    at === -1 && a.length === e.length,
    `${label} differs from expected.json at line ${at + 1}:\n  got:      ${a[at]}\n  expected: ${e[at]}`,
  );
}

await check("esbuild, minified, with esbuildPlugin(): the app prints expected.json in Node", async () => {
  const file = join(out, "esbuild/app.mjs");
  await build({
    entryPoints: [join(app, "app.ts")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    outfile: file,
    plugins: [esbuildPlugin()],
    logLevel: "silent",
  });
  const code = readFileSync(file, "utf8");
  expect(!code.includes("/**") && !code.includes("function get_weather("), "the bundle is not minified");
  expectSame(runJSON(process.execPath, [file]), "the esbuild bundle's output");
});

await check("bun run app.ts with bunfig.toml's preload (tooltype/build/bun-preload) prints expected.json", async () => {
  expect(bun, "no bun binary in node_modules");
  expectSame(runJSON(bun, ["run", "app.ts"], { cwd: app }), "bun run's output");
});

await check("Bun.build (minified) with bunPlugin(): the app prints expected.json in Node", async () => {
  const dir = join(out, "bun-build");
  const built = spawnSync(bun, ["bun-build.ts", dir], { cwd: app, encoding: "utf8", timeout: 120_000 });
  expect(built.status === 0, `Bun.build failed: ${built.stderr}${built.stdout}`);
  expectSame(runJSON(process.execPath, [join(dir, "app.js")]), "the Bun.build bundle's output");
});

await check("vite build (minified) with vitePlugin(): the app prints expected.json in Node", async () => {
  const { build: viteBuild } = await import("vite");
  const { vitePlugin } = await import(pathToFileURL(join(root, "dist/build/index.js")).href);
  const dir = join(out, "vite");
  await viteBuild({
    configFile: false,
    root: app,
    logLevel: "silent",
    plugins: [vitePlugin()],
    build: {
      outDir: dir,
      emptyOutDir: true,
      minify: true,
      target: "es2022",
      lib: { entry: "app.ts", formats: ["es"], fileName: "app" },
    },
  });
  expectSame(runJSON(process.execPath, [join(dir, "app.js")]), "the Vite bundle's output");
});

await check("@tool() methods (standard decorators) read at build time, minified by esbuild", async () => {
  const file = join(out, "decorated/app.mjs");
  await build({
    entryPoints: [join(app, "decorated.ts")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    outfile: file,
    plugins: [esbuildPlugin()],
    logLevel: "silent",
  });
  const { tools, run } = runJSON(process.execPath, [file]);
  const [price, stock] = tools;
  expect(
    JSON.stringify(price[0].function.parameters) ===
      JSON.stringify({
        type: "object",
        properties: {
          item: { type: "string", description: "The item's name" },
          quantity: { type: "integer", enum: [1, 2, 5], description: "Parameter quantity of type 1 | 2 | 5" },
        },
        required: ["item"],
      }),
    JSON.stringify(price),
  );
  expect(
    price[0].function.description === "Price of an item.\n\nReturns:\n- type: number",
    price[0].function.description,
  );
  expect(
    stock[0].function.description === "How many of an item are left." && stock[1] === "shop",
    JSON.stringify(stock),
  );
  expect(JSON.stringify(run) === JSON.stringify({ success: true, value: 10 }), JSON.stringify(run));
});

await check("without the plugin, Node refuses JSDoc above a function and says what to do", async () => {
  const file = join(out, "plain/app.mjs");
  await build({
    entryPoints: [join(app, "app.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    outfile: file,
    logLevel: "silent",
  });
  const ran = spawnSync(process.execPath, [file], { encoding: "utf8" });
  expect(ran.status !== 0, "ran without the plugin");
  for (const words of [
    '"get_weather" has no documentation',
    "JSDoc comment above the function is not part",
    "inside the body",
    "{ description }",
    "tooltype/build",
  ]) {
    expect(
      ran.stderr.includes(words),
      `the error does not say ${JSON.stringify(words)}:\n${ran.stderr.slice(0, 1500)}`,
    );
  }
});

await check("without the preload, Bun's error names Bun and the preload", async () => {
  const ran = spawnSync(bun, ["run", join(app, "app.ts")], { cwd: root, encoding: "utf8", timeout: 60_000 });
  expect(ran.status !== 0, "ran without the preload");
  for (const words of ["Bun removes comments and docstrings", "tooltype/build/bun-preload", "{ description }"]) {
    expect(
      ran.stderr.includes(words),
      `the error does not say ${JSON.stringify(words)}:\n${ran.stderr.slice(0, 1500)}`,
    );
  }
});

// Node's own TypeScript loop: type stripping (Node 22.18+, 23.6+) with tooltype/register's module hooks, in the
// Node 22 and 24 binaries of the devDependencies (Node 20 strips no types). Under tsx, tsx's hooks compile each
// file before tooltype's see it: test/fixtures/register/esbuild-loader.mjs stands in for tsx (esbuild, comments
// dropped), registered first as tsx's are.
const nodes = ["node22", "node24"].map((name) => [name, join(root, "node_modules", name, "bin/node")]);
for (const [name, node] of nodes) {
  await check(`${name} --import tooltype/register app.ts (type stripping) prints expected.json`, () => {
    expectSame(runJSON(node, ["--import", "tooltype/register", "app.ts"], { cwd: app }), `${name}'s output`);
  });
}
await check(
  "node24 with a tsx-like loader (esbuild, comments dropped) and --import tooltype/register: expected.json",
  () => {
    const loader = "../register/esbuild-loader.mjs";
    const args = ["--no-warnings=ExperimentalWarning", "--import", loader, "--import", "tooltype/register", "app.ts"];
    expectSame(runJSON(nodes[1][1], args, { cwd: app }), "the tsx-like run's output");
    const without = spawnSync(nodes[1][1], ["--import", loader, "app.ts"], {
      cwd: app,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(
      without.status !== 0 && without.stderr.includes("node --import tooltype/register"),
      `without tooltype/register the error should name it:\n${without.stderr.slice(0, 1500)}`,
    );
  },
);

await check("a parameter type JSON cannot carry is a build error naming file, line, parameter and type", async () => {
  let error;
  try {
    await build({
      entryPoints: [join(app, "unwritable.ts")],
      bundle: true,
      write: false,
      format: "esm",
      plugins: [esbuildPlugin()],
      logLevel: "silent",
    });
  } catch (e) {
    error = e;
  }
  const message = error?.errors?.[0];
  expect(message, "esbuild built it");
  expect(
    message.location?.file.endsWith("unwritable.ts") && message.location.line === 5,
    `wrong location ${JSON.stringify(message.location)}`,
  );
  for (const words of ['parameter "counts"', '"count_words"', "Map<string, number>", "Record<string, V>"])
    expect(message.text.includes(words), `the error does not say ${words}: ${message.text}`);
  // The transform itself throws a BuildError whose message starts with file:line:column.
  const transform = createTransform();
  const source = readFileSync(join(app, "unwritable.ts"), "utf8");
  try {
    transform(source, join(app, "unwritable.ts"));
    throw new Error("no error");
  } catch (e) {
    expect(e instanceof BuildError && e.message.startsWith(`${join(app, "unwritable.ts")}:5:`), String(e));
  }
});

await check("transform: edits stay on their lines, user options win, undocumented tools are refused", async () => {
  const transform = createTransform();
  const file = join(app, "inline-check.ts");
  const code = [
    'import { functionToTool as ft } from "tooltype";',
    "/** Doubles. */",
    "function double(n: number) { return n * 2; }",
    'export const a = ft(double, { name: "twice",',
    '  category: "math" });',
    "function bare(x: string) { return x; }",
    'export const b = ft(bare, { description: "Given." });',
  ].join("\n");
  const written = transform(code, file);
  expect(written.split("\n").length === code.split("\n").length, "lines moved");
  expect(
    /ft\(double, \{ \.\.\.\{ name: "double", description: "Doubles\.", declared: .*\}, \.\.\.\(\{ name: "twice",$/m.test(
      written,
    ),
    written,
  );
  expect(
    written.includes(
      'ft(bare, { ...{ name: "bare", declared: { parameters: [{ name: "x", type: __tooltype_t.string() }] } }, ...({ description: "Given." }) })',
    ),
    written,
  );
  let error;
  try {
    transform(code.replace(', { description: "Given." }', ""), file);
  } catch (e) {
    error = e;
  }
  expect(
    error instanceof BuildError && /"bare" has no documentation/.test(error.message) && error.location.line === 6,
    String(error),
  );
});

await check(
  "tooltype compile SCHEMA.json --out guard.js writes a guard module that agrees with compile()",
  async () => {
    const schemaFile = join(out, "order.schema.json");
    const schema = {
      type: "object",
      properties: {
        id: { type: "integer", minimum: 1 },
        tags: { type: "array", items: { enum: ["a", "b"] }, uniqueItems: true },
        at: { type: "string", format: "date-time" },
      },
      required: ["id"],
      additionalProperties: false,
    };
    writeFileSync(schemaFile, JSON.stringify(schema));
    const guardFile = join(root, ".test-build", `guard-${process.pid}.mjs`); // inside the package, so "tooltype/aot" resolves to itself
    execFileSync(process.execPath, [join(root, "dist/cli.js"), "compile", schemaFile, "--out", guardFile]);
    try {
      const text = readFileSync(guardFile, "utf8");
      expect(!/\bnew Function\b|\beval\(/.test(text), "the module evaluates text");
      const guard = (await import(pathToFileURL(guardFile).href)).default;
      const { compile } = await import(pathToFileURL(join(root, "dist/guard/index.js")).href);
      const reference = compile(schema);
      expect(guard.mode === "aot", `mode ${guard.mode}`);
      const values = [
        { id: 1 },
        { id: 0 },
        { id: 1, tags: ["a", "a"] },
        { id: 1, tags: ["a", "c"] },
        { id: 2, at: "2026-01-01T00:00:00Z" },
        { id: 2, at: "yesterday" },
        { id: 1, x: 1 },
        [],
        null,
      ];
      for (const v of values) {
        expect(guard(v) === reference(v), `verdicts differ on ${JSON.stringify(v)}`);
        expect(
          JSON.stringify(guard.errors(v)) === JSON.stringify(reference.errors(v)),
          `errors differ on ${JSON.stringify(v)}`,
        );
      }
      const bad = spawnSync(process.execPath, [join(root, "dist/cli.js"), "compile", join(app, "tsconfig.json")], {
        encoding: "utf8",
      });
      expect(bad.status === 1 && /unsupported|unknown/.test(bad.stderr), `a non-schema was accepted: ${bad.stderr}`);
    } finally {
      rmSync(guardFile, { force: true });
    }
  },
);

await check("the ahead-of-time guards run in Chromium under Content-Security-Policy: script-src 'self'", async () => {
  const file = join(out, "csp/csp.js");
  await build({
    entryPoints: [join(app, "csp.ts")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    outfile: file,
    plugins: [esbuildPlugin()],
    logLevel: "silent",
  });
  const html = '<!doctype html><meta charset="utf-8"><body>waiting</body><script type="module" src="/csp.js"></script>';
  const server = createServer((req, res) => {
    if (req.url === "/csp.js")
      res.writeHead(200, { "Content-Type": "text/javascript", "Content-Security-Policy": CSP }).end(readFileSync(file));
    else res.writeHead(200, { "Content-Type": "text/html", "Content-Security-Policy": CSP }).end(html);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const problems = [];
    page.on("pageerror", (e) => problems.push(String(e)));
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.body.textContent !== "waiting", null, { timeout: 20_000 });
    const result = JSON.parse(await page.textContent("body"));
    expect(result.evalBlocked, "the page allows eval: the CSP is not in force");
    expect(!problems.length, problems.join("\n"));
    expect(
      JSON.stringify(result) ===
        JSON.stringify({
          evalBlocked: true,
          modes: ["aot", "aot", "aot"],
          verdicts: [true, false, true, false],
          errors: ["/email"],
        }),
      JSON.stringify(result),
    );
  } finally {
    await browser.close();
    server.close();
  }
});

rmSync(out, { recursive: true, force: true });
finish();
