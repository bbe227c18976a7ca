import type { ToolStep } from "./step.js";

/**
 * What a stop condition sees after a turn's calls have run and been answered.
 *
 * @example
 * stopWhen: ({ step, steps, messages }) => steps.length >= 3 || messages.length > 40
 */
export interface StopInfo {
  /** The turn just finished. */
  readonly step: ToolStep;
  /** This run's turns so far (after `resume`, the turns since resuming). */
  readonly steps: readonly ToolStep[];
  readonly messages: readonly unknown[];
}

/**
 * Stops the loop after a turn whose calls have run: the model is not asked again, and the run ends with
 * `finishReason: "stop_when"`. Checked only after turns with calls (a turn without calls ends the loop anyway).
 *
 * @example
 * const cheap: StopCondition = ({ steps }) => steps.reduce((n, s) => n + (s.usage?.totalTokens ?? 0), 0) > 50_000;
 */
export type StopCondition = (info: StopInfo) => boolean | Promise<boolean>;

/**
 * Stops once `count` model turns have been taken (counted over `resume` too).
 *
 * @example
 * runTools({ ...options, stopWhen: stepCountIs(3) });
 */
export function stepCountIs(count: number): StopCondition {
  if (!(typeof count === "number" && count >= 1)) throw new TypeError("stepCountIs: count must be a number, 1 or more");
  return ({ step }) => step.step >= count;
}

/**
 * Stops after a turn that called one of these tools (any tool when no name is given).
 *
 * @example
 * runTools({ ...options, stopWhen: hasToolCall("final_answer") });
 */
export function hasToolCall(...names: readonly string[]): StopCondition {
  return ({ step }) => step.calls.some((call) => names.length === 0 || names.includes(call.name));
}

/**
 * Whether any of the conditions holds. A condition that throws stops the loop: its error is the loop's.
 *
 * @example
 * await shouldStop([stepCountIs(3), hasToolCall("answer")], { step, steps, messages });
 */
export async function shouldStop(
  conditions: StopCondition | readonly StopCondition[] | undefined,
  info: StopInfo,
): Promise<boolean> {
  if (!conditions) return false;
  for (const condition of typeof conditions === "function" ? [conditions] : conditions) {
    if (await condition(info)) return true;
  }
  return false;
}
