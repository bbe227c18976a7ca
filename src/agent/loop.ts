import { registeredTools } from "../tools/registry.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { AnyTool, SampleRequest, SampleResult } from "../tools/tool.js";
import type { CallResult, ToolCall } from "../tools/call.js";
import type { ElicitationAnswer, ElicitationRequest, ToolLog } from "./asking.js";
import { toolListChange } from "../tools/stable.js";
import type { ConversionWarning } from "../schema/dialects/warnings.js";
import type { SchemaRules } from "../tools/provider-formats.js";
import { providerValue, responseOf } from "../calls/common.js";
import type { Delta, ProviderAdapter, ToolChoice } from "../calls/types.js";
import { readChatOutput, readingChunk } from "./chat-output.js";
import type { ReadStreams } from "./read-streams.js";
import type { ApprovalRule, ResumeAnswers } from "./approval.js";
import { openState, stateSealer, type LoopState } from "./state.js";
import { claimInMemory, hmacKey, randomId, type ClaimHook, type StateKey } from "./seal.js";
import { checkKnownOptions } from "../util/known-options.js";
import type { AfterHook, BeforeHook, WrapHook } from "../tools/guardrails.js";
import type { RepairHook } from "./repair.js";
import type { StopCondition } from "./stop.js";
import { toolDeferral } from "./tool-search.js";
import type { LoopEvent, RunToolsResult, StepTiming, ToolStep } from "./step.js";
import { chatAttributes, responseAttributes, runSpan, type Tracer } from "./tracing.js";
import { inProcessJournal, journalOf, type Journal } from "./journal.js";
import { answer, checkpoint, finishWith, record, seen, type Run, type Spans, type Turn } from "./run.js";
import { decide, decidedEvents, executeCalls, pauseTurn, resumedTurn, waitForDecisions } from "./turn.js";

/**
 * What `prepareStep` sees before a turn.
 *
 * @example
 * prepareStep: ({ step, messages }) => (step > 3 ? { messages: messages.slice(-10) } : undefined)
 */
export interface PrepareStepInfo {
  /** The number of the turn about to be taken. */
  readonly step: number;
  readonly steps: readonly ToolStep[];
  readonly messages: readonly unknown[];
  /** Every tool the loop has. */
  readonly tools: readonly AnyTool[];
}

/**
 * What `prepareStep` may change for one turn; anything left out stays as it is.
 *
 * @example
 * { tools: ["search"], toolChoice: "required", request: { temperature: 0 } }
 */
export interface StepSettings<Request extends object = object> {
  /** The tools offered this turn (tools, or names of the loop's tools); a call to another one is refused. */
  readonly tools?: readonly (AnyTool | string)[];
  readonly toolChoice?: ToolChoice;
  /** The conversation sent this turn instead of the whole one (which keeps growing as usual). */
  readonly messages?: readonly unknown[];
  /** Settings merged into this turn's request (another model, a token limit). */
  readonly request?: Partial<Request>;
}

/**
 * Options of `runTools`, `streamTools` and `resume`.
 *
 * @example
 * runTools({
 *   provider: "openai",
 *   chat: (r) => openai.chat.completions.create(r),
 *   request: { model, messages },
 *   tools: [weather],
 *   maxSteps: 5,
 *   timeout: 10_000,
 * });
 */
export interface RunToolsOptions<Request extends object> {
  readonly provider: ProviderAdapter;
  /**
   * Sends a request to the model. It may return the response (an SDK's method, e.g.
   * `(r) => openai.chat.completions.create(r)`), an SDK's stream, or a `fetch` `Response` holding JSON or
   * server-sent events (`httpChat(provider)` makes one). Its second argument carries the loop's signal.
   */
  readonly chat: (request: Request, options: { readonly signal?: AbortSignal }) => unknown;
  /** The request without tools: model, messages (or `input`, `contents`), and any other settings. */
  readonly request: Request;
  readonly registry?: ToolRegistry;
  readonly tools?: readonly AnyTool[];
  /** Model turns at most (default 10); then the loop stops with `finishReason: "max_steps"`. */
  readonly maxSteps?: number;
  /** Applies to the first turn only, so `"required"` or a named tool cannot loop forever. */
  readonly toolChoice?: ToolChoice;
  readonly parallelToolCalls?: boolean;
  /**
   * Strict tool schemas: `true`, or `"prefer"` (strict for each tool whose schema allows it, reported to `onIssue`).
   */
  readonly strict?: boolean | "prefer";
  /**
   * The schema rules of the model behind `chat` when they are not the provider's (an OpenAI-compatible gateway in front
   * of Gemini: `"gemini"`).
   */
  readonly dialect?: SchemaRules;
  /** Called after each turn (awaited). */
  readonly onStep?: (step: ToolStep) => void | Promise<void>;
  /**
   * Cancels the request in flight (a stream stops where it is) and the running calls; the run rejects with the signal's
   * reason.
   */
  readonly signal?: AbortSignal;
  /** Milliseconds each tool call may take (a tool's own `timeout` wins). */
  readonly timeout?: number;
  /** Calls run at once at most (default: all of a turn's calls). */
  readonly concurrency?: number;
  /** Passed to every tool's function. */
  readonly context?: unknown;
  /** Stop after a turn whose calls ran when one of these holds (`stepCountIs(n)`, `hasToolCall(name)`, your own). */
  readonly stopWhen?: StopCondition | readonly StopCondition[];
  /** Changes the tools, the tool choice, the messages or the request of a turn. */
  readonly prepareStep?: (
    info: PrepareStepInfo,
  ) => StepSettings<Request> | undefined | void | Promise<StepSettings<Request> | undefined | void>;
  /** Asks for approval of calls the tools themselves do not ask for (e.g. every call of an MCP server's tools). */
  readonly needsApproval?: ApprovalRule;
  /**
   * Read near-JSON arguments (code fences, trailing commas, single quotes, nested JSON strings, numbers as strings);
   * adopted only when the guard then accepts them.
   */
  readonly lenient?: boolean;
  /** Fixes arguments the guard refused; see `RepairHook`. */
  readonly repair?: RepairHook;
  /**
   * The secret states are signed with (see `StateKey`); without one, a random key of this process, so a state resumes
   * only here.
   */
  readonly stateKey?: StateKey;
  /** Marks a state as resumed, once (see `ClaimHook`); default: this process's memory. */
  readonly claim?: ClaimHook;
  /**
   * Called, and awaited, with each state the loop gives: once a turn's calls are decided (before any runs), as
   * each call finishes, and at the end of each turn. Store the latest to resume a run a crash cut off.
   */
  readonly onCheckpoint?: (state: LoopState) => void | Promise<void>;
  /**
   * Guardrail before every call (before the tool's own): allow, `{ refuse: message }`, or `{ arguments }`; see
   * `BeforeHook`.
   */
  readonly before?: BeforeHook;
  /** Guardrail after every call (after the tool's own): keep, `{ value }` or `{ refuse: message }`; see `AfterHook`. */
  readonly after?: AfterHook;
  /** Runs around every call (around the tool's own `wrap`); see `WrapHook`. */
  readonly wrap?: WrapHook;
  /**
   * Streaming only: stop the model's request as soon as a call's arguments can no longer pass its tool's schema
   * (a `tool-call-delta` with `viable: false`), and answer that call with the reason, so the model can try
   * again at once instead of finishing arguments that would be refused.
   */
  readonly abortDoomedCalls?: boolean;
  /**
   * How `runTools` and `resume` read a `chat` that returns a stream: `readStreams` from `tooltype/agent` (the call
   * assembler, the partial JSON parser and the streamed-argument checks, left out of a loop that never streams).
   * Without it, a stream is a `TypeError` naming it. `streamTools` and `resumeStream` always have it.
   */
  readonly readStreams?: ReadStreams;
  /**
   * Where spans go (an OpenTelemetry `Tracer`): one for the run (`invoke_agent`), each step, each model request
   * (`chat {model}`) and each tool call (`execute_tool {name}`), with the GenAI semantic conventions' attributes.
   * Default: the tracer provider registered with `@opentelemetry/api`, if any; without one no span is made.
   */
  readonly tracer?: Tracer;
  /**
   * Receives advice (`prepareStep` changed the tool list, which breaks prompt caching) and what an answer writer
   * changed in a result (an image the provider cannot take).
   */
  readonly onIssue?: (issue: ConversionWarning & { readonly tool: string; readonly provider: string }) => void;
  /**
   * Where the run's effects go (each model request and tool call a `step`) and its decisions come from (each
   * approval a `wait`); see `Journal`. Default: this process, with approvals pausing the run (`resume` continues it).
   */
  readonly journal?: Journal;
  /**
   * Answers a local tool's `elicit` in this process (a dialog, a terminal prompt); `undefined` leaves it to the
   * journal: then the run pauses (`finishReason: "approval"`, the call in `state.elicitations`) for `resume`.
   */
  readonly onElicit?: (
    request: ElicitationRequest,
  ) => ElicitationAnswer | undefined | Promise<ElicitationAnswer | undefined>;
  /**
   * Answers a local tool's `sample` (a request for a model's message, MCP's `sampling/createMessage` form); without
   * it a tool's `sample` is absent. See docs/agent.md for why the loop's own `chat` does not answer it.
   */
  readonly onSample?: (
    request: SampleRequest,
    info: { readonly call: ToolCall },
  ) => SampleResult | Promise<SampleResult>;
  /** Receives each local tool's `log(level, data)` as it is sent (streamTools also yields them as `log` events). */
  readonly onLog?: (log: ToolLog) => void;
}

// Every option of the loop; TypeScript keeps the list whole (a key of RunToolsOptions missing here fails the build).
const LOOP_OPTIONS = {
  provider: true,
  chat: true,
  request: true,
  registry: true,
  tools: true,
  maxSteps: true,
  toolChoice: true,
  parallelToolCalls: true,
  strict: true,
  dialect: true,
  onStep: true,
  signal: true,
  timeout: true,
  concurrency: true,
  context: true,
  stopWhen: true,
  prepareStep: true,
  needsApproval: true,
  lenient: true,
  repair: true,
  stateKey: true,
  claim: true,
  onCheckpoint: true,
  before: true,
  after: true,
  wrap: true,
  tracer: true,
  abortDoomedCalls: true,
  readStreams: true,
  onIssue: true,
  journal: true,
  onElicit: true,
  onSample: true,
  onLog: true,
} as const satisfies Record<keyof RunToolsOptions<object>, true>;

/**
 * A paused run to continue: its state and a decision for each pending call.
 *
 * @example
 * { state: JSON.parse(saved), decisions: { call_1: true } }
 */
export interface Resumption {
  readonly state: unknown;
  readonly decisions: ResumeAnswers;
}

const now = (): number => (typeof performance !== "undefined" ? performance.now() : Date.now());

/**
 * The tool loop behind `runTools`, `streamTools` and `resume`: yields every event, returns the result.
 * With `stream` (the reading of streams), requests ask for a stream (`stream: true`) and the deltas are reported as
 * they arrive; without it, a `chat` that returns a stream is read by the option `readStreams`.
 *
 * @example
 * for await (const event of toolLoop(options, readStreams)) console.log(event.type);
 */
export async function* toolLoop<Request extends object>(
  options: RunToolsOptions<Request>,
  streaming: ReadStreams | undefined,
  resumption?: Resumption,
): AsyncGenerator<LoopEvent, RunToolsResult> {
  const stream = streaming !== undefined;
  const caller = stream ? (resumption ? "resumeStream" : "streamTools") : resumption ? "resume" : "runTools";
  if (typeof options !== "object" || options === null) throw new TypeError(`${caller}: expects an options object`);
  checkKnownOptions(options, LOOP_OPTIONS, caller);
  const model = (options.request as { model?: unknown } | undefined)?.model;
  const spans: Spans = { run: runSpan(options.tracer, tracingName(options.provider), model) };
  let failure: unknown;
  try {
    const run = await startRun(
      options as unknown as RunToolsOptions<object>,
      streaming ?? options.readStreams,
      resumption,
      spans,
      caller,
    );
    const result = yield* loopTurns(run, resumption);
    spans.run.set({
      "tooltype.finish_reason": result.finishReason,
      "gen_ai.usage.input_tokens": result.usage?.inputTokens,
      "gen_ai.usage.output_tokens": result.usage?.outputTokens,
    });
    return result;
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // Also reached when the caller stops iterating early: every open span ends, with the error if there was one.
    for (const span of [spans.chat, spans.step, spans.run]) span?.end(failure);
  }
}

// The run's options checked, its state opened (when resuming), its conversation and tools set up.
async function startRun(
  options: RunToolsOptions<object>,
  reading: ReadStreams | undefined,
  resumption: Resumption | undefined,
  spans: Spans,
  caller: string,
): Promise<Run & { readonly state?: LoopState }> {
  const stream = caller === "streamTools" || caller === "resumeStream";
  const adapter = providerValue(options.provider, stream ? "streamTools" : "runTools");
  const allTools = options.registry
    ? withoutClash(options.registry.listTools(), registeredTools([options.tools ?? []]))
    : registeredTools([options.tools ?? []]);
  const maxSteps = options.maxSteps ?? 10;
  if (!(maxSteps >= 1)) throw new TypeError("runTools: maxSteps must be at least 1");
  const concurrency = options.concurrency ?? Infinity;
  if (typeof concurrency !== "number" || !(concurrency >= 1))
    throw new TypeError(`runTools: concurrency must be a number of calls, 1 or more (received ${String(concurrency)})`);
  if (typeof options.chat !== "function")
    throw new TypeError("runTools: chat must be a function that sends a request to the model");
  if (stream && !adapter.stream)
    throw new TypeError(`streamTools: the ${adapter.name} adapter has no stream reader (stream); use runTools`);
  if (
    reading !== undefined &&
    ["tracker", "events", "chunks"].some((key) => typeof reading?.[key as "tracker"] !== "function")
  )
    throw new TypeError(
      `${caller}: readStreams must be the readStreams value from "tooltype/agent" (received ${typeof reading})`,
    );
  const journal = journalOf(options.journal, caller);
  const signing = await hmacKey(options.stateKey);
  const state = resumption
    ? await openState(resumption.state, resumption.decisions, adapter.name, signing, options.claim ?? claimInMemory)
    : undefined;
  const base = { ...state?.request, ...(options.request as object) } as Record<string, unknown>;
  const messages = state ? [...state.messages] : conversationOf(adapter, base[adapter.conversation]);
  delete base[adapter.conversation];
  return {
    options,
    stream,
    ...(reading && { reading }),
    adapter,
    journal,
    spans,
    id: state?.run ?? (await journal.step("run id", async () => randomId())),
    base,
    messages,
    steps: [],
    allTools,
    deferral: toolDeferral(adapter, allTools, state?.discovered),
    concurrency,
    maxSteps,
    seal: stateSealer(signing),
    observed: stream || options.onCheckpoint !== undefined,
    logs: [],
    usage: undefined,
    step: state ? state.step : 0,
    ...(state && { state }),
  };
}

// The loop: a resumed turn first (if any), then turns (request, read, decide, execute, record) until one ends it.
async function* loopTurns(
  run: Run & { readonly state?: LoopState },
  resumption: Resumption | undefined,
): AsyncGenerator<LoopEvent, RunToolsResult> {
  if (run.state?.calls.length) {
    writeTools(run);
    const ended = yield* resumeTurn(run, resumedTurn(run.state, resumption!.decisions));
    if (ended) return yield* finish(ended);
  }
  for (;;) {
    if (run.step >= run.maxSteps) return yield* finish(finishWith(run, "max_steps"));
    run.step++;
    run.options.signal?.throwIfAborted();
    run.spans.step = run.spans.run.child(`step ${run.step}`, "internal", { "tooltype.step": run.step });
    const t0 = now();
    const startedAt = Date.now();
    const { request, offered } = await requestPhase(run);
    yield { type: "step-start", step: run.step };
    const read = yield* readPhase(run, request, offered, t0);
    const timing = (toolsMs: number): StepTiming => ({ startedAt, ...read.timing, toolsMs, totalMs: now() - t0 });
    const result = yield* turnPhase(run, read, offered, timing);
    if (result) return yield* finish(result);
  }
}

// A turn cut off by a crash or paused for a person: its open calls run, then the loop goes on as if it had not
// stopped; the run's result when the turn ends it (a stop condition, or a call that asks again).
async function* resumeTurn(
  run: Run & { readonly state?: LoopState },
  turn: Turn,
): AsyncGenerator<LoopEvent, RunToolsResult | undefined> {
  const startedAt = Date.now();
  const t0 = now();
  run.spans.step = run.spans.run.child(`step ${run.step}`, "internal", {
    "tooltype.step": run.step,
    "tooltype.resumed": true,
  });
  if (run.options.onCheckpoint && turn.results.some((r, i) => r && !run.state?.results[i])) await checkpoint(run, turn);
  yield* executeCalls(run, turn);
  const toolsMs = now() - t0;
  const timing = { startedAt, modelMs: 0, toolsMs, totalMs: toolsMs };
  if (turn.asked.length) return yield* pauseTurn(run, turn, undefined, undefined, timing);
  const entry: ToolStep = {
    step: run.step,
    response: undefined,
    calls: turn.calls,
    results: turn.results as CallResult[],
    usage: undefined,
    timing,
  };
  return (yield* answer(run, entry)) ? finishWith(run, "stop_when") : undefined;
}

// A resumed turn runs calls before this process wrote any request: the tools are written first as a request writes
// them (its issues are the request's to report), so that each tool reads back the shapes its dialect sends (a strict
// one's tuples keyed by position, maps as entries).
function writeTools(run: Run): void {
  const { options } = run;
  run.adapter.withTools(run.base, run.allTools, {
    ...(options.strict !== undefined && { strict: options.strict }),
    ...(options.dialect !== undefined && { dialect: options.dialect }),
    onIssue: () => {},
  });
}

// The request phase: `prepareStep`, the tools offered this turn, the request as the provider takes it.
async function requestPhase(run: Run): Promise<{ request: Record<string, unknown>; offered: readonly AnyTool[] }> {
  const { options, adapter, deferral, step } = run;
  const settings =
    (await options.prepareStep?.({ step, steps: run.steps, messages: run.messages, tools: run.allTools })) || undefined;
  const chosen = settings?.tools ? chosenTools(settings.tools, run.allTools) : run.allTools;
  // Tools found by the search are appended after the rest, in the order found: the list grows at its end only.
  const steady = deferral ? deferral.base(chosen) : chosen;
  const steadyNames = steady.map((t) => t.name);
  const change = toolListChange(run.offeredBefore, steadyNames, step);
  run.offeredBefore = steadyNames;
  const offered = deferral ? [...steady, ...deferral.found(chosen)] : steady;
  if (change) options.onIssue?.({ tool: "", provider: adapter.name, path: "", kind: "advice", message: change });
  const choice = settings?.toolChoice ?? (step === 1 ? options.toolChoice : laterChoice(options.toolChoice));
  let request = adapter.withTools({ ...run.base, ...(settings?.request as object | undefined) }, offered, {
    ...(choice !== undefined && { toolChoice: choice }),
    ...(options.parallelToolCalls !== undefined && { parallelToolCalls: options.parallelToolCalls }),
    ...(options.strict !== undefined && { strict: options.strict }),
    ...(options.dialect !== undefined && { dialect: options.dialect }),
    ...(options.onIssue && { onIssue: options.onIssue }),
  });
  request = { ...request, [adapter.conversation]: [...(settings?.messages ?? run.messages)] };
  if (adapter.stream && run.stream) request = adapter.stream.request(request);
  return { request, offered };
}

/** What the read phase gives: the model's whole response, a call whose streamed arguments were doomed, timing. */
interface Read {
  readonly response: unknown;
  readonly doomed?: Extract<Delta, { type: "tool-call-delta" }>;
  readonly timing: { readonly modelMs: number; readonly firstChunkMs?: number };
}

// The read phase, one journal step (`request {step}`): the request sent, the response read whole or streamed. In
// process the deltas are yielded as they arrive; a durable journal's step yields them when the step ends.
async function* readPhase(
  run: Run,
  request: Record<string, unknown>,
  offered: readonly AnyTool[],
  t0: number,
): AsyncGenerator<LoopEvent, Read> {
  const { adapter, spans } = run;
  spans.chat = spans.step!.child(
    `chat ${typeof request.model === "string" ? request.model : adapter.name}`,
    "client",
    chatAttributes(adapter.tracingName ?? adapter.name, request),
  );
  let read: Read;
  if (run.journal === inProcessJournal) read = yield* readResponse(run, request, offered, t0);
  else {
    const events: LoopEvent[] = [];
    read = await run.journal.step(`request ${run.step}`, () =>
      collect(readResponse(run, request, offered, t0), events),
    );
    yield* events;
  }
  run.options.signal?.throwIfAborted();
  spans.chat.set(responseAttributes(read.response, adapter.usage?.(read.response)));
  spans.chat.end();
  return read;
}

async function collect<T>(events: AsyncGenerator<LoopEvent, T>, into: LoopEvent[]): Promise<T> {
  for (;;) {
    const next = await events.next();
    if (next.done) return next.value;
    into.push(next.value);
  }
}

// The model's turn: a whole response, or a stream assembled into one.
async function* readResponse(
  run: Run,
  request: Record<string, unknown>,
  offered: readonly AnyTool[],
  t0: number,
): AsyncGenerator<LoopEvent, Read> {
  const { adapter, options } = run;
  const { signal } = options;
  const output = await readChatOutput(
    await options.chat(request, { ...(signal && { signal }) }),
    adapter,
    run.reading,
    signal,
  );
  if ("whole" in output)
    return {
      response: responseOf(adapter, output.whole, "runTools: what chat returned"),
      timing: { modelMs: now() - t0 },
    };
  if (!adapter.stream)
    throw new TypeError(
      `runTools: chat returned a stream, and the ${adapter.name} adapter has no stream reader (stream)`,
    );
  const deltas: Delta[] = [];
  // chunks come only from run.reading (readChatOutput throws without it)
  const reader = adapter.stream.reader(run.reading!.tracker(offered, (delta) => void deltas.push(delta)));
  let chunks = 0;
  let firstChunkMs: number | undefined;
  let doomed: Read["doomed"];
  for await (const chunk of output.chunks) {
    firstChunkMs ??= now() - t0;
    chunks++;
    if (typeof chunk === "object" && chunk !== null) readingChunk(adapter.name, chunks, () => reader.push(chunk));
    for (const delta of deltas) {
      yield { ...delta, step: run.step };
      if (options.abortDoomedCalls && delta.type === "tool-call-delta" && !delta.viable) doomed ??= delta;
    }
    deltas.length = 0;
    if (doomed) break; // leaving the stream closes the request
  }
  const timing = { modelMs: now() - t0, ...(firstChunkMs !== undefined && { firstChunkMs }) };
  return { response: reader.response(), ...(doomed && { doomed }), timing };
}

// The decide, execute and record phases of a turn; the run's result when the turn ends the run.
async function* turnPhase(
  run: Run,
  read: Read,
  offered: readonly AnyTool[],
  timing: (toolsMs: number) => StepTiming,
): AsyncGenerator<LoopEvent, RunToolsResult | undefined> {
  const { adapter, step } = run;
  const { response } = read;
  Object.assign(run.base, adapter.carryOver?.(run.base, response));
  const unrunnable = adapter.unrunnable?.(response) ?? [];
  if (unrunnable.length) {
    const more = unrunnable.length > 5 ? `, and ${unrunnable.length - 5} more` : "";
    throw new Error(
      `The ${adapter.name} response asks the client to run ${unrunnable.slice(0, 5).join(", ")}${more}, which no tool of the loop answers: answer such items in a loop of your own, or leave the tools that make them out of the request`,
    );
  }
  const usage = adapter.usage?.(response);
  if (!adapter.calls(response).length) {
    run.messages.push(...adapter.assistantMessages(response));
    yield* record(run, { step, response, calls: [], results: [], usage, timing: timing(0) }, await seen(run));
    const refusal = adapter.refusal?.(response);
    return { ...finishWith(run, "stop", adapter.text(response)), ...(refusal !== undefined && { refusal }) };
  }
  const t1 = now();
  const turn = await decide(run, response, offered, read.doomed);
  await waitForDecisions(run, turn);
  // Saved before any call runs, so that a resumed run gives each call the same idempotency key and decision.
  const decided = await seen(run, turn);
  if (decided) yield* decidedEvents(step, turn, decided);
  yield* executeCalls(run, turn);
  const toolsMs = now() - t1;
  const { calls, results } = turn;
  if (turn.pending.length || turn.asked.length) return yield* pauseTurn(run, turn, response, usage, timing(toolsMs));
  const entry: ToolStep = { step, response, calls, results: results as CallResult[], usage, timing: timing(toolsMs) };
  return (yield* answer(run, entry)) ? finishWith(run, "stop_when") : undefined;
}

/**
 * A registry's tools and more tools beside them: one name in both is refused (the loop could not tell which one a
 * call means, and keeping either silently would run a tool the caller did not pick, such as a server's tool in
 * place of a local one that asks for approval).
 */
function withoutClash(registered: readonly AnyTool[], more: readonly AnyTool[]): AnyTool[] {
  const names = new Set(registered.map((tool) => tool.name));
  const clash = more.filter((tool) => names.has(tool.name)).map((tool) => tool.name);
  if (clash.length)
    throw new TypeError(
      `runTools: ${clash.map((name) => JSON.stringify(name)).join(", ")} is both in registry and in tools; give each tool one name (mcpTools has prefix and local for a server's tools)`,
    );
  return [...registered, ...more];
}

async function* finish(result: RunToolsResult): AsyncGenerator<LoopEvent, RunToolsResult> {
  yield { type: "finish", ...result };
  return result;
}

// A forced choice applies to the first turn only, so the loop cannot spin.
function laterChoice(choice: ToolChoice | undefined): ToolChoice | undefined {
  return choice === undefined || choice === "auto" || choice === "none" ? choice : "auto";
}

function chosenTools(chosen: readonly (AnyTool | string)[], all: readonly AnyTool[]): AnyTool[] {
  return chosen.map((entry) => {
    if (typeof entry !== "string") return entry;
    const tool = all.find((t) => t.name === entry);
    if (!tool)
      throw new TypeError(
        `prepareStep: no tool named ${JSON.stringify(entry)}; the loop has ${all.map((t) => t.name).join(", ") || "none"}`,
      );
    return tool;
  });
}

// The name traces give the provider (`gen_ai.provider.name`): its adapter's `tracingName`, else its name.
function tracingName(provider: ProviderAdapter): string {
  return typeof provider === "object" && provider !== null ? (provider.tracingName ?? provider.name) : String(provider);
}

/**
 * The request's conversation as a list to append to. Responses' `input` and Gemini's `contents` may be a
 * single string (one user message; spread, it would become characters), and Gemini's a single `Content`.
 */
function conversationOf(adapter: ProviderAdapter, value: unknown): unknown[] {
  if (Array.isArray(value)) return [...value];
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return [adapter.userMessage(value)];
  return [value];
}
