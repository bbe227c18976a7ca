#!/usr/bin/env node
// Real typed functions become exact tools: exported functions of three open-source libraries (vendored in
// test/fixtures/corpus/, with their licenses) built through tooltype/build and compared with what the TypeScript
// checker itself says of each declaration: parameter names, which are required, their JSON kind, their and the
// function's documentation. Every function is exact, left out parts of it with a warning naming them, or refused
// with a build error naming it and the reason; a difference no warning explains fails. The tools that build come
// out the same through esbuild, Vite and Bun.build. Needs dist/ (node esbuild.config.mjs). Prints `N passed, N failed`
// and the counts (docs/build-time.md reports them).
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import ts from "typescript";
import { findTool } from "../scripts/test-lib/tools.mjs";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const corpus = join(root, "test/fixtures/corpus");
const tsconfig = join(corpus, "tsconfig.json");
const out = join(root, ".test-build", `corpus-e2e-${process.pid}`);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const { createTransform, esbuildPlugin, vitePlugin, BuildError } = await import(
  pathToFileURL(join(root, "dist/build/index.js")).href
);
const bun = findTool(root, "bun").bin;
const { check, expect, finish } = createChecks({ traceLines: 30 });

// "library/file#export", the file relative to the library's directory.
const dateFns = [
  "addDays",
  "addHours",
  "addMonths",
  "subDays",
  "differenceInDays",
  "differenceInCalendarDays",
  "isAfter",
  "isBefore",
  "isEqual",
  "isWeekend",
  "isLeapYear",
  "getDaysInMonth",
  "startOfDay",
  "endOfDay",
  "startOfMonth",
  "endOfMonth",
  "max",
  "min",
  "compareAsc",
  "isSameDay",
  "formatISO",
  "roundToNearestMinutes",
  "daysToWeeks",
  "hoursToMinutes",
  "clamp",
  "isWithinInterval",
].map((name) => `date-fns/src/${name}/index.ts#${name}`);
const esToolkit = [
  "math/clamp",
  "math/inRange",
  "math/random",
  "math/randomInt",
  "math/range",
  "math/round",
  "math/sum",
  "math/mean",
  "math/median",
  "string/camelCase",
  "string/kebabCase",
  "string/snakeCase",
  "string/capitalize",
  "string/trim",
  "string/pad",
  "string/words",
  "string/escape",
  "string/deburr",
  "array/chunk",
  "array/uniq",
  "array/take",
  "array/sample",
  "array/compact",
  "object/pick",
].map((path) => `es-toolkit/src/${path}.ts#${path.split("/")[1]}`);
const radash = [
  ...["inRange", "toFloat", "toInt"].map((name) => `radash/src/number.ts#${name}`),
  ...["capitalize", "camel", "snake", "dash", "pascal", "title", "template", "trim"].map(
    (n) => `radash/src/string.ts#${n}`,
  ),
];
const FUNCTIONS = [...dateFns, ...esToolkit, ...radash].map((id) => {
  const [path, name] = id.split("#");
  return { id, name, file: join(corpus, path), local: `f_${id.replace(/[^A-Za-z0-9]/g, "_")}` };
});

// ---- what the checker says -------------------------------------------------------------------------------------
const config = ts.parseJsonConfigFileContent(ts.readConfigFile(tsconfig, ts.sys.readFile).config, ts.sys, corpus);
const program = ts.createProgram(
  FUNCTIONS.map((f) => f.file),
  config.options,
);
const checker = program.getTypeChecker();

/** The JSON kind of a type as the checker reads it: what a model must send. */
function kindOf(type) {
  if (type.flags & ts.TypeFlags.TypeParameter) {
    const constraint = checker.getBaseConstraintOfType(type);
    return constraint && constraint !== type ? kindOf(constraint) : "any";
  }
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return "any";
  if (type.flags & ts.TypeFlags.StringLike && !(type.flags & ts.TypeFlags.StringLiteral)) return "string";
  if (type.flags & ts.TypeFlags.NumberLike && !(type.flags & ts.TypeFlags.NumberLiteral)) return "number";
  if (type.flags & ts.TypeFlags.BooleanLike && !(type.flags & ts.TypeFlags.BooleanLiteral)) return "boolean";
  if (type.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral))
    return `enum ${JSON.stringify(type.value)}`;
  if (type.flags & ts.TypeFlags.BooleanLiteral) return "boolean";
  if (type.flags & ts.TypeFlags.Intersection) {
    const kept = type.types.filter((m) => !(m.flags & ts.TypeFlags.Object && !checker.getPropertiesOfType(m).length));
    if (kept.length === 1) return kindOf(kept[0]);
  }
  if (type.flags & ts.TypeFlags.Union) {
    const members = type.types.filter((m) => !(m.flags & ts.TypeFlags.Undefined));
    const nullable = members.some((m) => m.flags & ts.TypeFlags.Null);
    const kinds = [...new Set(members.filter((m) => !(m.flags & ts.TypeFlags.Null)).map(kindOf))];
    let kind;
    if (
      kinds.length > 1 &&
      kinds.includes("date-time") &&
      kinds.every((k) => ["date-time", "string", "number"].includes(k))
    )
      kind = "date-time";
    else if (kinds.every((k) => k.startsWith("enum ")))
      kind = `enum ${kinds
        .map((k) => k.slice(5))
        .sort()
        .join(",")}`;
    else if (kinds.length === 1) kind = kinds[0];
    else kind ??= `union ${kinds.sort().join(",")}`;
    return nullable ? `${kind}|null` : kind;
  }
  if (type.symbol?.name === "Date") return "date-time";
  if (checker.isArrayType(type) || checker.isTupleType(type)) return "array";
  if (type.getCallSignatures().length || type.getConstructSignatures().length) return "function";
  if (type.flags & ts.TypeFlags.Object) return "object";
  return `other ${checker.typeToString(type)}`;
}

/** The JSON kind of a built schema, in kindOf's words. */
function schemaKind(schema) {
  if (!schema || typeof schema !== "object") return "none";
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const kinds = [...new Set(branches.map(schemaKind))];
    const rest = kinds.filter((k) => k !== "null");
    const base = rest.length === 1 ? rest[0] : `union ${rest.sort().join(",")}`;
    return kinds.includes("null") ? `${base}|null` : base;
  }
  if (schema.enum)
    return `enum ${schema.enum
      .map((v) => JSON.stringify(v))
      .sort()
      .join(",")}`;
  if (schema.const !== undefined) return `enum ${JSON.stringify(schema.const)}`;
  const types = [schema.type].flat().filter(Boolean);
  if (!types.length) return "any";
  const nullable = types.includes("null");
  let kind = types.find((t) => t !== "null");
  if (kind === "string" && schema.format === "date-time") kind = "date-time";
  if (kind === "integer") kind = "number-integer";
  return nullable ? `${kind}|null` : kind;
}

const docText = (parts) => ts.displayPartsToString(parts ?? []).trim();

/** What the checker says of one exported function: its widest signature's parameters, their docs, its summary. */
function declared(f) {
  const source = program.getSourceFile(f.file);
  const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(source)).find((s) => s.name === f.name);
  const signatures = checker.getTypeOfSymbol(symbol).getCallSignatures();
  const signature = signatures.reduce((a, b) => (b.parameters.length > a.parameters.length ? b : a));
  const declaration = signature.getDeclaration();
  const tags = signature.getJsDocTags();
  const summary =
    docText(tags.find((tag) => tag.name === "summary")?.text) || docText(signature.getDocumentationComment(checker));
  // The documented rule for overloads: a parameter is optional where a shorter overload takes the same ones before it.
  const typeOf = (p) => checker.typeToString(checker.getTypeOfSymbolAtLocation(p, p.valueDeclaration));
  const same = (s) =>
    s.parameters.every(
      (p, i) => p.name === signature.parameters[i].name && typeOf(p) === typeOf(signature.parameters[i]),
    );
  const optionalFrom = Math.min(
    ...signatures.filter((s) => s !== signature && same(s)).map((s) => s.parameters.length),
  );
  const parameters = signature.parameters
    .filter((p) => !p.valueDeclaration?.dotDotDotToken)
    .map((p, index) => {
      const node = p.valueDeclaration;
      const type = checker.getTypeOfSymbolAtLocation(p, node);
      const kind = kindOf(type);
      const properties = kind === "object" ? propertiesOf(withoutUndefined(type)) : undefined;
      const doc = ts
        .getJSDocParameterTags(node)
        .map((tag) => ts.getTextOfJSDocComment(tag.comment))
        .find(Boolean);
      // Optional to a model also where undefined is a value of it (JSON has no undefined: a key left out).
      const optional =
        checker.isOptionalParameter(node) ||
        index >= optionalFrom ||
        (type.flags & ts.TypeFlags.Union && type.types.some((m) => m.flags & ts.TypeFlags.Undefined));
      return { name: p.name, optional: Boolean(optional), kind, properties, doc: doc?.replace(/^-\s*/, "").trim() };
    });
  return { summary, parameters, overloads: signatures.length, declaration };
}

function withoutUndefined(type) {
  if (!(type.flags & ts.TypeFlags.Union)) return type;
  const kept = type.types.filter((m) => !(m.flags & ts.TypeFlags.Undefined));
  return kept.length === 1 ? kept[0] : type;
}

function propertiesOf(type) {
  const resolved = type.flags & ts.TypeFlags.TypeParameter ? checker.getBaseConstraintOfType(type) : type;
  return checker.getPropertiesOfType(resolved).map((p) => ({
    name: p.name,
    optional: (p.flags & ts.SymbolFlags.Optional) !== 0,
    kind: p.flags & ts.SymbolFlags.Method ? "function" : kindOf(withoutUndefined(checker.getTypeOfSymbol(p))),
  }));
}

/** Where the built tool and the checker's reading part, each as a sentence; and what the warnings explain. */
function compare(f, tool, warnings) {
  const expected = declared(f);
  const differences = [];
  const explained = [];
  const noted = (param, property) =>
    warnings.some(
      (w) =>
        w.includes(`parameter "${param}" of "${f.name}"`) && (property === undefined || w.includes(`at .${property}:`)),
    );
  const schema = tool.parameters;
  const required = new Set(schema.required ?? []);
  const left = (p) =>
    warnings.some(
      (w) =>
        w.startsWith(`tooltype/build: parameter "${p.name}" of "${f.name}"`) &&
        w.includes("left out (it is optional: the call"),
    );
  const sent = expected.parameters.filter((p) => !left(p));
  for (const p of expected.parameters.filter((p) => !sent.includes(p))) explained.push(`${p.name} left out (noted)`);
  const names = Object.keys(schema.properties);
  if (names.join() !== sent.map((p) => p.name).join())
    differences.push(`parameters (${names.join(", ")}) where the checker has (${sent.map((p) => p.name).join(", ")})`);
  for (const p of sent) {
    const property = schema.properties[p.name];
    if (!property) continue;
    if (required.has(p.name) === p.optional)
      differences.push(
        `"${p.name}" is ${p.optional ? "required" : "optional"}; the checker says ${p.optional ? "optional" : "required"}`,
      );
    const kind = schemaKind(property);
    if (kind !== p.kind) differences.push(`"${p.name}" is ${kind}; the checker says ${p.kind}`);
    if (p.doc && property.description !== p.doc)
      differences.push(
        `"${p.name}" is described ${JSON.stringify(property.description)}; the JSDoc says ${JSON.stringify(p.doc)}`,
      );
    for (const prop of p.properties ?? []) {
      const built = property.properties?.[prop.name];
      if (!built) {
        if (prop.kind === "function" && noted(p.name, prop.name))
          explained.push(`${p.name}.${prop.name} left out (noted)`);
        else differences.push(`"${p.name}.${prop.name}" is missing`);
        continue;
      }
      if (schemaKind(built) !== prop.kind)
        differences.push(`"${p.name}.${prop.name}" is ${schemaKind(built)}; the checker says ${prop.kind}`);
      if (new Set(property.required ?? []).has(prop.name) === prop.optional)
        differences.push(`"${p.name}.${prop.name}" optionality differs from the checker`);
    }
  }
  const firstLine = expected.summary.split("\n")[0].trim();
  if (!tool.description.startsWith(firstLine))
    differences.push(
      `the description starts ${JSON.stringify(tool.description.slice(0, 60))}, not with the summary ${JSON.stringify(firstLine)}`,
    );
  if (/^Example:/.test(tool.description)) differences.push("the description starts with an example");
  return { differences, explained, expected };
}

// ---- 1. each function through the transform the plugins share: refused, or read (with its warnings) ------------
const entryOf = (functions) =>
  [
    `import { functionToTool } from "tooltype";`,
    ...functions.map((f) => `import { ${f.name} as ${f.local} } from ${JSON.stringify(f.file)};`),
    `export const tools = { ${functions.map((f) => `${JSON.stringify(f.id)}: functionToTool(${f.local})`).join(", ")} };`,
    `const definitions = Object.fromEntries(Object.entries(tools).map(([id, t]) => [id, { name: t.name, description: t.description, parameters: t.parameters }]));`,
    `console.log(JSON.stringify(definitions));`,
  ].join("\n");

const read = new Map(); // id → { warnings } for the ones that build
const refused = new Map(); // id → the build error's text
await check("every corpus function is read or refused at build time naming the function and the reason", () => {
  let warnings = [];
  const transform = createTransform({ tsconfig, warn: (w) => warnings.push(w.text) });
  for (const f of FUNCTIONS) {
    warnings = [];
    try {
      const code = transform(entryOf([f]), join(out, `${f.local}.ts`));
      expect(code?.includes("declared:"), `${f.id}: the transform left the call as it was (skipped without a word)`);
      read.set(f.id, { warnings });
    } catch (error) {
      if (!(error instanceof BuildError)) throw error;
      expect(error.text.includes(`"${f.name}"`), `${f.id}: the refusal does not name the function: ${error.text}`);
      expect(
        /: .*(JSON|overload|type|documentation)/.test(error.text),
        `${f.id}: the refusal gives no reason: ${error.text}`,
      );
      expect(
        error.location.file.startsWith(corpus) && error.location.line > 0,
        `${f.id}: no file and line: ${error.message}`,
      );
      refused.set(f.id, error.text);
    }
  }
});

// ---- 2. the ones that build, bundled (minified) by esbuild, Vite and Bun.build with the plugins ------------------
const built = FUNCTIONS.filter((f) => read.has(f.id));
const entry = join(out, "corpus.ts");
writeFileSync(entry, entryOf(built));
const runNode = (file) => {
  const result = spawnSync(process.execPath, [file], { encoding: "utf8", timeout: 120_000 });
  if (result.status !== 0) throw new Error(`node ${file} exited ${result.status}:\n${result.stderr}`);
  return JSON.parse(result.stdout);
};
let definitions;
await check("esbuild (minified) with esbuildPlugin(): every tool built, warnings handed to esbuild", async () => {
  const file = join(out, "esbuild/corpus.mjs");
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    outfile: file,
    plugins: [esbuildPlugin({ tsconfig })],
    logLevel: "silent",
  });
  const noted = [...read.values()].reduce((n, r) => n + r.warnings.length, 0);
  expect(
    result.warnings.length >= noted,
    `esbuild got ${result.warnings.length} warnings; the transform gave ${noted}`,
  );
  definitions = runNode(file);
  expect(Object.keys(definitions).length === built.length, "not every tool came out of the bundle");
});

await check("vite build (minified) with vitePlugin(): the same tools, warnings handed to Vite", async () => {
  const warned = [];
  const { build: viteBuild } = await import("vite");
  const dir = join(out, "vite");
  await viteBuild({
    configFile: false,
    root: out,
    logLevel: "silent",
    plugins: [vitePlugin({ tsconfig })],
    build: {
      outDir: dir,
      emptyOutDir: true,
      minify: true,
      target: "es2022",
      lib: { entry, formats: ["es"], fileName: "corpus" },
      rollupOptions: { external: [/^node:/], onwarn: (warning) => warned.push(warning.message) },
    },
  });
  const noted = [...read.values()].reduce((n, r) => n + r.warnings.length, 0);
  const ours = warned.filter((m) => m.includes("tooltype/build:"));
  expect(ours.length >= noted, `Vite got ${ours.length} tooltype warnings; the transform gave ${noted}`);
  const vite = runNode(join(dir, "corpus.js"));
  expect(JSON.stringify(vite) === JSON.stringify(definitions), "Vite's tools differ from esbuild's");
});

await check("Bun.build (minified) with bunPlugin(): the same tools", () => {
  expect(bun, "no bun binary in node_modules");
  const dir = join(out, "bun");
  const result = spawnSync(bun, ["bun-build.ts", entry, dir, tsconfig], {
    cwd: corpus,
    encoding: "utf8",
    timeout: 120_000,
  });
  expect(result.status === 0, `Bun.build failed: ${result.stderr}${result.stdout}`);
  const bunTools = runNode(join(dir, "corpus.js"));
  expect(JSON.stringify(bunTools) === JSON.stringify(definitions), "Bun.build's tools differ from esbuild's");
});

// ---- 3. each tool against the checker's reading ----------------------------------------------------------------
const counts = { exact: 0, noted: 0, differ: 0, refused: refused.size };
await check("each built tool is what the checker says, or differs only where a warning says so", () => {
  const silent = [];
  for (const f of built) {
    const { differences, explained } = compare(f, definitions[f.id], read.get(f.id).warnings);
    if (differences.length) {
      counts.differ++;
      silent.push(`${f.id}:\n      ${differences.join("\n      ")}`);
    } else if (explained.length) {
      counts.noted++;
      console.log(`    ${f.id}: ${explained.join("; ")}`);
    } else counts.exact++;
  }
  expect(
    !silent.length,
    `${silent.length} tools differ from the checker without a warning:\n    ${silent.join("\n    ")}`,
  );
});

await check("at least 80% of the corpus is exact (left-out options a model cannot send, noted, count as exact)", () => {
  const exact = counts.exact + counts.noted;
  console.log(
    `    corpus: ${FUNCTIONS.length} functions, ${counts.exact} exact, ${counts.noted} exact but for optional options left out with a warning, ${counts.differ} differ, ${counts.refused} refused`,
  );
  for (const [id, text] of refused) console.log(`    refused ${id}: ${text.slice(0, 240)}`);
  expect(exact / FUNCTIONS.length >= 0.8, `${exact} of ${FUNCTIONS.length} exact`);
});

await check("a tool of the corpus runs: a date-time string arrives as a Date, a number stays a number", async () => {
  const file = join(out, "run.ts");
  writeFileSync(
    file,
    [
      `import { functionToTool } from "tooltype";`,
      `import { addDays } from ${JSON.stringify(join(corpus, "date-fns/src/addDays/index.ts"))};`,
      `import { round } from ${JSON.stringify(join(corpus, "es-toolkit/src/math/round.ts"))};`,
      `const day = await functionToTool(addDays).execute({ date: "2024-02-28T12:00:00Z", amount: 2 });`,
      `const rounded = await functionToTool(round).execute({ value: 1.2345, precision: 2 });`,
      `const precision = functionToTool(round).parameters.properties.precision;`,
      `console.log(JSON.stringify({ day: day.value instanceof Date ? day.value.toISOString() : day, rounded, precision }));`,
    ].join("\n"),
  );
  const bundle = join(out, "run.mjs");
  await build({
    entryPoints: [file],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    outfile: bundle,
    plugins: [esbuildPlugin({ tsconfig })],
    logLevel: "silent",
  });
  const result = runNode(bundle);
  expect(result.day === "2024-03-01T12:00:00.000Z", `addDays gave ${JSON.stringify(result.day)}`);
  expect(result.rounded.success && result.rounded.value === 1.23, `round gave ${JSON.stringify(result.rounded)}`);
  expect(
    result.precision.type === "number",
    `round's precision (= 0, a number to the checker) is ${JSON.stringify(result.precision)}`,
  );
});

// ---- 4. the rules, one declaration each ---------------------------------------------------------------------------
/** The transform's output for `code` (in a file of the out dir), or its BuildError, and its warnings. */
function transformed(code, name) {
  const warnings = [];
  const transform = createTransform({ tsconfig, warn: (w) => warnings.push(w) });
  try {
    return {
      code: transform(`import { functionToTool } from "tooltype";\n${code}`, join(out, `${name}.ts`)),
      warnings,
    };
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    return { error, warnings };
  }
}

await check(
  "JSDoc as people write it: @summary first, @description, @remarks, @deprecated, @example after, @param options.x, @default",
  async () => {
    const file = join(out, "tags.ts");
    writeFileSync(
      file,
      `import { functionToTool } from "tooltype";
/**
 * @name shiftDate
 * @category Day Helpers
 * @summary Shift a date by some days.
 *
 * @description
 * Shift a date by some days. Weekends count.
 *
 * @remarks Daylight saving time is ignored.
 * @typeParam D - The date type
 * @param date - The date to shift
 * @param options - How to shift
 * @param options.unit - The unit of the shift
 * @deprecated Use addDays.
 * @throws {RangeError} never
 * @example
 * shiftDate(new Date(), { unit: "week" })
 */
export function shiftDate<D extends Date>(
  date: D | number | string,
  options?: {
    unit?: "day" | "week";
    /**
     * How many units.
     * @default 1
     */
    count?: number;
    in?: (d: Date) => D;
  },
) {
  return new Date(+new Date(date) + (options?.count ?? 1) * 864e5);
}
/** Takes the first items. @param items - The items */
export function firstOf<T>(items: T[], precision = 0) {
  return items.slice(0, precision);
}
const a = functionToTool(shiftDate);
const b = functionToTool(firstOf);
const ran = await a.execute({ date: "2024-01-01T00:00:00Z" });
console.log(JSON.stringify({ a: a.toOpenAIFormat().function, b: b.toOpenAIFormat().function, ran: ran.value }));
`,
    );
    const bundle = join(out, "tags.mjs");
    const result = await build({
      entryPoints: [file],
      bundle: true,
      format: "esm",
      platform: "node",
      target: "es2022",
      outfile: bundle,
      plugins: [esbuildPlugin({ tsconfig })],
      logLevel: "silent",
    });
    const { a, b, ran } = runNode(bundle);
    expect(
      a.description ===
        'Shift a date by some days. Weekends count.\n\nDeprecated: Use addDays.\n\nDaylight saving time is ignored.\n\nExample:\nshiftDate(new Date(), { unit: "week" })',
      `description: ${JSON.stringify(a.description)}`,
    );
    const { date, options } = a.parameters.properties;
    expect(
      date.type === "string" && date.format === "date-time" && date.description === "The date to shift",
      `date: ${JSON.stringify(date)}`,
    );
    expect(
      options.description === "How to shift" && options.properties.unit.description === "The unit of the shift",
      `options: ${JSON.stringify(options)}`,
    );
    expect(
      options.properties.count.default === 1 && options.properties.count.description === "How many units.",
      `count: ${JSON.stringify(options.properties.count)}`,
    );
    expect(!("in" in options.properties), "options.in (a function) was not left out");
    const warned = result.warnings.map((w) => w.text);
    expect(
      warned.some((w) => w.includes('parameter "options" of "shiftDate": at .in:') && w.includes("left out")),
      `esbuild's warnings: ${warned.join(" | ")}`,
    );
    expect(ran === "2024-01-02T00:00:00.000Z", `the date arrived as ${JSON.stringify(ran)}`);
    const { items, precision } = b.parameters.properties;
    expect(
      items.type === "array" && precision.type === "number",
      `a generic T and a default's value: ${JSON.stringify(b.parameters)}`,
    );
  },
);

await check(
  "overloads: the widest, optional where a shorter one takes the same; ties of different types refused with name, file, line",
  () => {
    const ok = transformed(
      `/** Steps. @param from - Start @param to - End @param by - Step */
export function steps(from: number, to: number): number[];
export function steps(from: number, to: number, by: number): number[];
export function steps(from: number, to: number, by = 1) { return [from, to, by]; }
functionToTool(steps);`,
      "overload-ok",
    );
    expect(ok.code?.includes('{ name: "by", type: __tooltype_t.number(), optional: true'), `steps: ${ok.code}`);
    expect(
      ok.code?.includes('{ name: "to", type: __tooltype_t.number(), description'),
      `to must stay required: ${ok.code}`,
    );
    const tie = transformed(
      `/** Parses. */
export function parse(a: string): string;
export function parse(a: number): string;
export function parse(a: string | number) { return String(a); }
functionToTool(parse);`,
      "overload-tie",
    );
    expect(tie.error, "an ambiguous overload was not refused");
    expect(
      /"parse" has 2 overloads with 1 parameters, of different types \(\(a: string\) and \(a: number\)\)/.test(
        tie.error.text,
      ),
      tie.error.text,
    );
    expect(tie.error.location.line === 3 && tie.error.location.file.endsWith("overload-tie.ts"), tie.error.message);
  },
);

await check(
  "what JSON cannot carry: required ones refused with path and reason; optional ones left out only at the end",
  () => {
    const required = transformed(
      `/** Each. */ export function each(o: { cb: () => void; n: number }) { return o; }\nfunctionToTool(each);`,
      "required",
    );
    expect(
      required.error?.text.includes('parameter "o" of "each": at .cb: the type () => void is a function or a class'),
      String(required.error?.text),
    );
    const middle = transformed(
      `/** Mid. */ export function mid(a?: () => void, b?: number) { return [a, b]; }\nfunctionToTool(mid);`,
      "middle",
    );
    expect(
      middle.error?.text.includes(
        'parameter "a" of "mid" is optional but of a type JSON cannot carry, and "b" comes after it',
      ),
      String(middle.error?.text),
    );
    const last = transformed(
      `/** Last. */ export function last(b: number, a?: () => void) { return [a, b]; }\nfunctionToTool(last);`,
      "last",
    );
    expect(last.code && !last.code.includes('name: "a"'), `last: ${last.code}`);
    expect(
      last.warnings.some((w) => w.text.includes('parameter "a" of "last"') && w.text.includes("left out")),
      "no warning for a",
    );
    const unread = transformed(
      `/** W. */ function w(x: number) { return x; }\nconst made = [w][0]!;\nfunctionToTool(made);`,
      "unread",
    );
    expect(
      unread.warnings.some((w) => w.text.includes('"made" is not a function written here')),
      "a site the build cannot read passed without a word",
    );
  },
);

rmSync(out, { recursive: true, force: true });
finish();
