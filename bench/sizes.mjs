// Bundle sizes of representative imports: each entry is bundled by esbuild as an application would ship it
// (bench/app-bundle.mjs: bundled, minified ESM for the browser, gzip level 9). tooltype is imported by its
// package name, so the built dist/ and `"sideEffects": false` are what count: build dist/ first.
// Used by `npm run bench` (bench/RESULTS.md and docs/performance.md), `node bench/bench.mjs --sizes` (that page only)
// and test/size.e2e.mjs (a ceiling per tooltype entry, and docs/performance.md's table up to date).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { appBundle } from "./app-bundle.mjs";

/** The repository: bench/ and .bench-build/ (where bench/run.ts is bundled to) both sit one level below it. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A tool's parameters (five properties, one `date` format), for the row of a guard module compiled ahead of time. */
export const AOT_SCHEMA = {
  type: "object",
  properties: {
    location: { type: "string", minLength: 1 },
    unit: { type: "string", enum: ["celsius", "fahrenheit"] },
    days: { type: "integer", minimum: 1, maximum: 14 },
    tags: { type: "array", items: { type: "string" } },
    start: { type: "string", format: "date" },
  },
  required: ["location"],
  additionalProperties: false,
};

/**
 * What an application importing a part of tooltype ships. `id` keys the size test's ceilings. `code` is the entry's
 * source, or a function of the repository that writes it (from the built dist/).
 */
export const TOOLTYPE_BUNDLES = [
  {
    id: "t",
    name: "tooltype/t: the builders used (import * as t)",
    code: `import * as t from "tooltype/t"; export default t.object({ city: t.string(), days: t.optional(t.integer({ minimum: 1 })) });`,
  },
  {
    id: "tObject",
    name: "tooltype/t: every builder (import { t })",
    code: `import { t } from "tooltype/t"; export default t.object({ city: t.string(), days: t.optional(t.integer({ minimum: 1 })) });`,
  },
  {
    id: "rootT",
    name: "tooltype: t (root entry)",
    code: `import { t } from "tooltype"; export default t.object({ city: t.string(), days: t.optional(t.integer({ minimum: 1 })) });`,
  },
  {
    id: "schema",
    name: "t + toJSONSchema",
    code: `import * as t from "tooltype/t"; import { toJSONSchema } from "tooltype/schema"; export default toJSONSchema(t.object({ a: t.string() }));`,
  },
  {
    id: "strict",
    name: "t + toJSONSchema + openaiStrict",
    code: `import * as t from "tooltype/t"; import { toJSONSchema } from "tooltype/schema"; import { openaiStrict } from "tooltype/dialects"; export default toJSONSchema(t.object({ a: t.string() }), { target: openaiStrict });`,
  },
  {
    id: "guard",
    name: "t + compile (interpreter, errors)",
    code: `import * as t from "tooltype/t"; import { compile } from "tooltype/guard"; const g = compile(t.object({ a: t.string() })); export default g.errors({});`,
  },
  {
    id: "guardDescriptor",
    name: "t + compileDescriptor (descriptors only, errors)",
    code: `import * as t from "tooltype/t"; import { compileDescriptor } from "tooltype/guard"; const g = compileDescriptor(t.object({ a: t.string() })); export default g.errors({});`,
  },
  {
    id: "core",
    name: "t + toJSONSchema + compile",
    code: `import * as t from "tooltype/t"; import { toJSONSchema } from "tooltype/schema"; import { compile } from "tooltype/guard"; const d = t.object({ a: t.string() }); export default [toJSONSchema(d), compile(d).errors({})];`,
  },
  {
    id: "tools",
    name: "tool + toOpenAIFormat + execute",
    code: `import * as t from "tooltype/t"; import { tool, toOpenAIFormat } from "tooltype/tools";
const weather = tool({ name: "get_weather", description: "Weather.", parameters: t.object({ city: t.string() }), execute: ({ city }) => city });
export default [toOpenAIFormat(weather), weather.execute('{"city":"Paris"}')];`,
  },
  {
    id: "aot",
    name: "a guard module from tooltype compile (5 properties, a date), errors()",
    code: async (root) =>
      (await import(pathToFileURL(join(root, "dist/build/guard-code.js")).href)).guardModule(AOT_SCHEMA),
  },
  {
    id: "stream",
    name: "createToolCallStream (openaiStream)",
    code: `import { createToolCallStream } from "tooltype/calls"; import { openaiStream } from "tooltype/providers/openai"; export default createToolCallStream(openaiStream);`,
  },
  {
    id: "runTools",
    name: "runTools (provider openai)",
    code: `import { runTools } from "tooltype/agent"; import { openai } from "tooltype/providers/openai"; export default (chat, tools) => runTools({ provider: openai, chat, request: { model: "m", messages: [] }, tools });`,
  },
  {
    id: "toolsAot",
    name: "new Tool (guard module from tooltype compile) + toOpenAIFormat + execute",
    // The guard module of the row "aot" (no interpreter: its error report is compiled too), then the tool made of it.
    code: async (root) =>
      `${(await import(pathToFileURL(join(root, "dist/build/guard-code.js")).href))
        .guardModule(AOT_SCHEMA)
        .replace("export default ", "const guard = ")}
import { Tool, toOpenAIFormat } from "tooltype/tools";
const weather = new Tool({ name: "get_weather", description: "Weather.", parameters: guard, run: ({ location }) => location });
export default [toOpenAIFormat(weather), weather.execute('{"location":"Paris"}')];`,
  },
  { id: "package", name: "tooltype: the root entry, everything", code: `export * from "tooltype";` },
  { id: "builtins", name: "tooltype/builtins: whole entry", code: `export * from "tooltype/builtins";` },
];

/** The same kind of import in the libraries the benchmark compares with. */
export const OTHER_BUNDLES = [
  {
    name: "zod 4: object + safeParse + toJSONSchema",
    code: `import * as z from "zod"; const s = z.object({ a: z.string() }); export default [s.safeParse({}), z.toJSONSchema(s)];`,
  },
  {
    name: "zod 4 mini: object + safeParse + toJSONSchema",
    code: `import * as z from "zod/mini"; const s = z.object({ a: z.string() }); export default [s.safeParse({}), z.toJSONSchema(s)];`,
  },
  {
    name: "valibot: object + safeParse",
    code: `import * as v from "valibot"; const s = v.object({ a: v.string() }); export default v.safeParse(s, {});`,
  },
  {
    name: "valibot: object + safeParse + @valibot/to-json-schema",
    code: `import * as v from "valibot"; import { toJsonSchema } from "@valibot/to-json-schema"; const s = v.object({ a: v.string() }); export default [v.safeParse(s, {}), toJsonSchema(s)];`,
  },
  {
    name: "TypeBox 0.34: builder + Value.Check",
    code: `import { Type } from "@sinclair/typebox"; import { Value } from "@sinclair/typebox/value"; const s = Type.Object({ a: Type.String() }); export default Value.Check(s, {});`,
  },
  {
    name: "TypeBox 0.34: builder + TypeCompiler",
    code: `import { Type } from "@sinclair/typebox"; import { TypeCompiler } from "@sinclair/typebox/compiler"; export default TypeCompiler.Compile(Type.Object({ a: Type.String() }));`,
  },
  {
    name: "typebox 1.x: builder + Compile",
    code: `import Type from "typebox"; import { Compile } from "typebox/compile"; export default Compile(Type.Object({ a: Type.String() }));`,
  },
  {
    name: "ajv 2020: compile",
    code: `import Ajv from "ajv/dist/2020.js"; export default new Ajv().compile({ type: "object" });`,
  },
  {
    name: "arktype: type + allows + toJsonSchema",
    code: `import { type } from "arktype"; const s = type({ a: "string" }); export default [s.allows({}), s.toJsonSchema()];`,
  },
];

/**
 * Bundles each entry; `min` and `gz` in bytes, the bundle itself (`bundle`), with esbuild's errors and warnings.
 *
 * @example
 * const [row] = await sizeRows([{ name: "t", code: 'export { t } from "tooltype";' }]);
 */
export async function sizeRows(entries = [...TOOLTYPE_BUNDLES, ...OTHER_BUNDLES], root = ROOT) {
  const out = [];
  for (const entry of entries) {
    const source = typeof entry.code === "function" ? await entry.code(root) : entry.code;
    const { result, code, min, gz } = await appBundle({ stdin: { contents: source, resolveDir: root, loader: "js" } });
    out.push({ ...entry, code: source, min, gz, bundle: code, warnings: result.warnings.map((w) => w.text) });
  }
  return out;
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** The markdown table of `sizeRows` (kB = 1,000 bytes, to 0.1 kB so a few bytes do not churn it). */
export function sizeTable(rows) {
  return [
    "| bundle | min | min+gz |",
    "| --- | ---: | ---: |",
    ...rows.map((r) => `| ${r.name} | ${kB(r.min)} | ${kB(r.gz)} |`),
  ].join("\n");
}

/** The page that holds the size table and the benchmark summary between markers. */
const PAGE = "docs/performance.md";

const readmeParts = (text, name) => {
  const [startMark, endMark] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  const start = text.indexOf(startMark);
  const end = text.indexOf(endMark);
  if (start < 0 || end < start) throw new Error(`${PAGE} has no ${startMark} ... ${endMark} markers`);
  return {
    before: text.slice(0, start + startMark.length),
    inside: text.slice(start + startMark.length, end),
    after: text.slice(end),
  };
};

/** The size table docs/performance.md holds between its markers (trimmed). */
export function readmeSizeTable(root = ROOT) {
  return readmeParts(readFileSync(join(root, PAGE), "utf8"), "sizes").inside.trim();
}

/** Writes `text` between docs/performance.md's `<!-- NAME:start -->` and `<!-- NAME:end -->` markers; true when the file changed. */
export function writeReadmeBlock(name, text, root = ROOT) {
  const file = join(root, PAGE);
  const old = readFileSync(file, "utf8");
  const { before, after } = readmeParts(old, name);
  const next = `${before}\n${text}\n${after}`;
  if (next !== old) writeFileSync(file, next);
  return next !== old;
}

/** Writes `table` between docs/performance.md's size-table markers; true when the file changed. */
export const writeReadmeSizeTable = (table, root = ROOT) => writeReadmeBlock("sizes", table, root);

/**
 * Where an entry's minified bytes go: it is bundled the same way, but with "tooltype" read from src/ so that
 * esbuild's metafile can attribute output bytes (`bytesInOutput`, before gzip) to each source module. Every
 * src/ module is marked as having side effects: dist/index.js is one file, so a bundler shakes it statement
 * by statement and never drops a whole module for `"sideEffects": false`; marked so, src/ is shaken the same way.
 *
 * @example
 * const { modules, total } = await bytesByModule('export * from "tooltype";'); // modules[0]: { path: "src/...", bytes }
 */
export async function bytesByModule(code, root = ROOT) {
  const src = join(root, "src");
  const exports = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).exports;
  const fromSource = {
    name: "tooltype-from-src",
    setup(b) {
      b.onResolve({ filter: /^tooltype(\/[a-z]+)?$/ }, (args) => {
        const target = exports[`.${args.path.slice("tooltype".length)}`];
        return (
          target && {
            path: join(src, target.import.slice("./dist/".length).replace(/\.js$/, ".ts")),
            sideEffects: false,
          }
        );
      });
      b.onResolve({ filter: /^\.\.?\// }, (args) =>
        args.importer.startsWith(src + sep)
          ? { path: join(dirname(args.importer), args.path.replace(/\.js$/, ".ts")), sideEffects: false }
          : undefined,
      );
    },
  };
  const { result, min } = await appBundle({
    stdin: { contents: code, resolveDir: root, loader: "js" },
    absWorkingDir: root,
    metafile: true,
    plugins: [fromSource],
  });
  const [output] = Object.values(result.metafile.outputs);
  const modules = Object.entries(output.inputs)
    .filter(([path]) => path !== "<stdin>")
    .map(([path, { bytesInOutput }]) => ({ path, bytes: bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path));
  return { modules, total: min };
}
