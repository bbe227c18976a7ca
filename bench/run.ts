// `npm run bench`: every comparison in one process (the no-eval group in a child process with
// code generation disallowed, so each library takes its real fallback), printed as medians and ratios to a
// hand-written guard, and written to bench/RESULTS.md (the size table also to README.md). `--quick` is the
// smoke run `npm test` makes: tiny budgets, nothing written, every runner exercised.
import { compile, toJSONSchema, tool, t, createPartialJSONParser, FORMATS, streamTools } from "../src/index.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
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
    ["zod 4 safeParse (issue list)", () => c.zod.safeParse(value).error?.issues],
    ["valibot safeParse (issue list)", () => v.safeParse(c.valibot, value).issues],
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

// Issue 17 made the formats follow their RFCs (and the JSON Schema Test Suite): each check on a typical
// valid string, beside ajv-formats' and beside the regular expression tooltype used before.
const FORMAT_INPUTS: [string, string][] = [
  ["date-time", "2026-11-25T12:30:05.123Z"],
  ["email", "first.last@example.com"],
  ["hostname", "api.example.com"],
  ["uri", "https://example.com/path/to?q=1#frag"],
  ["ipv6", "2001:db8::8a2e:370:7334"],
  ["uuid", "2eb8aa08-aa98-11ea-b4aa-73b441d16380"],
  ["duration", "P1Y2M3DT4H5M6S"],
];
const FORMERLY: Record<string, RegExp> = {
  email: /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i,
  hostname: /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i,
  uri: /^[a-z][a-z0-9+.-]*:[^\s]*$/i,
  uuid: /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i,
  duration: /^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$/,
};

function formatsGroup(): void {
  for (const [name, text] of FORMAT_INPUTS) {
    const ours = FORMATS[name]!;
    const ajv = fullFormats[name as keyof typeof fullFormats] as RegExp | ((s: string) => boolean) | { validate: RegExp | ((s: string) => boolean) };
    const theirs = typeof ajv === "function" ? ajv : ajv instanceof RegExp ? (s: string) => ajv.test(s) : typeof ajv.validate === "function" ? ajv.validate : ((re) => (s: string) => re.test(s))(ajv.validate);
    const others: [string, () => unknown][] = [["ajv-formats (full)", () => theirs(text)]];
    const before = FORMERLY[name];
    if (before) others.push(["tooltype's earlier regex", () => before.test(text)]);
    headToHead("format check", name, "valid", [`tooltype FORMATS["${name}"]`, () => ours(text)], others);
  }
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

// The streaming loop on one call whose arguments stream as OpenAI chat SSE: bytes read, events parsed,
// the call assembled with its partial arguments after every event, the tool run, the answer read. Measured at
// the full size and at half of it: linear assembly takes about twice as long for twice the bytes.
async function agentStreamGroup(): Promise<void> {
  const size = quick ? 1 << 14 : 1 << 20;
  const writeFile = tool({ name: "write_file", description: "Writes a file.", parameters: t.object({ code: t.string() }), execute: ({ code }) => code.length });
  const sseOf = (bytes: number): Uint8Array => {
    const args = JSON.stringify({ code: "let x = \"a\\n\";\n".repeat(bytes / 16) });
    const step = Math.ceil(args.length / 1000);
    const chunk = (delta: object, finish: string | null = null) => `data: ${JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion.chunk", created: 0, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const parts = [chunk({ role: "assistant", content: null }), chunk({ tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "write_file", arguments: "" } }] })];
    for (let i = 0; i < args.length; i += step) parts.push(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(i, i + step) } }] }));
    parts.push(chunk({}, "tool_calls"), "data: [DONE]\n\n");
    return new TextEncoder().encode(parts.join(""));
  };
  const answer = new TextEncoder().encode(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "done" }, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`);
  const response = (bytes: Uint8Array) => {
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(at, (at += 16_384))); // 16 kB reads, as a socket gives them
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  const once = async (bytes: Uint8Array) => {
    let turn = 0;
    const started = performance.now();
    for await (const event of streamTools({ provider: "openai", chat: () => response(turn++ === 0 ? bytes : answer), request: { model: "m", messages: [] }, tools: [writeFile] })) {
      if (event.type === "tool-call-delta") consume(event.arguments);
    }
    return (performance.now() - started) * 1e6;
  };
  const runs = quick ? 1 : 5;
  const median = async (bytes: Uint8Array) => {
    const xs: number[] = [];
    for (let r = 0; r < runs; r++) xs.push(await once(bytes));
    return xs.sort((a, b) => a - b)[xs.length >> 1]!;
  };
  const full = sseOf(size);
  const half = sseOf(size / 2);
  await once(half); // warm up
  const mine = await median(full);
  const halfNs = await median(half);
  const label = `${(full.length / 1e6).toFixed(2)} MB of SSE, one call's arguments in 1000 events`;
  rows.push({ group: "agent loop: streamTools over SSE", case: label, input: "-", library: "tooltype streamTools", ns: mine });
  rows.push({ group: "agent loop: streamTools over SSE", case: label, input: "-", library: "tooltype streamTools, half the bytes", ns: halfNs, ratio: mine / halfNs, note: "ratio: full ÷ half (2 is linear)" });
}

/** The README summary: for each comparison, tooltype beside the fastest other library. */
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
  const loop = list.filter((r) => r.group === "agent loop: streamTools over SSE");
  if (loop.length === 2) lines.push(`| streaming loop: streamTools, SSE read, partial arguments after every event | ${loop[0]!.case} | ${format(loop[0]!.ns)} | half the bytes ${format(loop[1]!.ns)} (full ÷ half ${ratio(loop[1]!.ratio)}) | linear (full ÷ half ≈ 2) |`);
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
  if (args.includes("--agent-stream")) {
    // Only the streaming loop's row: `node bench/bench.mjs --agent-stream`.
    await agentStreamGroup();
    console.log(headline(rows).split("\n").filter((l) => l.startsWith("| streaming loop")).join("\n"));
    return;
  }
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
  formatsGroup();
  await executeGroup();
  streamGroup();
  await agentStreamGroup();
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
