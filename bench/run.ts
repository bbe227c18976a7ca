// `npm run bench`: every comparison in one process (the no-eval group in a child process with
// code generation disallowed, so each library takes its real fallback), printed as medians and ratios to a
// hand-written guard, and written to bench/RESULTS.md (the size table and this summary also to docs/performance.md). `--quick` is the
// smoke run `npm test` makes: tiny budgets, nothing written, every runner exercised.
import {
  compile,
  toJSONSchema,
  tool,
  t,
  createPartialJSONParser,
  createToolCallStream,
  checkArguments,
  FORMATS,
  streamTools,
  runTools,
  ToolRegistry,
} from "../src/index.js";
import { readChatOutput } from "../src/agent/chat-output.js";
import { readStreams } from "../src/agent/read-streams.js";
import { collector } from "../test/support/gc.js";
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
import { FULL, QUICK, consume, paired, pairedRuns, type Budget, type Measured } from "./measure.js";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const noEvalChild = args.includes("--no-eval-group");
// `--write-aot FILE`: writes each case's guard compiled ahead of time as a module (bench.mjs does it first), so the
// no-eval group runs that code as a CSP page or a Worker would: imported, never evaluated from text.
const writeAot = args.includes("--write-aot") ? args[args.indexOf("--write-aot") + 1] : undefined;
type AotModule = { readonly predicates: Record<string, (helpers: typeof aotHelpers) => (value: unknown) => boolean> };
const aotCases: AotModule | undefined = writeAot
  ? undefined
  : await import(["./aot-cases", "mjs"].join(".")).catch(() => undefined);
const budget: Budget = quick ? QUICK : FULL;
const INPUTS = ["valid", "invalid1", "invalid5"] as const;

/**
 * One measurement. In a head-to-head group `ns` is the other library's median and `oursNs` tooltype's, timed in
 * the same run, interleaved; `ratio` is theirs ÷ tooltype's. A cost row has a `target` and whether it was `met`.
 */
type Row = {
  group: string;
  case: string;
  input: string;
  library: string;
  ns: number;
  oursNs?: number;
  ratio?: number;
  note?: string;
  target?: string;
  met?: boolean;
};
const rows: Row[] = [];

function guardCandidates(c: Case, evalAllowed: boolean): [string, (value: unknown) => boolean][] {
  const out: [string, (value: unknown) => boolean][] = [];
  const tryAdd = (name: string, make: () => (value: unknown) => boolean) => {
    try {
      const fn = make();
      fn(c.valid);
      out.push([name, fn]);
    } catch (error) {
      rows.push({
        group: "-",
        case: c.name,
        input: "-",
        library: name,
        ns: NaN,
        note: `unavailable: ${(error as Error).message.slice(0, 60)}`,
      });
    }
  };
  tryAdd(
    evalAllowed ? "tooltype compile" : "tooltype (interpreter)",
    () => compile(c.tooltype) as (value: unknown) => boolean,
  );
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
        const m: Measured = paired(
          () => consume(fn(value)),
          () => consume(c.hand(value)),
          budget,
        );
        rows.push({ group, case: c.name, input, library: name, ns: m.ns, oursNs: m.baseNs, ratio: m.ratio });
      }
    }
  }
}

/**
 * The "faster than" comparisons: each other library is timed in alternating batches with tooltype doing
 * the same work, so its ratio is its time ÷ tooltype's (above 1: tooltype is faster) with the machine's
 * drift cancelled. Each row keeps both medians of its own run, so a row never sets one run's time beside another's.
 */
function headToHead(
  group: string,
  caseName: string,
  input: string,
  ours: [string, () => unknown],
  others: [string, () => unknown][],
): void {
  const [name, mine] = ours;
  for (const [library, theirs] of others) {
    const m = paired(
      () => consume(theirs()),
      () => consume(mine()),
      budget,
    );
    rows.push({
      group,
      case: caseName,
      input,
      library,
      ns: m.ns,
      oursNs: m.baseNs,
      ratio: m.ratio,
      note: `÷ ${name}, same run`,
    });
  }
}

function errorsGroup(): void {
  const c = CASES[0]!;
  const value = c.invalid5;
  const guard = compile(c.tooltype);
  const ajv = new Ajv2020({ strict: false, allErrors: true }).compile(toJSONSchema(c.tooltype));
  headToHead(
    "errors (5 issues)",
    c.name,
    "invalid5",
    ["tooltype guard.errors", () => guard.errors(value)],
    [
      ["ajv allErrors", () => (ajv(value), ajv.errors)],
      ["zod 4 safeParse (issue list)", () => c.zod.safeParse(value).error?.issues],
      ["valibot safeParse (issue list)", () => v.safeParse(c.valibot, value).issues],
    ],
  );
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
  headToHead(
    "compile per schema",
    c.name,
    "-",
    ["tooltype compile", () => compile(c.tooltype)],
    [
      ["tooltype compile (interpreter)", () => compile(c.tooltype, { eval: false })],
      ["TypeBox 0.34 TypeCompiler.Compile", () => TypeCompiler.Compile(c.typebox034)],
      ["ajv compile", () => new Ajv2020({ strict: false }).compile(toJSONSchema(c.tooltype))],
    ],
  );
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
  email:
    /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i,
  hostname: /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i,
  uri: /^[a-z][a-z0-9+.-]*:[^\s]*$/i,
  uuid: /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i,
  duration: /^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$/,
};

function formatsGroup(): void {
  for (const [name, text] of FORMAT_INPUTS) {
    const ours = FORMATS[name]!;
    const ajv = fullFormats[name as keyof typeof fullFormats] as
      | RegExp
      | ((s: string) => boolean)
      | { validate: RegExp | ((s: string) => boolean) };
    const theirs =
      typeof ajv === "function"
        ? ajv
        : ajv instanceof RegExp
          ? (s: string) => ajv.test(s)
          : typeof ajv.validate === "function"
            ? ajv.validate
            : (
                (re) => (s: string) =>
                  re.test(s)
              )(ajv.validate);
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
  const n = quick ? 200 : 20_000;
  const execute = async () => {
    for (let i = 0; i < n; i++) consume(await weather.execute(text));
  };
  const parse = async () => {
    for (let i = 0; i < n; i++) consume(await Promise.resolve(JSON.parse(text)));
  };
  await pairedRuns(execute, parse, 2); // warm up
  const m = await pairedRuns(execute, parse, quick ? 3 : 15);
  rows.push({
    group: "Tool.execute on JSON text",
    case: c.name,
    input: "valid",
    library: "parse + check + decode + call (awaited)",
    ns: m.ns / n,
    oursNs: m.baseNs / n,
    ratio: m.ratio,
    note: "÷ JSON.parse awaited the same way, same run",
    target: "≤ 2×",
    met: m.ratio <= 2,
  });
}

async function streamGroup(): Promise<void> {
  const size = quick ? 1 << 14 : 1 << 20;
  const text = JSON.stringify({
    code: 'let x = "a\\n";\n'.repeat(size / 16),
    n: Array.from({ length: 200 }, (_, i) => i),
  });
  const chunks = 1000;
  const step = Math.ceil(text.length / chunks);
  const pieces = Array.from({ length: chunks }, (_, i) => text.slice(i * step, (i + 1) * step));
  const ours = () => {
    const parser = createPartialJSONParser();
    for (const piece of pieces) parser.push(piece), consume(parser.value());
    return parser.value();
  };
  const theirs = () => {
    let prefix = "";
    let last: unknown;
    for (const piece of pieces) (prefix += piece), (last = partialParse(prefix)), consume(last);
    return last;
  };
  const m = await pairedRuns(theirs, ours, quick ? 1 : 5);
  const label = `${(text.length / 1e6).toFixed(2)} MB in ${chunks} chunks`;
  const met = m.ratio > 1;
  rows.push({
    group: "streaming: push + partial after every chunk",
    case: label,
    input: "-",
    library: "openai SDK partialParse of the prefix",
    ns: m.ns,
    oursNs: m.baseNs,
    ratio: m.ratio,
    note: "÷ tooltype createPartialJSONParser, same run",
    target: "faster than re-parsing",
    met,
  });
  await validatedStream(quick);
}

// Validation while streaming: the same call assembled with its tool's checks (settled, viable after every delta)
// and without, in one run: the cost per delta of checking, against the plain assembler.
async function validatedStream(quick: boolean): Promise<void> {
  const write = tool({
    name: "write_file",
    description: "Writes a file.",
    parameters: t.object({
      path: t.string({ maxLength: 200 }),
      lines: t.array(t.object({ n: t.integer({ minimum: 0 }), text: t.string() })),
      mode: t.enum(["create", "append"]),
    }),
    execute: () => "ok",
  });
  const lines = Array.from({ length: quick ? 200 : 5000 }, (_, n) => ({ n, text: `line ${n}: ${"x".repeat(40)}` }));
  const text = JSON.stringify({ path: "notes.txt", lines, mode: "create" });
  const deltas = Array.from({ length: Math.ceil(text.length / 10) }, (_, i) => ({
    choices: [
      { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: text.slice(i * 10, i * 10 + 10) } }] } },
    ],
  }));
  const head = {
    choices: [
      {
        index: 0,
        delta: { tool_calls: [{ index: 0, id: "call_1", function: { name: "write_file", arguments: "" } }] },
      },
    ],
  };
  const run = (options: Parameters<typeof createToolCallStream>[1]) => () => {
    const stream = createToolCallStream("openai", options);
    stream.push(head);
    for (const delta of deltas) stream.push(delta), consume(stream.partial());
    return stream.calls();
  };
  const m = await pairedRuns(run({ check: checkArguments([write]) }), run({}), quick ? 1 : 5);
  const perDelta = (m.ns - m.baseNs) / deltas.length;
  const met = m.ratio <= 2;
  rows.push({
    group: "streaming: arguments checked as they arrive (settled, viable after every delta)",
    case: `${(text.length / 1e3).toFixed(0)} kB in ${deltas.length} deltas of 10 characters`,
    input: "-",
    library: "createToolCallStream with checkArguments",
    ns: m.ns,
    oursNs: m.baseNs,
    ratio: m.ratio,
    note: `÷ the same stream unchecked, same run; ${perDelta.toFixed(0)} ns more a delta`,
    target: "≤ 2× the plain assembler",
    met,
  });
}

// The streaming loop on one call whose arguments stream as OpenAI chat SSE: bytes read, events parsed,
// the call assembled with its partial arguments after every event, the tool run, the answer read. Measured at
// the full size and at half of it: linear assembly takes about twice as long for twice the bytes.
async function agentStreamGroup(): Promise<void> {
  const size = quick ? 1 << 14 : 1 << 20;
  const writeFile = tool({
    name: "write_file",
    description: "Writes a file.",
    parameters: t.object({ code: t.string() }),
    execute: ({ code }) => code.length,
  });
  const sseOf = (bytes: number): Uint8Array => {
    const args = JSON.stringify({ code: 'let x = "a\\n";\n'.repeat(bytes / 16) });
    const step = Math.ceil(args.length / 1000);
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion.chunk", created: 0, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const parts = [
      chunk({ role: "assistant", content: null }),
      chunk({
        tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "write_file", arguments: "" } }],
      }),
    ];
    for (let i = 0; i < args.length; i += step)
      parts.push(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(i, i + step) } }] }));
    parts.push(chunk({}, "tool_calls"), "data: [DONE]\n\n");
    return new TextEncoder().encode(parts.join(""));
  };
  const answer = new TextEncoder().encode(
    `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "done" }, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`,
  );
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
    for await (const event of streamTools({
      provider: "openai",
      chat: () => response(turn++ === 0 ? bytes : answer),
      request: { model: "m", messages: [] },
      tools: [writeFile],
    })) {
      if (event.type === "tool-call-delta") consume(event.partial);
    }
    return (performance.now() - started) * 1e6;
  };
  const full = sseOf(size);
  const half = sseOf(size / 2);
  await once(half); // warm up
  const m = await pairedRuns(
    () => once(full),
    () => once(half),
    quick ? 1 : 5,
  );
  const label = `${(full.length / 1e6).toFixed(2)} MB of SSE, one call's arguments in 1000 events`;
  rows.push({
    group: "agent loop: streamTools over SSE",
    case: label,
    input: "-",
    library: "tooltype streamTools",
    ns: m.ns,
    oursNs: m.baseNs,
    ratio: m.ratio,
    note: "full ÷ half the bytes, same run (2 is linear)",
    target: "≤ 2.5× (2 is linear)",
    met: m.ratio <= 2.5,
  });
}

// Costs that must grow linearly, each as a ratio within one run (or bytes kept, after collecting garbage).
const COSTS = "linear costs";

function costRow(caseName: string, library: string, m: Measured, note: string, limit: number): void {
  rows.push({
    group: COSTS,
    case: caseName,
    input: "-",
    library,
    ns: m.ns,
    oursNs: m.baseNs,
    ratio: m.ratio,
    note,
    target: `≤ ${limit}×`,
    met: m.ratio <= limit,
  });
}

function requiredCost(): void {
  const n = quick ? 1_000 : 16_000;
  const names = Array.from({ length: n }, (_, i) => `p${i}`);
  const properties = Object.fromEntries(names.map((k) => [k, { type: "string" }]));
  const m = paired(
    () => consume(compile({ type: "object", properties, required: names })),
    () => consume(compile({ type: "object", properties })),
    budget,
  );
  costRow(`compile, ${n.toLocaleString("en")} properties`, "all required ÷ none required", m, "same run", 1.5);
}

async function signalCosts(): Promise<void> {
  const echo = tool({
    name: "echo",
    description: "Echoes.",
    parameters: t.object({ n: t.integer() }),
    execute: ({ n }) => n,
  });
  const n = quick ? 200 : 20_000;
  const calls = Array.from({ length: n }, (_, i) => ({ id: `call_${i}`, name: "echo", arguments: { n: i } }));
  const registry = new ToolRegistry().register(echo);
  const signal = new AbortController().signal;
  const runs = quick ? 1 : 7;
  const withSignal = () => registry.executeAll(calls, { signal });
  const without = () => registry.executeAll(calls);
  await pairedRuns(withSignal, without, 1); // warm up
  const batch = await pairedRuns(withSignal, without, runs);
  costRow(`executeAll, ${n.toLocaleString("en")} calls`, "with a signal ÷ without", batch, "same run", 1.5);

  const step = quick ? 100 : 2_000;
  const chat = () => {
    let turn = 0;
    return () => {
      const first = turn++ === 0;
      const message = first
        ? {
            role: "assistant",
            content: null,
            tool_calls: calls.slice(0, step).map((c) => ({
              id: c.id,
              type: "function",
              function: { name: "echo", arguments: JSON.stringify(c.arguments) },
            })),
          }
        : { role: "assistant", content: "done" };
      return {
        id: "chatcmpl",
        object: "chat.completion",
        choices: [{ index: 0, message, finish_reason: first ? "tool_calls" : "stop" }],
      };
    };
  };
  const loop = (withSignal: boolean) => () =>
    runTools({
      provider: "openai",
      chat: chat(),
      request: { model: "m", messages: [] },
      tools: [echo],
      ...(withSignal && { signal }),
    });
  const texts = calls.slice(0, step).map((c) => JSON.stringify(c.arguments));
  const byHand = async () => {
    for (const text of texts) consume(await Promise.resolve((JSON.parse(text) as { n: number }).n));
  };
  await pairedRuns(loop(true), loop(false), 1); // warm up
  const looped = await pairedRuns(loop(true), loop(false), runs);
  const hand = await pairedRuns(loop(true), byHand, runs);
  costRow(
    `runTools, one step of ${step.toLocaleString("en")} parallel calls`,
    "with a signal ÷ without",
    looped,
    `same run; ${format(looped.ns / step)} a call with a signal, ${hand.ratio.toFixed(0)}× a hand-written JSON.parse + call (${format(hand.baseNs / step)})`,
    1.5,
  );
}

async function memoryCosts(): Promise<void> {
  const gc = await collector();
  const heap = () => process.memoryUsage().heapUsed;
  const memoryRow = (caseName: string, library: string, value: number, unit: string, limit: number) =>
    rows.push({
      group: COSTS,
      case: caseName,
      input: "-",
      library,
      ns: NaN,
      ratio: value,
      note: unit,
      target: `≤ ${limit} ${unit}`,
      met: value <= limit,
    });
  if (!gc) {
    rows.push({
      group: "-",
      case: COSTS,
      input: "-",
      library: "memory rows",
      ns: NaN,
      note: "not measured: no way to collect garbage first",
    });
    return;
  }
  // An SDK stream read with a signal: what each chunk read leaves behind until the stream ends.
  const chunk = { choices: [{ index: 0, delta: { content: "x" } }] };
  async function* sdkStream() {
    for (;;) yield chunk;
  }
  const output = await readChatOutput(sdkStream(), "openai", readStreams, new AbortController().signal);
  const reader = (output as { chunks: AsyncIterable<unknown> }).chunks[Symbol.asyncIterator]();
  for (let i = 0; i < 1_000; i++) await reader.next();
  const reads = quick ? 5_000 : 100_000;
  gc();
  let before = heap();
  for (let i = 0; i < reads; i++) consume((await reader.next()).value);
  gc();
  memoryRow(
    `SDK stream read with a signal, ${reads.toLocaleString("en")} chunks`,
    "bytes kept a chunk until the stream ends",
    (heap() - before) / reads,
    "bytes",
    50,
  );
  await reader.return?.(undefined);

  // Streamed arguments in 10-character deltas, through the OpenAI chat stream assembler.
  const args = JSON.stringify({ code: "let x = 1;\n".repeat((1 << 20) / 11) });
  gc();
  before = heap();
  const stream = createToolCallStream("openai");
  stream.push({
    choices: [
      { index: 0, delta: { tool_calls: [{ index: 0, id: "call_1", function: { name: "write", arguments: "" } }] } },
    ],
  });
  for (let i = 0; i < args.length; i += 10)
    stream.push({
      choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: args.slice(i, i + 10) } }] } }],
    });
  gc();
  const kept = (heap() - before) / args.length;
  consume(stream.partial());
  memoryRow(
    `streamed arguments, ${(args.length / 1e6).toFixed(2)} MB in 10-character deltas`,
    "heap kept ÷ argument size (text and value)",
    kept,
    "×",
    3,
  );
}

// A smoke run's numbers mean nothing: its verdicts say so rather than miss or meet a target.
const verdict = (met: boolean | undefined) =>
  quick ? "smoke run" : met === undefined ? "n/a" : met ? "met" : "**missed**";
const times = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? "n/a" : `${x.toFixed(2)}×`);

/** The summary docs/performance.md shows: for each comparison, tooltype beside the fastest other library, and whether it met its target. */
function headline(list: Row[]): string {
  const lines = [
    "| comparison | case | tooltype | fastest other | target | verdict |",
    "| --- | --- | --- | --- | --- | --- |",
  ];
  const guards: [string, string, string, (mine: number[], best: number[]) => boolean][] = [
    ["guard, eval allowed", "tooltype compile", "≤ 1.3×", (mine) => mine.every((x) => x <= 1.3)],
    [
      "guard, eval blocked",
      "tooltype (interpreter)",
      "≤ 8×, and the fastest",
      (mine, best) => mine.every((x, i) => x <= 8 && !(x > best[i]!)),
    ],
    ["guard, eval blocked", "tooltype aot", "≤ 1.3× (compiled ahead of time)", (mine) => mine.every((x) => x <= 1.3)],
  ];
  for (const [group, ours, target, meets] of guards) {
    for (const c of CASES) {
      const per = INPUTS.map((input) =>
        list.filter((r) => r.group === group && r.case === c.name && r.input === input && r.ratio !== undefined),
      );
      const mine = per.map((rs) => rs.find((r) => r.library === ours)?.ratio ?? NaN);
      // Other libraries only: tooltype's other guard paths have rows of their own.
      const best = per.map(
        (rs) => rs.filter((r) => !r.library.startsWith("tooltype")).sort((a, b) => a.ratio! - b.ratio!)[0],
      );
      const met = mine.every(Number.isFinite)
        ? meets(
            mine,
            best.map((b) => b?.ratio ?? Infinity),
          )
        : undefined;
      lines.push(
        `| ${group} (${ours}): valid / 1 error / 5 errors, ÷ hand-written | ${c.name} | ${mine.map(times).join(" / ")} | ${best.map((b) => (b ? `${times(b.ratio)} ${b.library}` : "n/a")).join(" / ")} | ${target} | ${verdict(met)} |`,
      );
    }
  }
  // Head to head: each other library's time ÷ tooltype's, both timed in the same run (above 1: tooltype is faster).
  const timed = (group: string, target: string, mustBeat: (library: string) => boolean) => {
    for (const name of new Set(list.filter((r) => r.group === group).map((r) => r.case))) {
      const others = list
        .filter(
          (r) => r.group === group && r.case === name && Number.isFinite(r.ns) && !r.library.startsWith("tooltype"),
        )
        .sort((a, b) => a.ratio! - b.ratio!);
      const ours = others.map((r) => r.oursNs!).sort((a, b) => a - b)[others.length >> 1];
      const text = others
        .map((r) => `${r.library} ${format(r.ns)} vs tooltype ${format(r.oursNs!)}: ${times(r.ratio)}`)
        .join(", ");
      const beaten = others.filter((r) => mustBeat(r.library));
      const met = beaten.length ? beaten.every((r) => r.ratio! > 1) : undefined;
      lines.push(
        `| ${group} (other ÷ tooltype, same run) | ${name} | ${ours === undefined ? "n/a" : format(ours)} | ${text} | ${target} | ${verdict(met)} |`,
      );
    }
  };
  timed("errors (5 issues)", "faster than ajv allErrors, Zod, Valibot", (l) => /^(ajv|zod|valibot)/.test(l));
  timed("JSON Schema per schema", "faster than Valibot and arktype", (l) => /^(valibot|arktype)/.test(l));
  timed("compile per schema", "faster than TypeBox 0.34 TypeCompiler.Compile", (l) => l.startsWith("TypeBox 0.34"));
  for (const r of list.filter((r) => r.target !== undefined)) {
    const memory = !Number.isFinite(r.ns);
    const figure = memory
      ? `${r.ratio!.toFixed(2)} ${r.note}`
      : `${times(r.ratio)} (${format(r.ns)} vs ${format(r.oursNs!)})`;
    lines.push(
      `| ${r.group === COSTS ? "" : `${r.group}: `}${r.library} | ${r.case} | ${figure} | ${memory ? "" : (r.note ?? "")} | ${r.target} | ${verdict(r.met)} |`,
    );
  }
  return lines.join("\n");
}

/** The summary lines whose target was missed, for the console and RESULTS.md. */
function missedTargets(summary: string): string[] {
  return summary.split("\n").filter((line) => line.endsWith("| **missed** |"));
}

function format(ns: number): string {
  if (!Number.isFinite(ns)) return "n/a";
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(1)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(1)} µs`;
  return `${ns.toFixed(1)} ns`;
}

function table(list: Row[]): string {
  // "paired with": the hand-written guard's median in the guard groups, else tooltype's (or the baseline named in the note).
  const lines = [
    "| group | case | input | library | median | paired with, same run | ratio |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of list) {
    const memory = r.group === COSTS && !Number.isFinite(r.ns);
    const ratio =
      r.ratio === undefined
        ? ""
        : memory
          ? `${r.ratio.toFixed(2)} ${r.note}`
          : `${r.ratio.toFixed(2)}×${r.note ? ` ${r.note}` : ""}`;
    lines.push(
      `| ${r.group} | ${r.case} | ${r.input} | ${r.library} | ${memory ? "" : format(r.ns)} | ${r.oursNs === undefined ? "" : format(r.oursNs)} | ${ratio} |`,
    );
  }
  return lines.join("\n");
}

// streamTools beside the AI SDK's streamText on one turn of 1, 10, 100 and 300 streamed calls (bench/agent-peers.ts).
async function agentPeersGroup(): Promise<void> {
  const { agentPeers } = await import("./agent-peers.js");
  for (const { calls, measured } of await agentPeers(quick ? 1 : 9)) {
    rows.push({
      group: "agent loop: streamTools ÷ AI SDK streamText",
      case: `one turn of ${calls} streamed call${calls === 1 ? "" : "s"}, 10-character deltas`,
      input: "-",
      library: "tooltype streamTools",
      ns: measured.ns,
      oursNs: measured.baseNs,
      ratio: measured.ratio,
      note: `streamTools ${format(measured.ns)}, streamText ${format(measured.baseNs)}`,
      target: "< 1×",
      met: measured.ratio < 1,
    });
  }
}

// streamTools beside the OpenAI Agents SDK's streamed run on the same turns.
async function agentsPeersGroup(): Promise<void> {
  const { agentsPeers } = await import("./agent-peers.js");
  for (const { calls, measured } of await agentsPeers(quick ? 1 : 9)) {
    rows.push({
      group: "agent loop: streamTools ÷ Agents SDK run({ stream: true })",
      case: `one turn of ${calls} call${calls === 1 ? "" : "s"} (tooltype streamed in deltas, the SDK's whole)`,
      input: "-",
      library: "tooltype streamTools",
      ns: measured.ns,
      oursNs: measured.baseNs,
      ratio: measured.ratio,
      note: `streamTools ${format(measured.ns)}, Agents SDK ${format(measured.baseNs)}`,
      target: "< 1×",
      met: measured.ratio < 1,
    });
  }
}

async function main(): Promise<void> {
  if (args.includes("--agent-peers")) {
    // Only the peers' rows: `node bench/bench.mjs --agent-peers`.
    await agentPeersGroup();
    await agentsPeersGroup();
    await signalCosts();
    console.log(table(rows));
    return;
  }
  if (args.includes("--agent-stream")) {
    // Only the streaming loop's row: `node bench/bench.mjs --agent-stream`.
    await agentStreamGroup();
    console.log(
      headline(rows)
        .split("\n")
        .filter((l) => l.includes("streamTools"))
        .join("\n"),
    );
    return;
  }
  if (writeAot) {
    const { writeFileSync } = await import(["node", "fs"].join(":"));
    const entries = CASES.map((c) => `  ${JSON.stringify(c.name)}: function (H) {\n${guardCode(c.tooltype).body}\n},`);
    writeFileSync(
      writeAot,
      `// Written by bench/run.ts --write-aot: each case's guard compiled ahead of time.\nexport const predicates = {\n${entries.join("\n")}\n};\n`,
    );
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
  const child = spawnSync(
    process.execPath,
    ["--disallow-code-generation-from-strings", process.argv[1]!, "--no-eval-group", ...(quick ? ["--quick"] : [])],
    { encoding: "utf8", maxBuffer: 1 << 26 },
  );
  if (child.status !== 0) throw new Error(`the no-eval group failed:\n${child.stderr}`);
  rows.push(...(JSON.parse(child.stdout) as Row[]));
  errorsGroup();
  jsonSchemaGroup();
  compileGroup();
  formatsGroup();
  await executeGroup();
  await streamGroup();
  await agentStreamGroup();
  await agentPeersGroup();
  await agentsPeersGroup();
  requiredCost();
  await signalCosts();
  await memoryCosts();
  const { sizeRows, sizeTable, writeReadmeSizeTable, writeReadmeBlock } = await import("./sizes.mjs");
  const sizes = sizeTable(await sizeRows());
  const method = `Node ${process.version}, ${quick ? "QUICK smoke run (numbers meaningless)" : `${budget.rounds} paired rounds of ~${budget.batchMs} ms batches`}; medians; in the guard groups, ratio = candidate ÷ hand-written guard on the same input; in the errors, JSON Schema and compile groups, ratio = library ÷ tooltype doing the same work (above 1: tooltype is faster), each row showing both medians from its own run; streaming and linear-cost rows likewise pair their two sides in one run (memory rows: bytes kept after collecting garbage). Every pair runs interleaved, in alternating order. A row that misses its target says **missed**. Machine: noisy 2-core VM.`;
  const summary = headline(rows);
  const missed = missedTargets(summary);
  const out = [
    `# Benchmark results`,
    ``,
    method,
    ``,
    `## Summary`,
    ``,
    summary,
    ``,
    missed.length
      ? `Targets missed in this run: ${missed.length} (the rows marked **missed** above).`
      : `Every target was met in this run.`,
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
  if (missed.length) console.log(`\n${missed.length} target(s) missed:\n${missed.join("\n")}`);
  if (!quick) {
    const { writeFileSync } = await import(["node", "fs"].join(":"));
    writeFileSync(new URL("./RESULTS.md", import.meta.url).pathname.replace("/.bench-build/", "/bench/"), out + "\n");
    writeReadmeSizeTable(sizes);
    writeReadmeBlock(
      "bench",
      `${method}\n\n${summary}${missed.length ? `\n\nTargets missed in this run: ${missed.length} (marked **missed**).` : ""}`,
    );
  }
}

await main();
