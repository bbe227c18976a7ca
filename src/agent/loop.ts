import { registeredTools, type ToolRegistry } from "../tools/registry.js";
import type { AnyTool } from "../tools/tool.js";
import type { CallResult, ToolCall } from "../tools/call.js";
import { failure, type ToolResult } from "../tools/result.js";
import { boundedCall } from "../tools/bounded-call.js";
import { runDecoded } from "../tools/tool.js";
import { checkArguments } from "../calls/viability.js";
import { toolListChange } from "../tools/stable.js";
import type { ConversionWarning } from "../schema/dialects/warnings.js";
import type { SchemaRules } from "../tools/provider-formats.js";
import { providerValue, responseOf } from "../calls/common.js";
import type { Delta, ProviderAdapter, ToolChoice } from "../calls/types.js";
import { resultData, resultText } from "../calls/wire.js";
import { createCallTracker } from "../calls/assemble.js";
import { readChatOutput, readingChunk } from "./chat-output.js";
import {
  decisionOf,
  jsonResult,
  needsApproval,
  rejection,
  type ApprovalDecisions,
  type ApprovalRule,
} from "./approval.js";
import { frozenData, openState, stateSealer, type LoopState, type UnsealedState } from "./state.js";
import { claimInMemory, hmacKey, randomId, type ClaimHook, type StateKey } from "./seal.js";
import { checkKnownOptions } from "../util/known-options.js";
import {
  afterCall,
  beforeCall,
  wrapCall,
  type AfterHook,
  type BeforeHook,
  type WrapHook,
} from "../tools/guardrails.js";
import { completions } from "./completions.js";
import { prepareCall, unknownTool, type Prepared, type RepairHook } from "./repair.js";
import { shouldStop, type StopCondition } from "./stop.js";
import { addUsage, type Usage } from "./usage.js";
import { notFoundYet, toolDeferral } from "./tool-search.js";
import type { LoopEvent, RunToolsResult, StepTiming, ToolStep } from "./step.js";
import {
  chatAttributes,
  endTool,
  responseAttributes,
  runSpan,
  toolAttributes,
  type SpanHandle,
  type Tracer,
} from "./tracing.js";

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
 * runTools({ provider: "openai", chat: (r) => openai.chat.completions.create(r), request: { model, messages }, tools: [weather], maxSteps: 5, timeout: 10_000 });
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
  /** Strict tool schemas: `true`, or `"prefer"` (strict for each tool whose schema allows it, reported to `onIssue`). */
  readonly strict?: boolean | "prefer";
  /** The schema rules of the model behind `chat` when they are not the provider's (an OpenAI-compatible gateway in front of Gemini: `"gemini"`). */
  readonly dialect?: SchemaRules;
  /** Called after each turn (awaited). */
  readonly onStep?: (step: ToolStep) => void | Promise<void>;
  /** Cancels the request in flight (a stream stops where it is) and the running calls; the run rejects with the signal's reason. */
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
  /** Read near-JSON arguments (code fences, trailing commas, single quotes, nested JSON strings, numbers as strings); adopted only when the guard then accepts them. */
  readonly lenient?: boolean;
  /** Fixes arguments the guard refused; see `RepairHook`. */
  readonly repair?: RepairHook;
  /** The secret states are signed with (see `StateKey`); without one, a random key of this process, so a state resumes only here. */
  readonly stateKey?: StateKey;
  /** Marks a state as resumed, once (see `ClaimHook`); default: this process's memory. */
  readonly claim?: ClaimHook;
  /**
   * Called, and awaited, with each state the loop gives: once a turn's calls are decided (before any runs), as
   * each call finishes, and at the end of each turn. Store the latest to resume a run a crash cut off.
   */
  readonly onCheckpoint?: (state: LoopState) => void | Promise<void>;
  /** Guardrail before every call (before the tool's own): allow, `{ refuse: message }`, or `{ arguments }`; see `BeforeHook`. */
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
   * Where spans go (an OpenTelemetry `Tracer`): one for the run (`invoke_agent`), each step, each model request
   * (`chat {model}`) and each tool call (`execute_tool {name}`), with the GenAI semantic conventions' attributes.
   * Default: the tracer provider registered with `@opentelemetry/api`, if any; without one no span is made.
   */
  readonly tracer?: Tracer;
  /** Receives advice (`prepareStep` changed the tool list, which breaks prompt caching) and what an answer writer changed in a result (an image the provider cannot take). */
  readonly onIssue?: (issue: ConversionWarning & { readonly tool: string; readonly provider: string }) => void;
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
  onIssue: true,
} as const satisfies Record<keyof RunToolsOptions<object>, true>;

/** A prepared call after `before`: `rewritten` when a guardrail gave other arguments. */
type Guarded = Prepared & { readonly rewritten?: boolean };

/** A turn's calls and where they stand: the part of a state inside a turn. */
interface Turn {
  readonly calls: readonly ToolCall[];
  readonly results: (CallResult | null)[];
  readonly pending: readonly (ToolCall & { readonly index: number })[];
  /** What the turn's states share, kept at its first state: the conversation, calls and pending calls do not change during a turn. */
  kept?: Pick<UnsealedState, "messages" | "calls" | "pending">;
}

/**
 * A paused run to continue: its state and a decision for each pending call.
 *
 * @example
 * { state: JSON.parse(saved), decisions: { call_1: true } }
 */
export interface Resumption {
  readonly state: unknown;
  readonly decisions: ApprovalDecisions;
}

const now = (): number => (typeof performance !== "undefined" ? performance.now() : Date.now());

/**
 * The tool loop behind `runTools`, `streamTools` and `resume`: yields every event, returns the result.
 * With `stream`, requests ask for a stream (`stream: true`) and the deltas are reported as they arrive.
 *
 * @example
 * for await (const event of toolLoop(options, true)) console.log(event.type);
 */
export async function* toolLoop<Request extends object>(
  options: RunToolsOptions<Request>,
  stream: boolean,
  resumption?: Resumption,
): AsyncGenerator<LoopEvent, RunToolsResult> {
  const caller = stream ? (resumption ? "resumeStream" : "streamTools") : resumption ? "resume" : "runTools";
  if (typeof options !== "object" || options === null) throw new TypeError(`${caller}: expects an options object`);
  checkKnownOptions(options, LOOP_OPTIONS, caller);
  const spans: Spans = {
    run: runSpan(
      options.tracer,
      tracingName(options.provider),
      (options.request as { model?: unknown } | undefined)?.model,
    ),
  };
  let failure: unknown;
  try {
    const result = yield* loopSteps(options, stream, resumption, spans);
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

/** The spans open at a point of the loop, so that an error or an early stop can end them. */
interface Spans {
  readonly run: SpanHandle;
  step?: SpanHandle;
  chat?: SpanHandle;
}

async function* loopSteps<Request extends object>(
  options: RunToolsOptions<Request>,
  stream: boolean,
  resumption: Resumption | undefined,
  spans: Spans,
): AsyncGenerator<LoopEvent, RunToolsResult> {
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
  const streaming = adapter.stream;
  if (stream && !streaming)
    throw new TypeError(`streamTools: the ${adapter.name} adapter has no stream reader (stream); use runTools`);
  const { signal } = options;
  const key = adapter.conversation;
  const signing = await hmacKey(options.stateKey);
  const seal = stateSealer(signing);
  const state = resumption
    ? await openState(resumption.state, resumption.decisions, adapter.name, signing, options.claim ?? claimInMemory)
    : undefined;
  const run = state?.run ?? randomId();
  const base = (
    state ? { ...state.request, ...(options.request as object) } : { ...(options.request as object) }
  ) as Record<string, unknown>;
  const messages: unknown[] = state ? [...state.messages] : conversationOf(adapter, base[key]);
  delete base[key];
  const steps: ToolStep[] = [];
  let usage: Usage | undefined;
  let step = state ? state.step : 0;
  const deferral = toolDeferral(adapter, allTools, state?.discovered);

  const byName = (tools: readonly AnyTool[]) => new Map(tools.map((tool) => [tool.name, tool]));
  const finishWith = (
    finishReason: RunToolsResult["finishReason"],
    text: string | undefined,
    paused?: LoopState,
  ): RunToolsResult => ({
    text,
    messages,
    steps,
    finishReason,
    usage,
    ...(paused && { state: paused }),
  });
  // The run as a signed state: between turns, or inside one (`turn`).
  const checkpoint = async (turn?: Turn): Promise<LoopState> => {
    const kept = turn ? (turn.kept ??= keep(turn)) : keep();
    const results = turn ? turn.results.map((r) => r && jsonResult(r)) : [];
    const discovered = deferral?.discovered.length ? { discovered: [...deferral.discovered] } : {};
    const sealed = await seal({
      run,
      provider: adapter.name,
      request: (resultData(base) ?? {}) as Record<string, unknown>,
      step,
      results,
      ...kept,
      ...discovered,
    });
    await options.onCheckpoint?.(sealed);
    return sealed;
  };
  const keep = (turn?: Turn): NonNullable<Turn["kept"]> => ({
    messages: frozenData(messages) as unknown[],
    calls: turn ? (frozenData(turn.calls) as ToolCall[]) : [],
    pending: turn ? (frozenData(turn.pending) as Turn["pending"]) : [],
  });
  // States are made only where they can be seen: streamTools' events and onCheckpoint. runTools drops its events,
  // so without onCheckpoint it seals only the state a paused run returns.
  const observed = stream || options.onCheckpoint !== undefined;
  const seen = (turn?: Turn): Promise<LoopState | undefined> =>
    observed ? checkpoint(turn) : Promise.resolve(undefined);
  const record = async function* (entry: ToolStep, saved: LoopState | undefined): AsyncGenerator<LoopEvent> {
    spans.step?.set({
      "gen_ai.usage.input_tokens": entry.usage?.inputTokens,
      "gen_ai.usage.output_tokens": entry.usage?.outputTokens,
      "tooltype.tool_calls": entry.calls.length,
    });
    spans.step?.end();
    steps.push(entry);
    usage = addUsage(usage, entry.usage);
    if (saved) yield { type: "step-finish", ...entry, state: saved };
    await options.onStep?.(entry);
  };
  // A turn's answers join the conversation and its step is recorded; true when `stopWhen` ends the loop there.
  const answer = async function* (entry: ToolStep): AsyncGenerator<LoopEvent, boolean> {
    for (const message of adapter.toolMessages(entry.results, options)) messages.push(message); // one a call: no spread
    yield* record(entry, await seen());
    signal?.throwIfAborted();
    return shouldStop(options.stopWhen, { step: entry, steps, messages });
  };
  // The idempotency key is the same for a call however often its run is resumed: run, turn, call id.
  const keyOf = (call: ToolCall) => `${run}:${step}:${call.id}`;
  // Arguments are validated (and repaired) before approval is asked: run on what that decoded, not validated again.
  // The guardrails: `wrap` inside the call's time limit, `after` on whatever it gave (a timeout too).
  const execute = async (tool: AnyTool, decoded: unknown, call: ToolCall): Promise<ToolResult> => {
    const idempotencyKey = keyOf(call);
    const guarded = { id: call.id, name: call.name, arguments: decoded, context: options.context, idempotencyKey };
    const span = (spans.step ?? spans.run).child(
      `execute_tool ${tool.name}`,
      "internal",
      toolAttributes(tool, call.id),
    );
    const result = await span.within(() =>
      boundedCall(
        tool.name,
        (own) =>
          wrapCall([options, tool], guarded, () =>
            runDecoded(tool, decoded, options.context, { signal: own, idempotencyKey }),
          ),
        { signal, timeout: tool.timeout ?? options.timeout },
      ),
    );
    const after = await afterCall([options, tool], guarded, result);
    endTool(span, after);
    return after;
  };
  // `before`, the loop's then the tool's, on a call that passed its guard: what approval is asked for and what runs.
  const guardBefore = async (p: Prepared, call: ToolCall): Promise<Guarded> => {
    if (!p.ok) return p;
    const out = await beforeCall(
      [options, p.tool],
      {
        id: call.id,
        name: call.name,
        arguments: p.decoded,
        context: options.context,
        idempotencyKey: keyOf(call),
        json: p.arguments,
      },
      (json) => p.tool.validate(json),
    );
    return out.ok
      ? { ...p, arguments: out.json, decoded: out.decoded, rewritten: out.rewritten }
      : { ok: false, result: out.result };
  };

  if (state?.calls.length) {
    // A turn in progress: run the calls without a result (those pending as decided), then go on as if it had not stopped.
    const started = Date.now();
    const t0 = now();
    spans.step = spans.run.child(`step ${state.step}`, "internal", {
      "tooltype.step": state.step,
      "tooltype.resumed": true,
    });
    const tools = byName(deferral ? [...allTools, deferral.search] : allTools);
    const turn: Turn = { calls: state.calls, results: [...state.results], pending: [] };
    const open = state.results.flatMap((r, i) => (r ? [] : [i]));
    const pendingAt = new Map(state.pending.map((call) => [call.index, call]));
    const tasks = open.map((i) => async (): Promise<{ result: ToolResult; ms: number }> => {
      const t = now();
      const call = pendingAt.get(i) ?? state.calls[i]!;
      const { approved, reason } = pendingAt.has(i)
        ? decisionOf(resumption!.decisions[call.id]!)
        : { approved: true, reason: undefined };
      const tool = tools.get(call.name);
      if (!approved) return { result: rejection(call, reason), ms: 0 };
      if (!tool) return { result: unknownTool(call.name, [...tools.keys()]), ms: 0 };
      const checked = await tool.validate(call.arguments);
      const result = checked.success ? await execute(tool, checked.value, call) : checked;
      return { result, ms: now() - t };
    });
    for await (const [k, { result, ms }] of completions(tasks, concurrency)) {
      const i = open[k]!;
      const call = state.calls[i]!;
      turn.results[i] = { id: call.id, name: call.name, result };
      const saved = await seen(turn);
      if (saved) yield { type: "tool-result", step, index: i, id: call.id, name: call.name, result, ms, state: saved };
    }
    const toolsMs = now() - t0;
    const entry: ToolStep = {
      step,
      response: undefined,
      calls: state.calls,
      results: turn.results as CallResult[],
      usage: undefined,
      timing: { startedAt: started, modelMs: 0, toolsMs, totalMs: toolsMs },
    };
    if (yield* answer(entry)) return yield* finish(finishWith("stop_when", undefined));
  }

  let offeredBefore: string[] | undefined;
  for (;;) {
    if (step >= maxSteps) return yield* finish(finishWith("max_steps", undefined));
    step++;
    signal?.throwIfAborted();
    spans.step = spans.run.child(`step ${step}`, "internal", { "tooltype.step": step });
    const startedAt = Date.now();
    const t0 = now();
    const settings = (await options.prepareStep?.({ step, steps, messages, tools: allTools })) || undefined;
    const chosen = settings?.tools ? chosenTools(settings.tools, allTools) : allTools;
    // Tools found by the search are appended after the rest, in the order found: the list grows at its end only.
    const steady = deferral ? deferral.base(chosen) : chosen;
    const steadyNames = steady.map((t) => t.name);
    const change = toolListChange(offeredBefore, steadyNames, step);
    offeredBefore = steadyNames;
    const offered = deferral ? [...steady, ...deferral.found(chosen)] : steady;
    if (change) options.onIssue?.({ tool: "", provider: adapter.name, path: "", kind: "advice", message: change });
    const choice = settings?.toolChoice ?? (step === 1 ? options.toolChoice : laterChoice(options.toolChoice));
    let request = adapter.withTools({ ...base, ...(settings?.request as object | undefined) }, offered, {
      ...(choice !== undefined && { toolChoice: choice }),
      ...(options.parallelToolCalls !== undefined && { parallelToolCalls: options.parallelToolCalls }),
      ...(options.strict !== undefined && { strict: options.strict }),
      ...(options.dialect !== undefined && { dialect: options.dialect }),
      ...(options.onIssue && { onIssue: options.onIssue }),
    });
    request = { ...request, [key]: [...(settings?.messages ?? messages)] };
    if (streaming && stream) request = streaming.request(request);
    yield { type: "step-start", step };

    // The model's turn: a whole response, or a stream assembled into one.
    spans.chat = spans.step.child(
      `chat ${typeof request.model === "string" ? request.model : adapter.name}`,
      "client",
      chatAttributes(adapter.tracingName ?? adapter.name, request),
    );
    const output = await readChatOutput(
      await options.chat(request as Request, { ...(signal && { signal }) }),
      adapter,
      signal,
    );
    let response: unknown;
    let firstChunkMs: number | undefined;
    let doomed: Extract<Delta, { type: "tool-call-delta" }> | undefined;
    if ("whole" in output) response = responseOf(adapter, output.whole, "runTools: what chat returned");
    else if (!streaming)
      throw new TypeError(
        `runTools: chat returned a stream, and the ${adapter.name} adapter has no stream reader (stream)`,
      );
    else {
      const deltas: Delta[] = [];
      const reader = streaming.reader(createCallTracker(checkArguments(offered), (delta) => void deltas.push(delta)));
      let chunks = 0;
      for await (const chunk of output.chunks) {
        firstChunkMs ??= now() - t0;
        chunks++;
        if (typeof chunk === "object" && chunk !== null) readingChunk(adapter.name, chunks, () => reader.push(chunk));
        for (const delta of deltas) {
          yield { ...delta, step };
          if (options.abortDoomedCalls && delta.type === "tool-call-delta" && !delta.viable) doomed ??= delta;
        }
        deltas.length = 0;
        if (doomed) break; // leaving the stream closes the request
      }
      response = reader.response();
    }
    signal?.throwIfAborted();
    const modelMs = now() - t0;
    const stepUsage = adapter.usage?.(response);
    spans.chat.set(responseAttributes(response, stepUsage));
    spans.chat.end();
    const calls = adapter.calls(response);
    const assistant = adapter.assistantMessages(response);
    const timing = (toolsMs: number): StepTiming => ({
      startedAt,
      modelMs,
      ...(firstChunkMs !== undefined && { firstChunkMs }),
      toolsMs,
      totalMs: now() - t0,
    });
    if (!calls.length) {
      messages.push(...assistant);
      yield* record({ step, response, calls, results: [], usage: stepUsage, timing: timing(0) }, await seen());
      const refusal = adapter.refusal?.(response);
      return yield* finish({
        ...finishWith("stop", adapter.text(response)),
        ...(refusal !== undefined && { refusal }),
      });
    }

    // The calls: checked (repaired when allowed), asked about, run.
    const t1 = now();
    const tools = byName(offered);
    const refusal = refusedWhole(adapter, response, doomed);
    const prepared: Prepared[] = await Promise.all(
      calls.map((call) => {
        const tool = tools.get(call.name);
        const refused = refusal(call);
        if (refused) return { ok: false as const, result: refused };
        if (!tool)
          return {
            ok: false as const,
            result: deferral?.hidden(call.name) ? notFoundYet(call.name) : unknownTool(call.name, [...tools.keys()]),
          };
        return prepareCall(call, tool, {
          ...(options.lenient && { lenient: true }),
          ...(options.repair && { repair: options.repair }),
          messages,
        });
      }),
    );
    const repeated = repeatedIds(calls);
    const guarded: Guarded[] = await Promise.all(
      prepared.map((p, i) => (repeated.has(i) ? p : guardBefore(p, calls[i]!))),
    );
    const adopted = calls.map((call, i) => {
      const p = guarded[i]!;
      return p.ok && (p.repaired || p.rewritten) ? { ...call, arguments: p.arguments } : call;
    });
    messages.push(...assistantWith(adapter, assistant, calls, prepared));
    const ask = await Promise.all(
      guarded.map((p, i) =>
        p.ok && !repeated.has(i)
          ? needsApproval(p.tool, p.decoded, adopted[i]!, options.context, options.needsApproval)
          : false,
      ),
    );

    const turn: Turn = { calls: adopted, results: calls.map(() => null), pending: [] };
    const { results } = turn;
    const runnable: number[] = [];
    const pending = turn.pending as (ToolCall & { index: number })[];
    guarded.forEach((p, i) => {
      const call = adopted[i]!;
      if (repeated.has(i)) results[i] = { id: call.id, name: call.name, result: repeatedId(call) };
      else if (!p.ok) results[i] = { id: call.id, name: call.name, result: p.result };
      else if (ask[i]) pending.push({ id: call.id, name: call.name, arguments: p.arguments, index: i });
      else runnable.push(i);
    });
    // Saved before any call runs, so that a resumed run gives each call the same idempotency key.
    const decided = await seen(turn);
    if (decided) yield* decidedEvents(step, turn, decided);
    const tasks = runnable.map((i) => async () => {
      const t = now();
      const p = guarded[i] as Extract<Prepared, { ok: true }>;
      const result = await execute(p.tool, p.decoded, adopted[i]!);
      return { result: noted(adapter, p, result), ms: now() - t };
    });
    for await (const [k, { result, ms }] of completions(tasks, concurrency)) {
      const i = runnable[k]!;
      const call = adopted[i]!;
      results[i] = { id: call.id, name: call.name, result };
      const { repaired } = prepared[i] as Extract<Prepared, { ok: true }>;
      const saved = await seen(turn);
      if (saved)
        yield {
          type: "tool-result",
          step,
          index: i,
          id: call.id,
          name: call.name,
          result,
          ...(repaired && { repaired }),
          ms,
          state: saved,
        };
    }
    const toolsMs = now() - t1;

    if (pending.length) {
      const paused = await checkpoint(turn);
      for (const call of paused.pending) yield { type: "approval-required", step, index: call.index, call };
      yield* record(
        {
          step,
          response,
          calls: adopted,
          results: results.filter((r) => r !== null),
          pending: paused.pending,
          usage: stepUsage,
          timing: timing(toolsMs),
        },
        paused,
      );
      return yield* finish(finishWith("approval", undefined, paused));
    }
    const entry: ToolStep = {
      step,
      response,
      calls: adopted,
      results: results as CallResult[],
      usage: stepUsage,
      timing: timing(toolsMs),
    };
    if (yield* answer(entry)) return yield* finish(finishWith("stop_when", undefined));
  }
}

// A turn's calls once decided, and the answers of those that will not run, all with the state saved before any runs.
function* decidedEvents(step: number, turn: Turn, state: LoopState): Generator<LoopEvent> {
  for (let index = 0; index < turn.calls.length; index++)
    yield { type: "tool-call", step, index, call: turn.calls[index]!, state };
  for (let i = 0; i < turn.results.length; i++) {
    const done = turn.results[i];
    if (done)
      yield { type: "tool-result", step, index: i, id: done.id, name: done.name, result: done.result, ms: 0, state };
  }
}

// Indexes of calls whose id an earlier call of the turn has: their answers could not be told apart, so they do not run.
function repeatedIds(calls: readonly ToolCall[]): Set<number> {
  const seen = new Set<string>();
  const repeated = new Set<number>();
  calls.forEach((call, i) => {
    if (seen.has(call.id)) repeated.add(i);
    seen.add(call.id);
  });
  return repeated;
}

function repeatedId(call: ToolCall): ToolResult {
  return failure(
    `Call id ${JSON.stringify(call.id)} was used by an earlier call in this turn; this call of tool "${call.name}" did not run. Give each call its own id.`,
  );
}

/**
 * Calls answered without running: every call of a turn cut at the output token limit (its arguments may be
 * cut short too), and a call whose streamed arguments could no longer pass (`abortDoomedCalls`).
 */
function refusedWhole(
  adapter: ProviderAdapter,
  response: unknown,
  doomed: { readonly id: string; readonly name: string; readonly reason?: string } | undefined,
): (call: ToolCall) => ToolResult | undefined {
  if (adapter.truncated?.(response)) {
    return (call) =>
      failure(
        `Your turn was cut at the output token limit, so tool "${call.name}" did not run: its arguments may be incomplete. Call it again (with shorter arguments if you can).`,
      );
  }
  if (!doomed) return () => undefined;
  return (call) =>
    call.id === doomed.id && call.name === doomed.name
      ? failure(
          `The arguments for tool "${call.name}" were refused while they streamed, so the request was stopped: ${doomed.reason}. Call the tool again with arguments that fit its schema.`,
        )
      : undefined;
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
 * The assistant turn as the conversation keeps it, in a form every provider takes back: a repaired call shows
 * the arguments its tool ran on, and arguments that never parsed as an object (broken JSON, a stream cut short or
 * stopped) show as `{}`: Anthropic, Gemini and Bedrock refuse a call without an object, and servers that read
 * the history as JSON refuse broken text. The model still reads what it sent, in the call's error.
 */
function assistantWith(
  adapter: ProviderAdapter,
  assistant: unknown[],
  calls: readonly ToolCall[],
  prepared: readonly Prepared[],
): unknown[] {
  const replace = new Map<number, unknown>();
  prepared.forEach((p, i) => {
    if (p.ok && p.repaired) replace.set(i, p.arguments);
    else if (!isObject(calls[i]!.arguments)) replace.set(i, {});
  });
  if (!replace.size) return assistant;
  return adapter.withArguments?.(assistant, replace) ?? assistant;
}

// Where the turn cannot be rewritten (no `withArguments`), the answer says what the tool ran on.
function noted(adapter: ProviderAdapter, prepared: Extract<Prepared, { ok: true }>, result: ToolResult): ToolResult {
  if (!prepared.repaired || adapter.withArguments) return result;
  const note = `(Your arguments were read as ${JSON.stringify(prepared.arguments)}.)`;
  return result.success
    ? { success: true, value: `${note}\n${resultText(result)}` }
    : { ...result, error: `${note}\n${result.error}` };
}

const isObject = (value: unknown): boolean => typeof value === "object" && value !== null && !Array.isArray(value);

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
