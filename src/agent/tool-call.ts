import { boundedCall } from "../tools/bounded-call.js";
import type { ToolCall } from "../tools/call.js";
import { afterCall, beforeCall, type GuardedCall, type Guardrails, wrapCall } from "../tools/guardrails.js";
import { failure, type ToolResult } from "../tools/result.js";
import { type AnyTool, runDecoded, type RunOptions } from "../tools/tool.js";
import { type ApprovalDecision, type ApprovalRule, decisionOf, needsApproval, rejection } from "./approval.js";
import { endTool, type SpanHandle, toolAttributes } from "./tracing.js";

/**
 * Decides, at once, a call that needs approval where no person can be asked (a program's call in code mode).
 *
 * @example
 * const approve: ApproveHook = (call) =>
 *   call.name === "send_email" && String(call.arguments.to).endsWith("@example.com");
 */
export type ApproveHook = (call: ToolCall, tool: AnyTool) => ApprovalDecision | Promise<ApprovalDecision>;

/**
 * What one call's path is run with: the loop's guardrails, context, signal and timeout, how approval is decided,
 * and the span the call's span is a child of.
 *
 * @example
 * await callOnePath(
 *   weather,
 *   { id: "p1-1", name: "get_weather", arguments: { city: "Paris" } },
 *   { parent, approve: () => false },
 * );
 */
export interface CallPathOptions extends Guardrails {
  readonly context?: unknown;
  readonly signal?: AbortSignal | undefined;
  /** Milliseconds the call may take unless its tool says (`tool.timeout` wins). */
  readonly timeout?: number | undefined;
  /** The loop's rule beside the tool's `needsApproval`. */
  readonly needsApproval?: ApprovalRule;
  /** Decides a call that needs approval; without it such a call is refused, with a message saying why. */
  readonly approve?: ApproveHook;
  /** Where the call's span goes (`execute_tool {name}`); none without it. */
  readonly parent?: SpanHandle;
  /** The call's key over resumes, given to the tool and the guardrails. */
  readonly idempotencyKey?: string;
  /** Why a call that needs approval is refused when there is no `approve` (said to the model). */
  readonly unapproved?: string;
}

/**
 * The whole path of one call, as the agent loop takes it for a model's call: the tool's guard, `before` (the
 * loop's then the tool's), `needsApproval` (decided at once by `approve`, refused without it), `wrap` inside the
 * time limit, `after`, and a span. Resolves to the result the caller sees; never rejects.
 *
 * @example
 * const result = await callOnePath(weather, { id: "c1", name: "get_weather", arguments: { city: "Paris" } }, {});
 */
export async function callOnePath(tool: AnyTool, call: ToolCall, options: CallPathOptions): Promise<ToolResult> {
  const checked = await tool.validate(call.arguments); // a program cannot be asked to repair its call: no lenient reading
  if (!checked.success) return checked;
  const prepared = { arguments: call.arguments, decoded: checked.value };
  const key = options.idempotencyKey;
  const seen = { id: call.id, name: call.name, context: options.context, ...(key && { idempotencyKey: key }) };
  const before = await beforeCall(
    [options, tool],
    { ...seen, arguments: prepared.decoded, json: prepared.arguments },
    (json) => tool.validate(json),
  );
  if (!before.ok) return before.result;
  const decided = { ...call, arguments: before.json };
  if (await needsApproval(tool, before.decoded, decided, options.context, options.needsApproval)) {
    const verdict = await approval(decided, tool, options);
    if (verdict) return verdict;
  }
  const guarded = { ...seen, arguments: before.decoded };
  const span = options.parent?.child(`execute_tool ${tool.name}`, "internal", toolAttributes(tool, call.id));
  const run = () => boundedRun(tool, guarded, options, key ? { idempotencyKey: key } : {});
  const result = await (span ? span.within(run) : run());
  const after = await afterCall([options, tool], guarded, result);
  if (span) endTool(span, after);
  return after;
}

/**
 * A tool's function on the decoded arguments in `guarded`, inside `wrap` (the caller's, then the tool's) and the
 * call's time limit (`tool.timeout`, else `options.timeout`) and signal; `extras` join its third argument.
 *
 * @example
 * const result = await boundedRun(
 *   weather,
 *   { id: "c1", name: "get_weather", arguments: { city: "Paris" }, context: undefined },
 *   {},
 *   {},
 * );
 */
export function boundedRun(
  tool: AnyTool,
  guarded: GuardedCall,
  options: Guardrails & { readonly signal?: AbortSignal | undefined; readonly timeout?: number | undefined },
  extras: Omit<RunOptions, "signal">,
): Promise<ToolResult> {
  return boundedCall(
    tool.name,
    (own) =>
      wrapCall([options, tool], guarded, () =>
        runDecoded(tool, guarded.arguments, guarded.context, { signal: own, ...extras }),
      ),
    { signal: options.signal, timeout: tool.timeout ?? options.timeout },
  );
}

// undefined: approved, run it; a result: refused.
async function approval(call: ToolCall, tool: AnyTool, options: CallPathOptions): Promise<ToolResult | undefined> {
  if (!options.approve)
    return failure(
      `Tool "${call.name}" needs a person's approval, ${options.unapproved ?? "which cannot be asked for here"}; it did not run.`,
    );
  try {
    const { approved, reason } = decisionOf(await options.approve(call, tool));
    return approved ? undefined : rejection(call, reason);
  } catch (error) {
    return rejection(call, `the approval hook failed (${error instanceof Error ? error.message : String(error)})`);
  }
}
