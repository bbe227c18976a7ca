import type { CallResult, ToolCall } from "../tools/call.js";
import type { ToolResult } from "../tools/result.js";
import type { Delta } from "../calls/types.js";
import type { PendingCall } from "./approval.js";
import type { PendingElicitation } from "./asking.js";
import type { LogLevel } from "../tools/tool.js";
import type { LoopState } from "./state.js";
import type { Repaired } from "./repair.js";
import type { Usage } from "./usage.js";

/**
 * How long a turn took, in milliseconds (`startedAt` is a `Date.now()` time).
 *
 * @example
 * { startedAt: 1767225600000, modelMs: 840, firstChunkMs: 212, toolsMs: 35, totalMs: 875 }
 */
export interface StepTiming {
  readonly startedAt: number;
  /** From sending the request to the whole answer. */
  readonly modelMs: number;
  /** From sending the request to its first streamed chunk (streamed answers only). */
  readonly firstChunkMs?: number;
  /** Running the calls, all of them. */
  readonly toolsMs: number;
  readonly totalMs: number;
}

/**
 * One round of the loop: what the model answered, what it asked for, what running it gave.
 *
 * @example
 * onStep: (step) => console.log(step.step, step.calls.map((c) => c.name), step.usage?.totalTokens, step.timing.totalMs)
 */
export interface ToolStep {
  /** The turn's number, counted from the conversation's first turn (over `resume` too). */
  readonly step: number;
  /** The model's answer, whole (assembled from the stream when it streamed); undefined for a resumed turn. */
  readonly response: unknown;
  /** The calls, with the arguments they ran on (after a repair). */
  readonly calls: readonly ToolCall[];
  /** What the calls gave, in call order; on a turn paused for approval, those that ran. */
  readonly results: readonly CallResult[];
  /** Calls waiting for approval (the turn paused). */
  readonly pending?: readonly PendingCall[];
  /** Calls paused on their `elicit`, waiting for a person's answer (the turn paused). */
  readonly elicitations?: readonly PendingElicitation[];
  readonly usage: Usage | undefined;
  readonly timing: StepTiming;
}

/**
 * What a run of the loop ends with.
 *
 * @example
 * const { text, finishReason, usage, state } = await runTools(options);
 */
export interface RunToolsResult {
  /** The model's final text; undefined when the loop stopped before the model answered in text. */
  readonly text: string | undefined;
  /** The whole conversation: the request's, then every assistant turn and tool answer. */
  readonly messages: unknown[];
  readonly steps: readonly ToolStep[];
  /**
   * `"stop"`: the model answered without calls; `"max_steps"`: `maxSteps` turns were taken; `"stop_when"`: a
   * stop condition held; `"approval"`: calls wait for a person: approvals (`state.pending`) or answers to a tool's
   * `elicit` (`state.elicitations`); `resume` takes the state with them.
   */
  readonly finishReason: "stop" | "max_steps" | "stop_when" | "approval";
  /** Tokens over this run's turns. */
  readonly usage: Usage | undefined;
  /**
   * The model declined to answer in the final turn (`finishReason` stays `"stop"`): its text, or a sentence naming the
   * reason.
   */
  readonly refusal?: string;
  /** With `finishReason: "approval"`: the signed plain-JSON state to give `resume` with the decisions and answers. */
  readonly state?: LoopState;
}

/**
 * What `streamTools` yields, in order: per turn `step-start`, the streamed `text-delta`, `tool-call-start`
 * and `tool-call-delta` (with the arguments parsed so far: a live view, later deltas fill it in), then
 * `tool-call` for each complete call, `log` for a call's log messages (before the result that follows them),
 * `tool-result` as each call finishes (or `approval-required`, `elicitation-required`), and
 * `step-finish` with usage and timing; last, one `finish` with the whole conversation. `tool-call`, `tool-result`
 * and `step-finish` carry `state`: the run so far, signed, which `resume` continues (a checkpoint).
 *
 * @example
 * for await (const event of streamTools(options)) {
 *   if (event.type === "text-delta") process.stdout.write(event.text);
 *   if (event.type === "finish") save(event.messages);
 * }
 */
export type LoopEvent =
  | { readonly type: "step-start"; readonly step: number }
  | (Delta & { readonly step: number })
  | {
      readonly type: "tool-call";
      readonly step: number;
      readonly index: number;
      readonly call: ToolCall;
      readonly state: LoopState;
    }
  | {
      readonly type: "tool-result";
      readonly step: number;
      readonly index: number;
      readonly id: string;
      readonly name: string;
      readonly result: ToolResult;
      readonly repaired?: Repaired;
      readonly ms: number;
      readonly state: LoopState;
    }
  | { readonly type: "approval-required"; readonly step: number; readonly index: number; readonly call: PendingCall }
  | {
      readonly type: "elicitation-required";
      readonly step: number;
      readonly index: number;
      readonly call: PendingElicitation;
    }
  | {
      readonly type: "log";
      readonly step: number;
      readonly index: number;
      readonly id: string;
      readonly name: string;
      readonly level: LogLevel;
      readonly data: unknown;
    }
  | ({ readonly type: "step-finish"; readonly state: LoopState } & ToolStep)
  | ({ readonly type: "finish" } & RunToolsResult);
