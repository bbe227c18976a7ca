// `npm run bench`: every comparison of issue 7 in one process (the no-eval group in a child process with
// code generation disallowed, so each library takes its real fallback), printed as medians and ratios to a
// hand-written guard, and written to bench/RESULTS.md (the size table also to README.md). `--quick` is the
// smoke run `npm test` makes: tiny budgets, nothing written, every runner exercised.
import { compile, toJSONSchema, tool, t, createPartialJSONParser } from "../src/index.js";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { Value as Value034 } from "@sinclair/typebox/value";
import { Compile } from "typebox/compile";
import Value1 from "typebox/value";
import Ajv2020 from "ajv/dist/2020.js";
import * as z from "zod";
import * as v from "valibot";
import { toJsonSchema as valibotJsonSchema } from "@valibot/to-json-schema";
import { partialParse } from "openai/_vendor/partial-json-parser/parser.mjs";
import { CASES, type Case } from "./cases.js";
import { aotGuard, aotHelpers } from "../src/guard/aot.js";
import { guardCode } from "../src/build/guard-code.js";
import { FULL, QUICK, alone, consume, paired, type Budget, type Measured } from "./measure.js";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const noEvalChild = args.includes("--no-eval-group");
// `--write-aot FILE`: writes each case's guard compiled ahead of time as a module (bench.mjs does it first), so the
// no-eval group runs that code as a CSP page or a Worker would: imported, never evaluated from text.
const writeAot = args.includes("--write-aot") ? args[args.indexOf("--write-aot") + 1] : undefined;
type AotModule = { readonly predicates: Record<string, (helpers: typeof aotHelpers) => (value: unknown) => boolean> };
const aotCases: AotModule | undefined = writeAot ? undefined : await import(["./aot-cases", "mjs"].join(".")).catch(() => undefined);
const budget: Budget = quick ? QUICK : FULL;
const INPUTS = ["valid", "invalid1", "invalid5"] as const;

type Row = { group: string; case: string; input: string; library: string; ns: number; ratio?: number; note?: string };
const rows: Row[] = [];

function guardCandidates(c: Case, evalAllowed: boolean): [string, (value: unknown) => boolean][] {
  const out: [string, (value: unknown) => boolean][] = [];
  const tryAdd = (name: string, make: () => (value: unknown) => boolean) => {
    try {
      const fn = make();
      fn(c.valid);
      out.push([name, fn]);
    } catch (error) {
      rows.push({ group: "-", case: c.name, input: "-", library: name, ns: NaN, note: `unavailable: ${(error as Error).message.slice(0, 60)}` });
    }
  };
  tryAdd(evalAllowed ? "tooltype compile" : "tooltype (interpreter)", () => compile(c.tooltype) as (value: unknown) => boolean);
  tryAdd("tooltype aot", () => {
    const make = aotCases?.predicates[c.name];
    if (!make) throw new Error("no .bench-build/aot-cases.mjs (bench.mjs writes it)");
    return aotGuard(guardCode(c.tooltype).schema, make(aotHelpers)) as (value: unknown) => boolean;
  });
  if (evalAllowed) {
    tryAdd("TypeBox 0.34 TypeCompiler", () => {
      const k = TypeCompiler.Compile(c.typebox034);
      return (x) => k.Check(x);
    });
    tryAdd("typebox 1.x Compile", () => {
      const k = Compile(c.typebox1 as never);
      return (x) => k.Check(x);
    });
    tryAdd("ajv", () => {
      const ajv = new Ajv2020({ strict: false });
      return ajv.compile(toJSONSchema(c.tooltype)) as (value: unknown) => boolean;
    });
  } else {
    tryAdd("TypeBox 0.34 Value.Check", () => (x) => Value034.Check(c.typebox034, x));
    tryAdd("typebox 1.x Value.Check", () => (x) => Value1.Check(c.typebox1 as never, x));
  }
  tryAdd("arktype allows", () => (x) => c.arktype.allows(x));
  tryAdd("zod 4 safeParse", () => (x) => c.zod.safeParse(x).success);
  tryAdd("valibot safeParse", () => (x) => v.safeParse(c.valibot, x).success);
  return out;
}

function guardGroup(group: string, evalAllowed: boolean): void {
  for (const c of CASES) {
    const candidates = guardCandidates(c, evalAllowed);
    for (const input of INPUTS) {
      const value = c[input];
      const expected = input === "valid";
      for (const [name, fn] of candidates) {
        if (fn(value) !== expected) throw new Error(`${name} says ${!expected} on ${c.name}/${input}`);
        const m: Measured = paired(() => consume(fn(value)), () => consume(c.hand(value)), budget);
        rows.push({ group, case: c.name, input, library: name, ns: m.ns, ratio: m.ratio });
      }
    }
  }
}

/**
 * The "faster than" comparisons: each other library is timed in alternating batches with tooltype doing
 * the same work, so its ratio is its time ÷ tooltype's (above 1: tooltype is faster) with the machine's
 * drift cancelled. tooltype's own row gives its time, taken alone.
 */
function headToHead(group: string, caseName: string, input: string, ours: [string, () => unknown], others: [string, () => unknown][]): void {
  const [name, mine] = ours;
  rows.push({ group, case: caseName, input, library: name, ns: alone(() => consume(mine()), budget) });
  for (const [library, theirs] of others) {
    const m = paired(() => consume(theirs()), () => consume(mine()), budget);
    rows.push({ group, case: caseName, input, library, ns: m.ns, ratio: m.ratio, note: "÷ tooltype" });
  }
}

function errorsGroup(): void {
  const c = CASES[0]!;
  const value = c.invalid5;
  const guard = compile(c.tooltype);
  const ajv = new Ajv2020({ strict: false, allErrors: true }).compile(toJSONSchema(c.tooltype));
  headToHead("errors (5 issues)", c.name, "invalid5", ["tooltype guard.errors", () => guard.errors(value)], [
    ["ajv allErrors", () => (ajv(value), ajv.errors)],
    ["zod 4 safeParse issues", () => c.zod.safeParse(value).error?.issues],
    ["valibot safeParse issues", () => v.safeParse(c.valibot, value).issues],
  ]);
}

// JSON Schema from each library's own schema, on every case. A library that refuses a case, or whose schema
// disagrees with the case's inputs (checked with ajv), gets a row saying so instead of a time.
function jsonSchemaGroup(): void {
  const group = "JSON Schema per schema";
  for (const c of CASES) {
    const candidates: [string, () => unknown][] = [
      ["tooltype toJSONSchema", () => toJSONSchema(c.tooltype)],
      ["zod 4 z.toJSONSchema", () => z.toJSONSchema(c.zod)],
      ["valibot toJsonSchema (draft 2020-12)", () => valibotJsonSchema(c.valibot, { target: "draft-2020-12" })],
      ["arktype toJsonSchema", () => (c.arktype as unknown as { toJsonSchema(): unknown }).toJsonSchema()],
    ];
    const sound = candidates.filter(([name, fn]) => {
      let note: string | undefined;
      try {
        const check = new Ajv2020({ strict: false }).compile(fn() as object);
        const wrong = INPUTS.filter((input) => check(c[input]) !== (input === "valid"));
        if (wrong.length) note = `its schema disagrees on ${wrong.join(", ")}`;
      } catch (error) {
        note = `refused: ${(error as Error).message.slice(0, 80)}`;
      }
      if (note) rows.push({ group, case: c.name, input: "-", library: name, ns: NaN, note });
      return !note;
    });
    const [ours, ...others] = sound;
    if (ours?.[0] === candidates[0]![0]) headToHead(group, c.name, "-", ours, others);
  }
}

function compileGroup(): void {
  const c = CASES[0]!;
  headToHead("compile per schema", c.name, "-", ["tooltype compile", () => compile(c.tooltype)], [
    ["tooltype compile (interpreter)", () => compile(c.tooltype, { eval: false })],
    ["TypeBox 0.34 TypeCompiler.Compile", () => TypeCompiler.Compile(c.typebox034)],
    ["ajv compile", () => new Ajv2020({ strict: false }).compile(toJSONSchema(c.tooltype))],
  ]);
}

async function executeGroup(): Promise<void> {
  const c = CASES[0]!;
  const text = JSON.stringify(c.valid);
  const weather = tool({ name: "get_weather", description: "Weather.", parameters: c.tooltype, execute: (a) => a });
  const rounds = quick ? 3 : 15;
  const n = quick ? 200 : 20_000;
  const times = { execute: [] as number[], parse: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    let start = performance.now();
    for (let i = 0; i < n; i++) consume(await weather.execute(text));
    times.execute.push(((performance.now() - start) * 1e6) / n);
    start = performance.now();
    for (let i = 0; i < n; i++) consume(await Promise.resolve(JSON.parse(text)));
    times.parse.push(((performance.now() - start) * 1e6) / n);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const ratios = times.execute.map((e, i) => e / times.parse[i]!);
  rows.push({ group: "Tool.execute on JSON text", case: c.name, input: "valid", library: "parse + check + decode + call (awaited)", ns: med(times.execute), ratio: med(ratios), note: `ratio to JSON.parse awaited the same way (${med(times.parse).toFixed(0)} ns)` });
}

function streamGroup(): void {
  const size = quick ? 1 << 14 : 1 << 20;
  const text = JSON.stringify({ code: "let x = \"a\\n\";\n".repeat(size / 16), n: Array.from({ length: 200 }, (_, i) => i) });
  const chunks = 1000;
  const step = Math.ceil(text.length / chunks);
  const pieces = Array.from({ length: chunks }, (_, i) => text.slice(i * step, (i + 1) * step));
  const ours = () => {
    const parser = createPartialJSONParser();
    for (const piece of pieces) (parser.push(piece), consume(parser.value()));
    return parser.value();
  };
  const theirs = () => {
    let prefix = "";
    let last: unknown;
    for (const piece of pieces) (prefix += piece, (last = partialParse(prefix)), consume(last));
    return last;
  };
  const runs = quick ? 1 : 5;
  const time = (fn: () => unknown) => {
    const xs: number[] = [];
    for (let r = 0; r < runs; r++) {
      const s = performance.now();
      fn();
      xs.push((performance.now() - s) * 1e6);
    }
    return xs.sort((a, b) => a - b)[xs.length >> 1]!;
  };
  const mine = time(ours);
  const openai = time(theirs);
  const label = `${(text.length / 1e6).toFixed(2)} MB in ${chunks} chunks`;
  rows.push({ group: "streaming: push + partial after every chunk", case: label, input: "-", library: "tooltype createPartialJSONParser", ns: mine });
  rows.push({ group: "streaming: push + partial after every chunk", case: label, input: "-", library: "openai SDK partialParse of the prefix", ns: openai, ratio: openai / mine, note: "ratio: times slower than tooltype" });
}

/** The README summary: for each of issue 7's comparisons, tooltype beside the fastest other library. */
function headline(list: Row[]): string {
  const ratio = (x: number | undefined) => (x === undefined ? "n/a" : `${x.toFixed(2)}×`);
  const lines = ["| comparison | case | tooltype | fastest other | target |", "| --- | --- | --- | --- | --- |"];
  const guards: [string, string, string][] = [
    ["guard, eval allowed", "tooltype compile", "≤ 1.3×"],
    ["guard, eval blocked", "tooltype (interpreter)", "≤ 8×, and the fastest"],
    ["guard, eval blocked", "tooltype aot", "≤ 1.3× (compiled ahead of time)"],
  ];
  for (const [group, ours, target] of guards) {
    for (const c of CASES) {
      const per = INPUTS.map((input) => list.filter((r) => r.group === group && r.case === c.name && r.input === input && r.ratio !== undefined));
      const mine = per.map((rs) => ratio(rs.find((r) => r.library === ours)?.ratio));
      // Other libraries only: tooltype's other guard paths have rows of their own.
      const best = per.map((rs) => rs.filter((r) => !r.library.startsWith("tooltype")).sort((a, b) => a.ratio! - b.ratio!)[0]);
      lines.push(`| ${group}: valid / 1 error / 5 errors, ÷ hand-written | ${c.name} | ${mine.join(" / ")} | ${best.map((b) => (b ? `${ratio(b.ratio)} ${b.library}` : "n/a")).join(" / ")} | ${target} |`);
    }
  }
  // Head to head: each other library's time ÷ tooltype's, measured paired (above 1: tooltype is faster).
  const timed = (group: string, ours: string, target: string) => {
    for (const name of new Set(list.filter((r) => r.group === group).map((r) => r.case))) {
      const rs = list.filter((r) => r.group === group && r.case === name && Number.isFinite(r.ns));
      const mine = rs.find((r) => r.library === ours);
      const others = rs.filter((r) => r !== mine && !r.library.startsWith("tooltype")).sort((a, b) => a.ratio! - b.ratio!);
      const text = others.map((r) => `${r.library} ${format(r.ns)} (${ratio(r.ratio)} tooltype's time)`).join(", ");
      lines.push(`| ${group} | ${name} | ${mine ? format(mine.ns) : "n/a"} | ${text} | ${target} |`);
    }
  };
  timed("errors (5 issues)", "tooltype guard.errors", "faster than ajv allErrors, Zod, Valibot");
  timed("JSON Schema per schema", "tooltype toJSONSchema", "faster than Valibot and arktype");
  timed("compile per schema", "tooltype compile", "faster than TypeBox 0.34 TypeCompiler.Compile");
  for (const r of list.filter((r) => r.group === "Tool.execute on JSON text")) lines.push(`| Tool.execute ÷ JSON.parse | ${r.case} | ${ratio(r.ratio)} (${format(r.ns)}) | | ≤ 2× |`);
  const stream = list.filter((r) => r.group.startsWith("streaming"));
  if (stream.length === 2) lines.push(`| streaming: push + partial after every chunk | ${stream[0]!.case} | ${format(stream[0]!.ns)} | ${stream[1]!.library} ${format(stream[1]!.ns)} (${ratio(stream[1]!.ratio)} slower) | linear; faster than re-parsing |`);
  return lines.join("\n");
}

function format(ns: number): string {
  if (!Number.isFinite(ns)) return "n/a";
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(1)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(1)} µs`;
  return `${ns.toFixed(1)} ns`;
}

function table(list: Row[]): string {
  const lines = ["| group | case | input | library | median | ratio |", "| --- | --- | --- | --- | --- | --- |"];
  for (const r of list) lines.push(`| ${r.group} | ${r.case} | ${r.input} | ${r.library} | ${format(r.ns)} | ${r.ratio === undefined ? "" : `${r.ratio.toFixed(2)}×`}${r.note ? ` ${r.note}` : ""} |`);
  return lines.join("\n");
}

async function main(): Promise<void> {
  if (writeAot) {
    const { writeFileSync } = await import(["node", "fs"].join(":"));
    const entries = CASES.map((c) => `  ${JSON.stringify(c.name)}: function (H) {\n${guardCode(c.tooltype).body}\n},`);
    writeFileSync(writeAot, `// Written by bench/run.ts --write-aot: each case's guard compiled ahead of time.\nexport const predicates = {\n${entries.join("\n")}\n};\n`);
    return;
  }
  if (noEvalChild) {
    guardGroup("guard, eval blocked", false);
    process.stdout.write(JSON.stringify(rows));
    return;
  }
  const started = performance.now();
  guardGroup("guard, eval allowed", true);
  const { spawnSync } = await import(["node", "child_process"].join(":"));
  const child = spawnSync(process.execPath, ["--disallow-code-generation-from-strings", process.argv[1]!, "--no-eval-group", ...(quick ? ["--quick"] : [])], { encoding: "utf8", maxBuffer: 1 << 26 });
  if (child.status !== 0) throw new Error(`the no-eval group failed:\n${child.stderr}`);
  rows.push(...(JSON.parse(child.stdout) as Row[]));
  errorsGroup();
  jsonSchemaGroup();
  compileGroup();
  await executeGroup();
  streamGroup();
  const { sizeRows, sizeTable, writeReadmeSizeTable, writeReadmeBlock } = await import("./sizes.mjs");
  const sizes = sizeTable(await sizeRows());
  const method = `Node ${process.version}, ${quick ? "QUICK smoke run (numbers meaningless)" : `${budget.rounds} paired rounds of ~${budget.batchMs} ms batches`}; medians; in the guard groups, ratio = candidate ÷ hand-written guard on the same input; in the errors, JSON Schema and compile groups, ratio = library ÷ tooltype doing the same work (above 1: tooltype is faster); both measured in alternating batches. Machine: noisy 2-core VM.`;
  const summary = headline(rows);
  const out = [
    `# Benchmark results`,
    ``,
    method,
    ``,
    `## Summary`,
    ``,
    summary,
    ``,
    `## Every measurement`,
    ``,
    table(rows.filter((r) => r.group !== "-")),
    ``,
    `## Bundle sizes (esbuild, minified, gzip -9; kB = 1,000 bytes)`,
    ``,
    sizes,
    ``,
    ...rows.filter((r) => r.group === "-").map((r) => `- ${r.library} on ${r.case}: ${r.note}`),
    ``,
    `(${((performance.now() - started) / 1000).toFixed(0)} s)`,
  ].join("\n");
  console.log(out);
  if (!quick) {
    const { writeFileSync } = await import(["node", "fs"].join(":"));
    writeFileSync(new URL("./RESULTS.md", import.meta.url).pathname.replace("/.bench-build/", "/bench/"), out + "\n");
    writeReadmeSizeTable(sizes);
    writeReadmeBlock("bench", `${method}\n\n${summary}`);
  }
}

await main();
