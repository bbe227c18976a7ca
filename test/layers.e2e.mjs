#!/usr/bin/env node
// The layers run one way (issue 15): t → schema → guard → tools → source → build, calls → agent, mcp; builtins and the
// root entry's conveniences on top, util/ below everything. Every relative import of every src/ module is read
// and each that points to a later layer fails, naming the file, the line and both layers. Also: every subpath of
// package.json's "exports" is a module of src/, and no module of src/ is left that nothing imports.
// Prints `N passed, N failed` and exits 1 when anything failed.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");
// Lower number = lower layer; a module may import only its own layer or lower ones.
const LAYERS = {
  util: 0,
  t: 1,
  schema: 2,
  guard: 3,
  tools: 4,
  source: 5,
  build: 6,
  calls: 6,
  providers: 6,
  agent: 7,
  mcp: 7,
  restate: 8,
  builtins: 8,
  "(root)": 9,
};
const layerOf = (file) => {
  const [first, second] = relative(src, file).split(sep);
  return second === undefined ? "(root)" : first;
};

const { check, expect, finish } = createChecks();
const files = readdirSync(src, { recursive: true })
  .map((f) => join(src, f))
  .filter((f) => f.endsWith(".ts"));
const imports = files.flatMap((file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .flatMap((text, i) =>
      [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) => ({
        file,
        line: i + 1,
        target: resolve(dirname(file), m[1]).replace(/\.js$/, ".ts"),
      })),
    ),
);

await check(`every module of src/ is in a known layer (${Object.keys(LAYERS).join(", ")})`, () => {
  const unknown = files.filter((f) => !(layerOf(f) in LAYERS)).map((f) => relative(root, f));
  expect(!unknown.length, `modules in no layer: ${unknown.join(", ")}`);
});
await check(
  `${imports.length} imports, none against the order ${Object.entries(LAYERS)
    .map(([k, v]) => `${k}:${v}`)
    .join(" ")}`,
  () => {
    const upward = imports.filter((i) => LAYERS[layerOf(i.target)] > LAYERS[layerOf(i.file)]);
    expect(
      !upward.length,
      upward
        .map(
          (i) =>
            `${relative(root, i.file)}:${i.line} (${layerOf(i.file)}) imports ${relative(root, i.target)} (${layerOf(i.target)})`,
        )
        .join("\n"),
    );
  },
);
// A provider is a value the user imports (tooltype/providers/<name>): the layers that take one never import one,
// so a program that imports the loop and one provider bundles that provider alone. Only the root entry's modules
// (src/*.ts: provider names as strings) and the providers themselves import src/providers/.
const TAKE_PROVIDERS = ["calls", "agent", "tools", "mcp"];
await check(
  `${TAKE_PROVIDERS.join("/, ")}/ import no module of src/providers/ (a provider is a value they take)`,
  () => {
    const wrong = imports.filter((i) => TAKE_PROVIDERS.includes(layerOf(i.file)) && layerOf(i.target) === "providers");
    expect(
      !wrong.length,
      wrong.map((i) => `${relative(root, i.file)}:${i.line} imports ${relative(root, i.target)}`).join("\n"),
    );
  },
);
// No import circle between calls/, tools/ and providers/ (type-only imports included: a circle of types is one
// concept in two places): of the three folders, one imports another only one way. A circle is printed with an
// import that makes each of its steps.
await check("no import circle between calls/, tools/ and providers/", () => {
  const FOLDERS = ["calls", "tools", "providers"];
  const step = new Map(); // "from>to" -> an import that makes it
  for (const i of imports) {
    const [from, to] = [layerOf(i.file), layerOf(i.target)];
    if (from !== to && FOLDERS.includes(from) && FOLDERS.includes(to) && !step.has(`${from}>${to}`))
      step.set(`${from}>${to}`, `${relative(root, i.file)}:${i.line} imports ${relative(root, i.target)}`);
  }
  const circles = [];
  for (const a of FOLDERS)
    for (const b of FOLDERS) {
      if (a >= b) continue;
      if (step.has(`${a}>${b}`) && step.has(`${b}>${a}`)) circles.push([`${a}>${b}`, `${b}>${a}`]);
      for (const c of FOLDERS)
        if (c !== a && c !== b && a < c && step.has(`${a}>${b}`) && step.has(`${b}>${c}`) && step.has(`${c}>${a}`))
          circles.push([`${a}>${b}`, `${b}>${c}`, `${c}>${a}`]);
    }
  expect(!circles.length, circles.map((c) => c.map((k) => step.get(k)).join("; ")).join("\n"));
});
await check("every import names a module that exists", () => {
  const known = new Set(files);
  const missing = imports.filter((i) => !known.has(i.target));
  expect(
    !missing.length,
    missing.map((i) => `${relative(root, i.file)}:${i.line} -> ${relative(root, i.target)}`).join("\n"),
  );
});
const exported = Object.values(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).exports)
  .filter((t) => typeof t === "object")
  .map((t) => join(src, t.import.slice("./dist/".length).replace(/\.js$/, ".ts")));
await check(`package.json's ${exported.length} entries are modules of src/`, () => {
  const missing = exported.filter((f) => !files.includes(f));
  expect(!missing.length, `no source for: ${missing.map((f) => relative(root, f)).join(", ")}`);
});
await check("no module is dead: each is an entry, the CLI, or imported by another", () => {
  const imported = new Set(imports.map((i) => i.target));
  // build/typescript.ts is what the published build modules import in place of "typescript" (esbuild.config.mjs);
  // build/register-hooks.ts is what build/register.ts hands to Node's module.register by URL.
  const entries = ["cli.ts", "cli-bin.ts", "build/typescript.ts", "build/register-hooks.ts"].map((f) => join(src, f));
  const dead = files.filter(
    (f) => !imported.has(f) && !exported.includes(f) && !entries.includes(f) && !f.endsWith("worker-script.ts"),
  );
  expect(!dead.length, `imported by nothing: ${dead.map((f) => relative(root, f)).join(", ")}`);
});
// The format methods (tool.toOpenAIFormat(), registry.toMCPFormat()) are the root entry's Tool and ToolRegistry
// (tools/methods.ts); a module below the root receives tools of any entry, so it calls the format functions.
await check("no module below the root calls a format method (they are the root entry's)", () => {
  const method = /\.to(?:OpenAI|Responses|Anthropic|Gemini|MCP)Format\(/;
  const calls = files
    .filter((f) => LAYERS[layerOf(f)] < LAYERS.builtins && !f.endsWith(join("tools", "methods.ts")))
    .flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((text, i) => ({ file, line: i + 1, text }))
        .filter(({ text }) => method.test(text) && !/^\s*(\*|\/\/)/.test(text)),
    );
  expect(!calls.length, calls.map((c) => `${relative(root, c.file)}:${c.line}: ${c.text.trim()}`).join("\n"));
});
// A provider is one folder (src/providers/<name>/): outside it, a provider's name is written only where providers
// are listed. Comments are not read (docs and examples name providers); each file allowed says why.
const PROVIDER_NAME = /["'`](openai|responses|anthropic|gemini|bedrock|mistral|ollama|cohere)["'`]/;
const NAMES_ALLOWED = {
  "calls/types.ts": "the Provider union, the list of providers",
  "tools/provider-formats.ts": "the tool formats (ToolFormat) and the schema rules (SchemaRules) by name",
  "tools/format-types.ts": "the tool formats (ToolFormat) by name, and the one most providers write",
  "tools/formats/openai.ts": "a tool format, one per ToolFormat",
  "tools/formats/responses.ts": "a tool format, one per ToolFormat",
  "tools/formats/anthropic.ts": "a tool format, one per ToolFormat",
  "tools/formats/gemini.ts": "a tool format, one per ToolFormat",
  "tools/formats/mcp.ts": "a tool format, one per ToolFormat",
  "tools/methods.ts": "the format methods, one per ToolFormat",
  "cli.ts": "the CLI's --provider values",
};
await check("outside src/providers/, a provider's name is written only where providers are listed", () => {
  const named = files
    .filter((f) => {
      const path = relative(src, f).split(sep).join("/");
      return !path.startsWith("providers/") && !path.startsWith("schema/dialects/") && !(path in NAMES_ALLOWED);
    })
    .flatMap((file) =>
      readFileSync(file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, " "))
        .split("\n")
        .map((text, i) => ({ file, line: i + 1, text: text.replace(/(^|[^:])\/\/.*$/, "$1") }))
        .filter(({ text }) => PROVIDER_NAME.test(text)),
    );
  expect(
    !named.length,
    `a provider named outside its folder (move it into src/providers/<name>/ or behind the adapter):\n${named
      .map((c) => `${relative(root, c.file)}:${c.line}: ${c.text.trim()}`)
      .join("\n")}`,
  );
});
// Bundlers order modules their own way (webpack's production build evaluates a cycle from another end than Node):
// whichever module of dist/ is evaluated first, the root entry must then work. Each module is imported first in a
// process of its own, then a schema using every keyword is compiled and checked on both guard paths, and a tool is
// formatted for every provider.
const FIRST_THEN_ROOT = `
const [first] = process.argv.slice(1);
await import(first);
const { compile, t, tool, ToolRegistry } = await import(${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)});
const schema = { type: "object", properties: { a: { enum: [1, "x"] }, b: { type: "array", prefixItems: [{ type: "string", minLength: 1 }], items: { type: "number", minimum: 0 }, contains: { const: 3 }, minContains: 1, uniqueItems: true }, c: { anyOf: [{ type: "string", pattern: "^a", format: "email" }, { not: { type: "null" } }] }, d: { $ref: "#/$defs/d" } }, required: ["a"], patternProperties: { "^x": { type: "boolean" } }, propertyNames: { maxLength: 9 }, dependentRequired: { a: ["b"] }, if: { required: ["c"] }, then: { minProperties: 2 }, unevaluatedProperties: false, $defs: { d: { oneOf: [{ type: "integer", multipleOf: 2 }, { type: "string", maxLength: 1 }] } } };
for (const mode of [true, false]) {
  const guard = compile(schema, { eval: mode });
  if (!guard({ a: 1, b: ["s", 3] }) || guard({ a: 2 }) !== false || guard.errors({ a: 2 }).length === 0) throw new Error("wrong verdict");
}
const weather = tool({ name: "w", description: "W.", parameters: t.object({ city: t.string() }), execute: ({ city }) => city });
const registry = new ToolRegistry().register(weather);
for (const f of ["toOpenAIFormat", "toResponsesFormat", "toAnthropicFormat", "toGeminiFormat", "toMCPFormat"]) registry[f]();
`;
await check(
  "whichever module of dist/ is evaluated first, the root entry then works (no cycle reads a binding early)",
  async () => {
    const { execFile } = await import("node:child_process");
    const dist = join(root, "dist");
    // bun-preload.js registers the build plugin with Bun when imported, register.js Node's module hooks: that is
    // their job (register-hooks.js is what Node's hooks thread loads).
    const modules = readdirSync(dist, { recursive: true })
      .map((f) => join(dist, f))
      .filter(
        (f) =>
          f.endsWith(".js") &&
          !/[\\/](types|iife)[\\/]|\.iife\.js$|cli\.js$|bun-preload\.js$|register(-hooks)?\.js$/.test(f),
      );
    const run = (module) =>
      new Promise((done) =>
        execFile(process.execPath, ["--input-type=module", "-e", FIRST_THEN_ROOT, module], (error, _out, stderr) =>
          done(
            error
              ? `${relative(root, module)}: ${(stderr.split("\n").find((l) => /Error/.test(l)) ?? stderr).trim()}`
              : "",
          ),
        ),
      );
    const failed = [];
    for (let i = 0; i < modules.length; i += 2) failed.push(...(await Promise.all(modules.slice(i, i + 2).map(run))));
    expect(modules.length > 50, `only ${modules.length} modules found in dist/ (build first)`);
    const broken = failed.filter(Boolean);
    expect(!broken.length, `evaluated first, these break the root entry:\n${broken.join("\n")}`);
  },
);

// The loop is phases a reader can hold: no function of src/agent/ or src/restate/ is longer than one screen (80 lines).
await check("no function in src/agent/ or src/restate/ is longer than 80 lines", async () => {
  const ts = (await import("typescript")).default;
  const long = [];
  for (const file of files.filter((f) => /[\\/]src[\\/](agent|restate)[\\/]/.test(f))) {
    const text = readFileSync(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && "body" in node && node.body) {
        const from = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const to = source.getLineAndCharacterOfPosition(node.end).line;
        if (to - from + 1 > 80) long.push(`${relative(root, file)}:${from + 1}: ${to - from + 1} lines`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  expect(!long.length, `functions longer than 80 lines:\n${long.join("\n")}`);
});

finish();
