import type { CallResult, ToolCall } from "../tools/call.js";
import { failure, type ToolResult } from "../tools/result.js";
import type { AnyTool } from "../tools/tool.js";
import type { ProviderAdapter } from "../calls/types.js";
import { resultText } from "../calls/wire.js";
import { decisionOf, jsonResult, needsApproval, rejection, type ApprovalDecision } from "./approval.js";
import { completions } from "./completions.js";
import { inProcessJournal } from "./journal.js";
import { elicitedValue } from "../tools/asks.js";
import { askingFor, type ElicitationAnswer, type PendingElicitation } from "./asking.js";
import { prepareCall, unknownTool, type Prepared, type Repaired } from "./repair.js";
import {
  checkpoint,
  execute,
  finishWith,
  guardBefore,
  newTurn,
  record,
  seen,
  settle,
  type Run,
  type Turn,
} from "./run.js";
import type { LoopState } from "./state.js";
import type { LoopEvent, RunToolsResult, StepTiming, ToolStep } from "./step.js";
import type { Usage } from "./usage.js";
import { notFoundYet } from "./tool-search.js";

/** What the decide phase settles for one call: it runs, it waits for a person, or it is answered without running. */
type Decision =
  | { readonly run: true; readonly repaired?: Repaired }
  | { readonly ask: true }
  | { readonly result: ToolResult };

/** The decide phase's record: the calls as they will run, the assistant turn as kept, a decision for each call. */
interface Plan {
  readonly calls: ToolCall[];
  readonly assistant: unknown[];
  readonly decisions: Decision[];
}

/**
 * The decide phase, one journal step: each call checked (repaired when allowed), guarded (`before`), and asked
 * about; the turn is recorded with every decision before any call runs.
 *
 * @example
 * const turn = await decide(run, response, offered, doomed);
 */
export async function decide(
  run: Run,
  response: unknown,
  offered: readonly AnyTool[],
  doomed: { readonly id: string; readonly name: string; readonly reason?: string } | undefined,
): Promise<Turn> {
  const live = new Map<number, Extract<Prepared, { ok: true }>>();
  const plan = await run.journal.step(`decide ${run.step}`, () => planCalls(run, response, offered, doomed, live));
  run.messages.push(...plan.assistant);
  const turn = newTurn(plan.calls);
  plan.decisions.forEach((d, i) => {
    if ("result" in d) settle(turn, i, d.result);
    else if ("ask" in d) turn.pending.push({ ...plan.calls[i]!, index: i });
    else turn.runnable.push(i);
    const ready = live.get(i);
    if (ready) turn.ready.set(i, ready);
  });
  return turn;
}

async function planCalls(
  run: Run,
  response: unknown,
  offered: readonly AnyTool[],
  doomed: { readonly id: string; readonly name: string; readonly reason?: string } | undefined,
  live: Map<number, Extract<Prepared, { ok: true }>>,
): Promise<Plan> {
  const { adapter, options } = run;
  const calls = adapter.calls(response);
  const tools = new Map(offered.map((tool) => [tool.name, tool]));
  const refusal = refusedWhole(adapter, response, doomed);
  const prepared = await Promise.all(
    calls.map((call): Prepared | Promise<Prepared> => {
      const refused = refusal(call);
      if (refused) return { ok: false, result: refused };
      const tool = tools.get(call.name);
      if (!tool)
        return {
          ok: false,
          result: run.deferral?.hidden(call.name) ? notFoundYet(call.name) : unknownTool(call.name, [...tools.keys()]),
        };
      return prepareCall(call, tool, {
        ...(options.lenient && { lenient: true }),
        ...(options.repair && { repair: options.repair }),
        messages: run.messages,
      });
    }),
  );
  const repeated = repeatedIds(calls);
  const guarded = await Promise.all(prepared.map((p, i) => (repeated.has(i) ? p : guardBefore(run, p, calls[i]!))));
  const adopted = calls.map((call, i) => {
    const p = guarded[i]!;
    return p.ok && (p.repaired || ("rewritten" in p && p.rewritten)) ? { ...call, arguments: p.arguments } : call;
  });
  const decisions = await Promise.all(
    guarded.map(async (p, i): Promise<Decision> => {
      if (repeated.has(i)) return { result: repeatedId(calls[i]!) };
      if (!p.ok) return { result: p.result };
      live.set(i, p);
      const ask = await needsApproval(p.tool, p.decoded, adopted[i]!, options.context, options.needsApproval);
      return ask ? { ask: true } : { run: true, ...(p.repaired && { repaired: p.repaired }) };
    }),
  );
  return {
    calls: adopted,
    assistant: assistantWith(adapter, adapter.assistantMessages(response), calls, prepared),
    decisions,
  };
}

/**
 * Asks the journal for a decision on each pending call (`approval {step} {id}`). An answer is recorded at once: a
 * refusal as the call's answer, an approval as a call to run; calls without an answer stay pending (the in-process
 * journal pauses the run).
 *
 * @example
 * await waitForDecisions(run, turn);
 */
export async function waitForDecisions(run: Run, turn: Turn): Promise<void> {
  if (!turn.pending.length) return;
  const answers = await Promise.all(
    turn.pending.map((call) => run.journal.wait(`approval ${run.step} ${call.id}`, { call })),
  );
  const open = turn.pending.filter((call, k) => {
    const given = answers[k];
    if (given === undefined) return true;
    applyDecision(turn, call, checkedDecision(given, call));
    return false;
  });
  turn.pending.splice(0, turn.pending.length, ...open);
}

// A decision as a journal answers it; anything else is an error naming the call.
function checkedDecision(value: unknown, call: ToolCall): ApprovalDecision {
  const ok =
    typeof value === "boolean" ||
    (typeof value === "object" && value !== null && typeof (value as { approved?: unknown }).approved === "boolean");
  if (!ok)
    throw new TypeError(
      `journal: the answer to approval of ${JSON.stringify(call.id)} (${call.name}) must be true, false or { approved, reason? }`,
    );
  return value as ApprovalDecision;
}

// A decision recorded before any call runs: a refusal is the call's answer; an approval makes it runnable.
function applyDecision(turn: Turn, call: ToolCall & { readonly index: number }, decision: ApprovalDecision): void {
  const { approved, reason } = decisionOf(decision);
  if (approved) turn.runnable.push(call.index);
  else settle(turn, call.index, rejection(call, reason));
}

/**
 * A resumed turn: the decisions on its pending calls recorded first (refusals answered), then the calls without a
 * result are the ones to run; a call paused on `elicit` runs again with its answers so far and the new one.
 *
 * @example
 * const turn = resumedTurn(state, decisions);
 */
export function resumedTurn(state: LoopState, decisions: Readonly<Record<string, unknown>>): Turn {
  const turn = newTurn(state.calls, state.results);
  const pendingAt = new Map(state.pending.map((call) => [call.index, call]));
  for (const asked of state.elicitations ?? [])
    turn.answers.set(asked.index, [
      ...asked.answered,
      elicitedValue(decisions[asked.id], asked.schema) as ElicitationAnswer, // checked: action and content only
    ]);
  state.results.forEach((done, i) => {
    const pending = pendingAt.get(i);
    if (pending) applyDecision(turn, pending, decisions[pending.id] as ApprovalDecision);
    else if (!done) turn.runnable.push(i);
  });
  turn.runnable.sort((a, b) => a - b);
  return turn;
}

/**
 * The execute phase: each runnable call one journal step (`call {step} {id}`), at most `concurrency` at once; each
 * result recorded as it comes, with the state from then on. A call paused on `elicit` joins `turn.asked`; the
 * calls' log messages come (streamTools) before the result that follows them.
 *
 * @example
 * yield* executeCalls(run, turn);
 */
export async function* executeCalls(run: Run, turn: Turn): AsyncGenerator<LoopEvent> {
  const tasks = turn.runnable.map((i) => async () => {
    const t = now();
    const outcome = await callStep(run, turn, i);
    return { outcome, ms: now() - t };
  });
  for await (const [k, { outcome, ms }] of completions(tasks, run.concurrency)) {
    yield* logEvents(run);
    const i = turn.runnable[k]!;
    const call = turn.calls[i]!;
    if ("paused" in outcome) {
      turn.asked.push(outcome.paused);
      continue;
    }
    const result = outcome;
    settle(turn, i, result);
    const repaired = turn.ready.get(i)?.repaired;
    const saved = await seen(run, turn);
    if (saved)
      yield {
        type: "tool-result",
        step: run.step,
        index: i,
        id: call.id,
        name: call.name,
        result,
        ...(repaired && { repaired }),
        ms,
        state: saved,
      };
  }
  yield* logEvents(run);
  turn.asked.sort((a, b) => a.index - b.index);
}

function* logEvents(run: Run): Generator<LoopEvent> {
  for (const { call, index, level, data } of run.logs.splice(0))
    yield { type: "log", step: run.step, index, id: call.id, name: call.name, level, data };
}

/**
 * One call as a journal step (`call {step} {id}`); a durable journal keeps its result as JSON. A call that stops on
 * its `elicit` is asked about outside the step: a journal wait `elicit {step} {id} {n}` (n counts the call's
 * elicitations from 1) with `{ call, message, schema }`. An answer runs the call again as a step of its own (`call
 * {step} {id} {n}`), its `elicit`s given the answers so far; no answer (the in-process journal) pauses the run.
 */
async function callStep(
  run: Run,
  turn: Turn,
  i: number,
): Promise<ToolResult | { readonly paused: PendingElicitation }> {
  const call = turn.calls[i]!;
  let answers = turn.answers.get(i) ?? [];
  for (;;) {
    const name = `call ${run.step} ${call.id}${answers.length ? ` ${answers.length}` : ""}`;
    const outcome = await run.journal.step(name, () => runCall(run, turn, i, answers));
    if (!("paused" in outcome)) return outcome;
    const { message, schema } = outcome.paused;
    const answer = await run.journal.wait(`elicit ${run.step} ${call.id} ${answers.length + 1}`, {
      call,
      message,
      schema,
    });
    if (answer === undefined) return outcome;
    answers = [...answers, answer as ElicitationAnswer];
  }
}

async function runCall(
  run: Run,
  turn: Turn,
  i: number,
  answers: readonly ElicitationAnswer[],
): Promise<ToolResult | { readonly paused: PendingElicitation }> {
  const call = turn.calls[i]!;
  const ready = turn.ready.get(i) ?? (await checkAgain(run, call));
  if (!ready.ok) return ready.result;
  const outcome = await execute(run, ready.tool, ready.decoded, call, askingFor(run, call, i, answers));
  if ("paused" in outcome) return outcome;
  const result = noted(run.adapter, ready, outcome);
  return run.journal === inProcessJournal ? result : jsonResult({ ...call, result }).result;
}

/**
 * A turn that waits for a person: calls pending approval, calls paused on `elicit`. Its state is made, each wait
 * announced (`approval-required`, `elicitation-required`), the step recorded; the run ends with `"approval"`.
 *
 * @example
 * if (turn.pending.length || turn.asked.length) return yield* pauseTurn(run, turn, response, usage, timing);
 */
export async function* pauseTurn(
  run: Run,
  turn: Turn,
  response: unknown,
  usage: Usage | undefined,
  timing: StepTiming,
): AsyncGenerator<LoopEvent, RunToolsResult> {
  const { step } = run;
  const paused = await checkpoint(run, turn);
  for (const call of paused.pending) yield { type: "approval-required", step, index: call.index, call };
  const asked = paused.elicitations ?? [];
  for (const call of asked) yield { type: "elicitation-required", step, index: call.index, call };
  const done = turn.results.filter((r) => r !== null);
  const entry: ToolStep = {
    step,
    response,
    calls: turn.calls,
    results: done,
    pending: paused.pending,
    ...(asked.length && { elicitations: asked }),
    usage,
    timing,
  };
  yield* record(run, entry, paused);
  return finishWith(run, "approval", undefined, paused);
}

// A call decided elsewhere (a resumed state, a replayed decision): its tool looked up by name, its arguments checked.
async function checkAgain(run: Run, call: ToolCall): Promise<Prepared> {
  const all = run.deferral ? [...run.allTools, run.deferral.search] : run.allTools;
  const tool = all.find((t) => t.name === call.name);
  if (!tool)
    return {
      ok: false,
      result: unknownTool(
        call.name,
        all.map((t) => t.name),
      ),
    };
  const checked = await tool.validate(call.arguments);
  return checked.success
    ? { ok: true, tool, arguments: call.arguments, decoded: checked.value }
    : { ok: false, result: checked };
}

const now = (): number => (typeof performance !== "undefined" ? performance.now() : Date.now());

/**
 * A turn's calls once decided, and the answers of those that will not run, all with the state saved before any runs.
 *
 * @example
 * yield* decidedEvents(run.step, turn, state);
 */
export function* decidedEvents(step: number, turn: Turn, state: LoopState): Generator<LoopEvent> {
  for (let index = 0; index < turn.calls.length; index++)
    yield { type: "tool-call", step, index, call: turn.calls[index]!, state };
  for (let i = 0; i < turn.results.length; i++) {
    const done: CallResult | null | undefined = turn.results[i];
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
