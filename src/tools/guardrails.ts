import { failure, type ToolResult } from "./result.js";

/**
 * What a guardrail sees of a call: its id, the tool's name, the checked and decoded arguments, the loop's context.
 *
 * @example
 * before: ({ name, arguments: args }) => (name === "rm" && args.path === "/" ? { refuse: "Not the root." } : undefined)
 */
export interface GuardedCall<Args = unknown, Context = unknown> {
  readonly id: string;
  readonly name: string;
  readonly arguments: Args;
  readonly context: Context;
  /** The call's key over resumes (see `RunOptions.idempotencyKey`): a cache or a trace can use it. */
  readonly idempotencyKey?: string;
}

/**
 * Runs before a call (and before approval is asked): `undefined` lets it run; `{ refuse: message }` does not run
 * it and answers the model with the message; `{ arguments }` runs it on other arguments, written as the model would
 * send them (JSON), which the tool's guard checks again. A guardrail that throws refuses the call.
 *
 * @example
 * const before: BeforeHook<{ limit: number }> = ({ arguments: { limit } }) =>
 *   limit > 100 ? { arguments: { limit: 100 } } : undefined;
 */
export type BeforeHook<Args = unknown, Context = unknown> = (
  call: GuardedCall<Args, Context>,
) => BeforeDecision | Promise<BeforeDecision>;

/** What `before` answers. @example { refuse: "Only read-only queries." } */
export type BeforeDecision = void | undefined | { readonly refuse: string } | { readonly arguments: unknown };

/**
 * Runs after a call with its result: `undefined` keeps it; `{ value }` gives the model another value;
 * `{ refuse: message }` gives it a failed result with the message instead. A guardrail that throws refuses the result.
 *
 * @example
 * const after: AfterHook = (_call, result) =>
 *   result.success && /secret/i.test(String(result.value)) ? { refuse: "The result was withheld." } : undefined;
 */
export type AfterHook<Args = unknown, Context = unknown> = (
  call: GuardedCall<Args, Context>,
  result: ToolResult,
) => AfterDecision | Promise<AfterDecision>;

/** What `after` answers. @example { value: "redacted" } */
export type AfterDecision = void | undefined | { readonly refuse: string } | { readonly value: unknown };

/**
 * Runs around a call: call `next()` to run it (or don't), and return a result (a timer, a retry, a trace span, a
 * cache).
 *
 * @example
 * const wrap: WrapHook = async (call, next) => {
 *   const started = Date.now();
 *   try {
 *     return await next();
 *   } finally {
 *     log(call.name, Date.now() - started);
 *   }
 * };
 */
export type WrapHook<Args = unknown, Context = unknown> = (
  call: GuardedCall<Args, Context>,
  next: () => Promise<ToolResult>,
) => Promise<ToolResult>;

/**
 * The guardrails of a tool or of a loop.
 *
 * @example
 * runTools({ ...options, before: ({ name }) => (blocked.has(name) ? { refuse: "Not allowed here." } : undefined) });
 */
export interface Guardrails<Args = unknown, Context = unknown> {
  readonly before?: BeforeHook<Args, Context>;
  readonly after?: AfterHook<Args, Context>;
  readonly wrap?: WrapHook<Args, Context>;
}

/**
 * Asks each `before` in order (the loop's, then the tool's): the first refusal ends it; rewritten arguments
 * are checked by `check` and seen by the next one. Resolves to the arguments to run on, or a failed result.
 *
 * @example
 * await beforeCall([loop, tool], call, (args) => tool.validate(args));
 */
export async function beforeCall(
  layers: readonly (Guardrails | undefined)[],
  call: GuardedCall & { readonly json: unknown },
  check: (json: unknown) => Promise<ToolResult>,
): Promise<
  | { readonly ok: true; readonly json: unknown; readonly decoded: unknown; readonly rewritten: boolean }
  | { readonly ok: false; readonly result: ToolResult }
> {
  let { json, arguments: decoded } = call;
  let rewritten = false;
  for (const layer of layers) {
    if (!layer?.before) continue;
    let answer: BeforeDecision;
    try {
      answer = await layer.before({
        id: call.id,
        name: call.name,
        arguments: decoded,
        context: call.context,
        ...(call.idempotencyKey && { idempotencyKey: call.idempotencyKey }),
      });
    } catch (error) {
      return {
        ok: false,
        result: failure(
          `The call of tool "${call.name}" was refused: a guardrail failed (${messageOf(error)}). It did not run.`,
        ),
      };
    }
    if (answer && "refuse" in answer) return { ok: false, result: failure(String(answer.refuse)) };
    if (answer && "arguments" in answer) {
      const checked = await check(answer.arguments);
      if (!checked.success)
        return {
          ok: false,
          result: failure(
            `The arguments a guardrail gave tool "${call.name}" are not valid; it did not run. ${checked.error}`,
          ),
        };
      [json, decoded, rewritten] = [answer.arguments, checked.value, true];
    }
  }
  return { ok: true, json, decoded, rewritten };
}

/**
 * Runs `run` inside each `wrap`, the loop's outermost. A `wrap` that throws gives a failed result.
 *
 * @example
 * const result = await wrapCall([loop, tool], call, () => tool.execute(args));
 */
export function wrapCall(
  layers: readonly (Guardrails | undefined)[],
  call: GuardedCall,
  run: () => Promise<ToolResult>,
): Promise<ToolResult> {
  let next = run;
  for (const layer of [...layers].reverse()) {
    const wrap = layer?.wrap;
    if (!wrap) continue;
    const inner = next;
    next = async () => {
      try {
        return await wrap(call, inner);
      } catch (error) {
        return failure(`Tool "${call.name}" failed: ${messageOf(error)}`);
      }
    };
  }
  return next();
}

/**
 * Gives a call's result to each `after`, the tool's first: each may keep, replace or refuse it. One that throws
 * withholds the result.
 *
 * @example
 * const shown = await afterCall([loop, tool], call, result);
 */
export async function afterCall(
  layers: readonly (Guardrails | undefined)[],
  call: GuardedCall,
  result: ToolResult,
): Promise<ToolResult> {
  for (const layer of [...layers].reverse()) {
    if (!layer?.after) continue;
    try {
      const answer = await layer.after(call, result);
      if (answer && "refuse" in answer) result = failure(String(answer.refuse));
      else if (answer && "value" in answer) result = { success: true, value: answer.value };
    } catch (error) {
      result = failure(`The result of tool "${call.name}" was withheld: a guardrail failed (${messageOf(error)}).`);
    }
  }
  return result;
}

function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return "an error that could not be read";
  }
}
