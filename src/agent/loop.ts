import { ToolRegistry } from "../tools/registry.js";
import type { AnyTool } from "../tools/tool.js";
import type { CallResult, ToolCall } from "../tools/call.js";
import type { ToolResult } from "../tools/result.js";
import { boundedCall } from "../tools/bounded-call.js";
import { runDecoded } from "../tools/tool.js";
import { toolListChange } from "../tools/stable.js";
import type { ConversionWarning } from "../schema/dialects/warnings.js";
import { adapterOf } from "../calls/providers/index.js";
import type { Provider, ProviderAdapter, ToolChoice } from "../calls/types.js";
import { resultData } from "../calls/wire.js";
import { resultText } from "../calls/wire.js";
import { createAssembler, STREAMING, type Delta } from "./assemble.js";
import { readChatOutput } from "./chat-output.js";
import { decisionOf, jsonResult, needsApproval, readState, rejection, type ApprovalDecisions, type ApprovalRule, type LoopState, type PendingCall } from "./approval.js";
import { completions } from "./completions.js";
import { prepareCall, unknownTool, type Prepared, type RepairHook } from "./repair.js";
import { REWRITABLE, withArguments } from "./rewrite.js";
import { shouldStop, type StopCondition } from "./stop.js";
import { addUsage, usageOf, type Usage } from "./usage.js";
import type { LoopEvent, RunToolsResult, StepTiming, ToolStep } from "./step.js";

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
  readonly provider: Provider | ProviderAdapter;
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
  readonly strict?: boolean;
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
  readonly prepareStep?: (info: PrepareStepInfo) => StepSettings<Request> | undefined | void | Promise<StepSettings<Request> | undefined | void>;
  /** Asks for approval of calls the tools themselves do not ask for (e.g. every call of an MCP server's tools). */
  readonly needsApproval?: ApprovalRule;
  /** Read near-JSON arguments (code fences, trailing commas, single quotes, nested JSON strings, numbers as strings); adopted only when the guard then accepts them. */
  readonly lenient?: boolean;
  /** Fixes arguments the guard refused; see `RepairHook`. */
  readonly repair?: RepairHook;
  /** Receives advice (`prepareStep` changed the tool list, which breaks prompt caching) and what an answer writer changed in a result (an image the provider cannot take). */
  readonly onIssue?: (issue: ConversionWarning & { readonly tool: string; readonly provider: string }) => void;
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
export async function* toolLoop<Request extends object>(options: RunToolsOptions<Request>, stream: boolean, resumption?: Resumption): AsyncGenerator<LoopEvent, RunToolsResult> {
  const adapter = adapterOf(options.provider);
  const registry = options.registry ?? new ToolRegistry().register(options.tools ?? []);
  const allTools = options.registry && options.tools ? [...registry.listTools(), ...options.tools] : registry.listTools();
  const maxSteps = options.maxSteps ?? 10;
  if (!(maxSteps >= 1)) throw new TypeError("runTools: maxSteps must be at least 1");
  const concurrency = options.concurrency ?? Infinity;
  if (typeof concurrency !== "number" || !(concurrency >= 1)) throw new TypeError(`runTools: concurrency must be a number of calls, 1 or more (received ${String(concurrency)})`);
  if (typeof options.chat !== "function") throw new TypeError("runTools: chat must be a function that sends a request to the model");
  if (stream && !(STREAMING as readonly string[]).includes(adapter.name)) {
    throw new TypeError(`streamTools: streams are read for ${STREAMING.join(", ")}; for ${adapter.name}, use runTools`);
  }
  const { signal } = options;
  const key = adapter.conversation;
  const state = resumption ? readState(resumption.state, resumption.decisions, adapter.name) : undefined;
  const base = (state ? { ...state.request, ...(options.request as object) } : { ...(options.request as object) }) as Record<string, unknown>;
  const messages: unknown[] = state ? [...state.messages] : conversationOf(adapter, base[key]);
  delete base[key];
  const steps: ToolStep[] = [];
  let usage: Usage | undefined;
  let step = state ? state.step : 0;

  const byName = (tools: readonly AnyTool[]) => new Map(tools.map((tool) => [tool.name, tool]));
  const finishWith = (finishReason: RunToolsResult["finishReason"], text: string | undefined, paused?: LoopState): RunToolsResult => ({
    text,
    messages,
    steps,
    finishReason,
    usage,
    ...(paused && { state: paused }),
  });
  const record = async function* (entry: ToolStep): AsyncGenerator<LoopEvent> {
    steps.push(entry);
    usage = addUsage(usage, entry.usage);
    yield { type: "step-finish", ...entry };
    await options.onStep?.(entry);
  };
  // A turn's answers join the conversation and its step is recorded; true when `stopWhen` ends the loop there.
  const answer = async function* (entry: ToolStep): AsyncGenerator<LoopEvent, boolean> {
    messages.push(...adapter.toolMessages(entry.results, options));
    yield* record(entry);
    signal?.throwIfAborted();
    return shouldStop(options.stopWhen, { step: entry, steps, messages });
  };
  // Arguments are validated (and repaired) before approval is asked: run on what that decoded, not validated again.
  const run = (tool: AnyTool, decoded: unknown) => boundedCall(tool.name, (own) => runDecoded(tool, decoded, options.context, { signal: own }), { signal, timeout: tool.timeout ?? options.timeout });

  if (state) {
    // The paused turn: run what was approved, answer what was refused, then go on as if it had not paused.
    const started = Date.now();
    const t0 = now();
    const tools = byName(allTools);
    const results: (CallResult | null)[] = [...state.results];
    const tasks = state.pending.map((call) => async (): Promise<{ result: ToolResult; ms: number }> => {
      const t = now();
      const { approved, reason } = decisionOf(resumption!.decisions[call.id]!);
      const tool = tools.get(call.name);
      if (!approved) return { result: rejection(call, reason), ms: 0 };
      if (!tool) return { result: unknownTool(call.name, [...tools.keys()]), ms: 0 };
      const checked = await tool.validate(call.arguments);
      const result = checked.success ? await run(tool, checked.value) : checked;
      return { result, ms: now() - t };
    });
    for await (const [i, { result, ms }] of completions(tasks, concurrency)) {
      const call = state.pending[i]!;
      results[call.index] = { id: call.id, name: call.name, result };
      yield { type: "tool-result", step: state.step, index: call.index, id: call.id, name: call.name, result, ms };
    }
    const toolsMs = now() - t0;
    const entry: ToolStep = { step: state.step, response: undefined, calls: state.calls, results: results as CallResult[], usage: undefined, timing: { startedAt: started, modelMs: 0, toolsMs, totalMs: toolsMs } };
    if (yield* answer(entry)) return yield* finish(finishWith("stop_when", undefined));
  }

  let offeredBefore: string[] | undefined;
  for (;;) {
    if (step >= maxSteps) return yield* finish(finishWith("max_steps", undefined));
    step++;
    signal?.throwIfAborted();
    const startedAt = Date.now();
    const t0 = now();
    const settings = (await options.prepareStep?.({ step, steps, messages, tools: allTools })) || undefined;
    const offered = settings?.tools ? chosenTools(settings.tools, allTools) : allTools;
    const change = toolListChange(offeredBefore, offered.map((t) => t.name), step);
    offeredBefore = offered.map((t) => t.name);
    if (change) options.onIssue?.({ tool: "", provider: adapter.name, path: "", kind: "advice", message: change });
    const choice = settings?.toolChoice ?? (step === 1 ? options.toolChoice : laterChoice(options.toolChoice));
    let request = adapter.withTools({ ...base, ...(settings?.request as object | undefined) }, offered, {
      ...(choice !== undefined && { toolChoice: choice }),
      ...(options.parallelToolCalls !== undefined && { parallelToolCalls: options.parallelToolCalls }),
      ...(options.strict !== undefined && { strict: options.strict }),
    });
    request = { ...request, [key]: [...(settings?.messages ?? messages)] };
    if (stream) request = streamingRequest(adapter.name, request);
    yield { type: "step-start", step };

    // The model's turn: a whole response, or a stream assembled into one.
    const output = await readChatOutput(await options.chat(request as Request, { ...(signal && { signal }) }), adapter.name, signal);
    let response: unknown;
    let firstChunkMs: number | undefined;
    if ("whole" in output) response = output.whole;
    else {
      const assembler = createAssembler(adapter.name);
      const deltas: Delta[] = [];
      const emit = (delta: Delta) => void deltas.push(delta);
      for await (const chunk of output.chunks) {
        firstChunkMs ??= now() - t0;
        assembler.push(chunk, emit);
        for (const delta of deltas) yield { ...delta, step };
        deltas.length = 0;
      }
      response = assembler.response();
    }
    signal?.throwIfAborted();
    const modelMs = now() - t0;
    const stepUsage = usageOf(response);
    const calls = adapter.calls(response);
    const assistant = adapter.assistantMessages(response);
    const timing = (toolsMs: number): StepTiming => ({ startedAt, modelMs, ...(firstChunkMs !== undefined && { firstChunkMs }), toolsMs, totalMs: now() - t0 });
    if (!calls.length) {
      messages.push(...assistant);
      yield* record({ step, response, calls, results: [], usage: stepUsage, timing: timing(0) });
      return yield* finish(finishWith("stop", adapter.text(response)));
    }

    // The calls: checked (repaired when allowed), asked about, run.
    const t1 = now();
    const tools = byName(offered);
    const prepared: Prepared[] = await Promise.all(
      calls.map((call) => {
        const tool = tools.get(call.name);
        return tool ? prepareCall(call, tool, { ...(options.lenient && { lenient: true }), ...(options.repair && { repair: options.repair }), messages }) : { ok: false as const, result: unknownTool(call.name, [...tools.keys()]) };
      }),
    );
    const adopted = calls.map((call, i) => {
      const p = prepared[i]!;
      return p.ok && p.repaired ? { ...call, arguments: p.arguments } : call;
    });
    messages.push(...assistantWith(adapter.name, assistant, calls, prepared));
    for (let index = 0; index < adopted.length; index++) yield { type: "tool-call", step, index, call: adopted[index]! };
    const ask = await Promise.all(prepared.map((p, i) => (p.ok ? needsApproval(p.tool, p.decoded, calls[i]!, options.context, options.needsApproval) : false)));

    const results: (CallResult | null)[] = calls.map(() => null);
    const runnable: number[] = [];
    const pending: PendingCall[] = [];
    prepared.forEach((p, i) => {
      const call = adopted[i]!;
      if (!p.ok) results[i] = { id: call.id, name: call.name, result: p.result };
      else if (ask[i]) pending.push({ id: call.id, name: call.name, arguments: p.arguments, index: i });
      else runnable.push(i);
    });
    for (let i = 0; i < results.length; i++) {
      const done = results[i];
      if (done) yield { type: "tool-result", step, index: i, id: done.id, name: done.name, result: done.result, ms: 0 };
    }
    const tasks = runnable.map((i) => async () => {
      const t = now();
      const p = prepared[i] as Extract<Prepared, { ok: true }>;
      const result = await run(p.tool, p.decoded);
      return { result: noted(adapter.name, p, result), ms: now() - t };
    });
    for await (const [k, { result, ms }] of completions(tasks, concurrency)) {
      const i = runnable[k]!;
      const call = adopted[i]!;
      results[i] = { id: call.id, name: call.name, result };
      const { repaired } = prepared[i] as Extract<Prepared, { ok: true }>;
      yield { type: "tool-result", step, index: i, id: call.id, name: call.name, result, ...(repaired && { repaired }), ms };
    }
    const toolsMs = now() - t1;

    if (pending.length) {
      for (const call of pending) yield { type: "approval-required", step, index: call.index, call };
      const paused: LoopState = {
        version: 1,
        provider: adapter.name,
        request: (resultData(base) ?? {}) as Record<string, unknown>,
        messages: resultData(messages) as unknown[],
        step,
        calls: resultData(adopted) as ToolCall[],
        results: results.map((r) => r && jsonResult(r)),
        pending: resultData(pending) as PendingCall[],
      };
      yield* record({ step, response, calls: adopted, results: results.filter((r) => r !== null), pending, usage: stepUsage, timing: timing(toolsMs) });
      return yield* finish(finishWith("approval", undefined, paused));
    }
    const entry: ToolStep = { step, response, calls: adopted, results: results as CallResult[], usage: stepUsage, timing: timing(toolsMs) };
    if (yield* answer(entry)) return yield* finish(finishWith("stop_when", undefined));
  }
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
    if (!tool) throw new TypeError(`prepareStep: no tool named ${JSON.stringify(entry)}; the loop has ${all.map((t) => t.name).join(", ") || "none"}`);
    return tool;
  });
}

// The request asks for a stream, in the provider's spelling (Gemini streams by endpoint, not by field).
function streamingRequest(provider: string, request: Record<string, unknown>): Record<string, unknown> {
  if (provider === "openai") return { ...request, stream: true, stream_options: { ...(request.stream_options as object | undefined), include_usage: true } };
  if (provider === "responses" || provider === "anthropic") return { ...request, stream: true };
  return request;
}

/**
 * The assistant turn as the conversation keeps it: a repaired call shows the arguments its tool ran on; for
 * Anthropic and Gemini, whose calls must hold objects, arguments that never parsed show as `{}`.
 */
function assistantWith(provider: string, assistant: unknown[], calls: readonly ToolCall[], prepared: readonly Prepared[]): unknown[] {
  const replace = new Map<number, unknown>();
  prepared.forEach((p, i) => {
    if (p.ok && p.repaired) replace.set(i, p.arguments);
    else if ((provider === "anthropic" || provider === "gemini") && !isObject(calls[i]!.arguments)) replace.set(i, {});
  });
  if (!replace.size) return assistant;
  return withArguments(provider, assistant, replace) ?? assistant;
}

// Where the turn cannot be rewritten (not `REWRITABLE`), the answer says what the tool ran on.
function noted(provider: string, prepared: Extract<Prepared, { ok: true }>, result: ToolResult): ToolResult {
  if (!prepared.repaired || REWRITABLE.has(provider)) return result;
  const note = `(Your arguments were read as ${JSON.stringify(prepared.arguments)}.)`;
  return result.success ? { success: true, value: `${note}\n${resultText(result)}` } : { ...result, error: `${note}\n${result.error}` };
}

const isObject = (value: unknown): boolean => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The request's conversation as a list to append to. Responses' `input` and Gemini's `contents` may be a
 * single string (one user message; spread, it would become characters), and Gemini's a single `Content`.
 */
function conversationOf(adapter: ProviderAdapter, value: unknown): unknown[] {
  if (Array.isArray(value)) return [...value];
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return [adapter.name === "gemini" ? { role: "user", parts: [{ text: value }] } : { role: "user", content: value }];
  return [value];
}
