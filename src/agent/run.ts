import type { AnyTool } from "../tools/tool.js";
import type { CallResult, ToolCall } from "../tools/call.js";
import type { ToolResult } from "../tools/result.js";
import { afterCall, beforeCall } from "../tools/guardrails.js";
import { boundedRun } from "./tool-call.js";
import type { ProviderAdapter } from "../calls/types.js";
import { resultData } from "../calls/wire.js";
import { jsonResult } from "./approval.js";
import { frozenData, type LoopState, type UnsealedState } from "./state.js";
import type { Journal } from "./journal.js";
import type { Prepared } from "./repair.js";
import { shouldStop } from "./stop.js";
import { addUsage, type Usage } from "./usage.js";
import type { ToolDeferral } from "./tool-search.js";
import type { LoopEvent, RunToolsResult, ToolStep } from "./step.js";
import { endTool, toolAttributes, type SpanHandle } from "./tracing.js";
import type { RunToolsOptions } from "./loop.js";
import type { Asking, ElicitationAnswer, PendingElicitation, ToolLog } from "./asking.js";
import type { ReadStreams } from "./read-streams.js";

/** The spans open at a point of the loop, so that an error or an early stop can end them. */
export interface Spans {
  readonly run: SpanHandle;
  step?: SpanHandle;
  chat?: SpanHandle;
}

/**
 * One run of the loop: its options, its journal, and what it has so far (the conversation, the steps, the usage).
 * Every phase (request, read, decide, execute, record) reads and appends to it.
 *
 * @example
 * const run = await startRun(options, stream, resumption, spans); run.step++;
 */
export interface Run {
  readonly options: RunToolsOptions<object>;
  readonly stream: boolean;
  /** How a streamed turn is read: always when streaming, else only when `readStreams` was given. */
  readonly reading?: ReadStreams;
  readonly adapter: ProviderAdapter;
  readonly journal: Journal;
  readonly spans: Spans;
  /** The run's id: with the step and a call's id, the call's idempotency key. */
  readonly id: string;
  /** The request without its conversation. */
  readonly base: Record<string, unknown>;
  readonly messages: unknown[];
  readonly steps: ToolStep[];
  readonly allTools: readonly AnyTool[];
  readonly deferral: ToolDeferral | undefined;
  readonly concurrency: number;
  readonly maxSteps: number;
  readonly seal: (unsealed: UnsealedState) => Promise<LoopState>;
  /** States are made only where they can be seen: streamTools' events and onCheckpoint. */
  readonly observed: boolean;
  /** Log messages of the running calls not yet yielded (streamTools only). */
  readonly logs: ToolLog[];
  usage: Usage | undefined;
  step: number;
  offeredBefore?: string[];
}

/**
 * A turn's calls and where they stand: `results` as they ran, `json` as states keep them (each made once, so a
 * checkpoint costs what it adds), the calls awaiting a decision, and the decoded arguments of calls decided here.
 *
 * @example
 * const turn = newTurn(calls); settle(turn, 0, result);
 */
export interface Turn {
  readonly calls: readonly ToolCall[];
  readonly results: (CallResult | null)[];
  readonly json: (CallResult | null)[];
  readonly pending: (ToolCall & { readonly index: number })[];
  readonly runnable: number[];
  /** Calls paused on their `elicit`, waiting for a person's answer. */
  readonly asked: PendingElicitation[];
  /** Answers to give back to each call's `elicit`s when it runs (by call index; from `resume`). */
  readonly answers: Map<number, readonly ElicitationAnswer[]>;
  /** Calls checked in this process: their tool and decoded arguments (a replayed or resumed call is checked again). */
  readonly ready: Map<number, Extract<Prepared, { ok: true }>>;
  /** What the turn's states share, kept at its first state: the conversation, calls and pending calls. */
  kept?: Pick<UnsealedState, "messages" | "calls" | "pending">;
}

/** @example const turn = newTurn(calls); */
export function newTurn(calls: readonly ToolCall[], results?: readonly (CallResult | null)[]): Turn {
  const done = results ?? calls.map(() => null);
  return {
    calls,
    results: [...done],
    json: [...done],
    pending: [],
    runnable: [],
    asked: [],
    answers: new Map(),
    ready: new Map(),
  };
}

/**
 * Writes a call's result into its turn (its JSON form is made once, when a state first needs it).
 *
 * @example
 * settle(turn, 2, { success: true, value: 1 });
 */
export function settle(turn: Turn, index: number, result: ToolResult): void {
  const call = turn.calls[index]!;
  const done = { id: call.id, name: call.name, result };
  turn.results[index] = done;
  turn.json[index] = null; // made when a state first needs it
}

/**
 * The run as a signed state: between turns, or inside one.
 *
 * @example
 * const state = await checkpoint(run, turn);
 */
export async function checkpoint(run: Run, turn?: Turn): Promise<LoopState> {
  const kept = turn ? (turn.kept ??= keep(run, turn)) : keep(run);
  const discovered = run.deferral?.discovered.length ? { discovered: [...run.deferral.discovered] } : {};
  const sealed = await run.seal({
    run: run.id,
    provider: run.adapter.name,
    request: (resultData(run.base) ?? {}) as Record<string, unknown>,
    step: run.step,
    results: turn ? turn.results.map((done, i) => done && (turn.json[i] ??= jsonResult(done))) : [],
    ...kept,
    ...discovered,
    ...(turn?.asked.length && { elicitations: frozenData(turn.asked) as PendingElicitation[] }),
  });
  await run.options.onCheckpoint?.(sealed);
  return sealed;
}

// Between turns there are no calls: one frozen empty list, so its hash is worked out once.
const NONE = Object.freeze([]) as unknown as never[];
const keep = (run: Run, turn?: Turn): NonNullable<Turn["kept"]> => ({
  messages: frozenData(run.messages) as unknown[],
  calls: turn ? (frozenData(turn.calls) as ToolCall[]) : NONE,
  pending: turn ? (frozenData(turn.pending) as Turn["pending"]) : NONE,
});

/**
 * A state where one can be seen (streamed events, `onCheckpoint`); runTools alone makes none.
 *
 * @example
 * await seen(run)
 */
export const seen = (run: Run, turn?: Turn): Promise<LoopState | undefined> =>
  run.observed ? checkpoint(run, turn) : Promise.resolve(undefined);

/**
 * Records a turn: its span ends, its step and usage join the run's, `step-finish` is yielded with the state.
 *
 * @example
 * yield* record(run, entry, await seen(run));
 */
export async function* record(run: Run, entry: ToolStep, saved: LoopState | undefined): AsyncGenerator<LoopEvent> {
  run.spans.step?.set({
    "gen_ai.usage.input_tokens": entry.usage?.inputTokens,
    "gen_ai.usage.output_tokens": entry.usage?.outputTokens,
    "tooltype.tool_calls": entry.calls.length,
  });
  run.spans.step?.end();
  run.steps.push(entry);
  run.usage = addUsage(run.usage, entry.usage);
  if (saved) yield { type: "step-finish", ...entry, state: saved };
  await run.options.onStep?.(entry);
}

/**
 * A turn's answers join the conversation and its step is recorded; true when `stopWhen` ends the loop there.
 *
 * @example
 * if (yield* answer(run, entry)) return finishWith(run, "stop_when");
 */
export async function* answer(run: Run, entry: ToolStep): AsyncGenerator<LoopEvent, boolean> {
  for (const message of run.adapter.toolMessages(entry.results, run.options)) run.messages.push(message); // one a call: no spread
  yield* record(run, entry, await seen(run));
  run.options.signal?.throwIfAborted();
  return shouldStop(run.options.stopWhen, { step: entry, steps: run.steps, messages: run.messages });
}

/** What the run ends with. @example finishWith(run, "stop", "Done.") */
export function finishWith(
  run: Run,
  finishReason: RunToolsResult["finishReason"],
  text?: string,
  paused?: LoopState,
): RunToolsResult {
  const { messages, steps, usage } = run;
  return { text, messages, steps, finishReason, usage, ...(paused && { state: paused }) };
}

/**
 * The idempotency key, the same for a call however often its run resumes: run, turn, call id.
 *
 * @example
 * keyOf(run, call)
 */
export const keyOf = (run: Run, call: ToolCall): string => `${run.id}:${run.step}:${call.id}`;

/**
 * Runs a call on the arguments its check decoded (not checked again), with the guardrails: `wrap` inside the call's
 * time limit, `after` on whatever it gave (a timeout too). The tool gets `asking`'s extras (`log`, `elicit`,
 * `sample`); a call that pauses on `elicit` gives `{ paused }` instead of a result.
 *
 * @example
 * const result = await execute(run, tool, decoded, call, askingFor(run, call, index, []));
 */
export async function execute(
  run: Run,
  tool: AnyTool,
  decoded: unknown,
  call: ToolCall,
  asking: Asking,
): Promise<ToolResult | { readonly paused: PendingElicitation }> {
  const { options } = run;
  const idempotencyKey = keyOf(run, call);
  const guarded = { id: call.id, name: call.name, arguments: decoded, context: options.context, idempotencyKey };
  const span = (run.spans.step ?? run.spans.run).child(
    `execute_tool ${tool.name}`,
    "internal",
    toolAttributes(tool, call.id),
  );
  asking.span = span;
  const extras = { idempotencyKey, ...asking.extras };
  // A call with a time limit stops counting it when it pauses (no timer left behind); the others share the run's
  // signal.
  const stop = (tool.timeout ?? options.timeout) !== undefined ? asking.stop() : undefined;
  const signal = stop && options.signal ? AbortSignal.any([options.signal, stop]) : (stop ?? options.signal);
  const ran = span.within(() => boundedRun(tool, guarded, { ...options, signal }, extras));
  const result = await Promise.race([ran, asking.paused]);
  // Pausing may abort the call's signal, so `ran` may settle too: the pause wins, whatever settled first.
  if ("paused" in result || asking.stopped()) {
    span.set({ "tooltype.paused": "elicitation" });
    span.end();
    return asking.paused;
  }
  const after = await afterCall([options, tool], guarded, result);
  endTool(span, after);
  return after;
}

/**
 * `before`, the loop's then the tool's, on a call that passed its guard: what approval is asked for and what runs.
 *
 * @example
 * const guarded = await guardBefore(run, prepared, call);
 */
export async function guardBefore(
  run: Run,
  p: Prepared,
  call: ToolCall,
): Promise<Prepared & { readonly rewritten?: boolean }> {
  if (!p.ok) return p;
  const { options } = run;
  const out = await beforeCall(
    [options, p.tool],
    {
      id: call.id,
      name: call.name,
      arguments: p.decoded,
      context: options.context,
      idempotencyKey: keyOf(run, call),
      json: p.arguments,
    },
    (json) => p.tool.validate(json),
  );
  return out.ok
    ? { ...p, arguments: out.json, decoded: out.decoded, rewritten: out.rewritten }
    : { ok: false, result: out.result };
}
