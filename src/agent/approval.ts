import { resultData } from "../calls/wire.js";
import type { CallResult, ToolCall } from "../tools/call.js";
import type { AnyTool } from "../tools/tool.js";
import { failure, type ToolResult } from "../tools/result.js";
import type { ElicitationAnswer } from "./asking.js";

/**
 * A call waiting for a person's decision. `arguments` are those the tool will run on (checked, as JSON). The
 * decision is bound to the call's `id`, `name` and `argumentsHash` (SHA-256 of the arguments' canonical JSON,
 * base64url), which `seal` signs: a state whose pending call was changed does not resume.
 *
 * @example
 * {
 *   id: "call_1",
 *   name: "send_email",
 *   arguments: { to: "ann@elsewhere.org", body: "Hi" },
 *   index: 1,
 *   argumentsHash: "k3…",
 *   seal: "Q0…",
 * }
 */
export interface PendingCall extends ToolCall {
  /** Its position among the turn's calls. */
  readonly index: number;
  /**
   * SHA-256 of the arguments' canonical JSON (keys sorted), base64url: give it back in a decision to pin what was
   * approved. Absent on an `unsigned` state (made without Web Crypto).
   */
  readonly argumentsHash?: string;
  /** HMAC of the run, the step, the id, the name and `argumentsHash`. Absent on an `unsigned` state. */
  readonly seal?: string;
}

/**
 * A decision: `true` runs the call, `false` refuses it; a reason tells the model why. With `argumentsHash` (the
 * pending call's), the decision holds only for exactly those arguments: a state whose call differs is refused.
 *
 * @example
 * { approved: false, reason: "Not to that address" } // or true, or false
 */
export type ApprovalDecision =
  | boolean
  | { readonly approved: boolean; readonly reason?: string; readonly argumentsHash?: string };

/**
 * Decisions by call id, one for every pending call.
 *
 * @example
 * resume(state, { call_1: true, call_2: { approved: false, reason: "Too expensive" } }, options);
 */
export type ApprovalDecisions = Readonly<Record<string, ApprovalDecision>>;

/**
 * What `resume` takes: for each pending call (by id) its decision, and for each call paused on `elicit` (by id) the
 * person's answer (`{ action: "accept", content }`, `{ action: "decline" }` or `{ action: "cancel" }`).
 *
 * @example
 * resume(state, { call_1: true, call_2: { action: "accept", content: { confirm: true } } }, options);
 */
export type ResumeAnswers = Readonly<Record<string, ApprovalDecision | ElicitationAnswer>>;

/**
 * The loop's own rule, beside the tools' `needsApproval`: for tools defined elsewhere (MCP servers, for one).
 *
 * @example
 * runTools({ ...options, needsApproval: (call, tool) => tool.name.startsWith("fs_") });
 */
export type ApprovalRule = (call: ToolCall, tool: AnyTool) => boolean | Promise<boolean>;

/**
 * Whether a call needs a person's approval: its tool's `needsApproval` (a boolean, or a function of the
 * decoded arguments), or the loop's rule. A rule that throws counts as "ask": the safe answer.
 *
 * @example
 * await needsApproval(deleteFile, { path: "/tmp/x" }, call, undefined); // true when deleteFile says so
 */
export async function needsApproval(
  tool: AnyTool,
  decoded: unknown,
  call: ToolCall,
  context: unknown,
  rule?: ApprovalRule,
): Promise<boolean> {
  try {
    const own = tool.needsApproval;
    if (own === true) return true;
    if (typeof own === "function" && (await own(decoded, context))) return true;
    return rule ? Boolean(await rule(call, tool)) : false;
  } catch {
    return true;
  }
}

/**
 * The failed result a refused call answers the model with: it says the call did not run, and why.
 *
 * @example
 * rejection({ id: "c1", name: "send_email", arguments: {} }, "the address is outside the company");
 * // { success: false, error: 'The user refused the call of tool "send_email"; it did not run. Reason: the address is
 * // outside the company' }
 */
export function rejection(call: ToolCall, reason?: string): ToolResult {
  const why =
    typeof reason === "string" && reason.trim()
      ? ` Reason: ${reason.trim()}`
      : " No reason was given; do not retry the same call unchanged.";
  return failure(`The user refused the call of tool "${call.name}"; it did not run.${why}`);
}

/**
 * A result as JSON data: what the state keeps (the model only ever reads results as JSON).
 *
 * @example
 * jsonResult({ id: "c", name: "n", result: { success: true, value: new Set([1]) } });
 * // { ..., result: { success: true, value: [1] } }
 */
export function jsonResult(result: CallResult): CallResult {
  const r = result.result;
  const kept: ToolResult = r.success
    ? r.value === undefined
      ? { success: true, value: undefined }
      : { success: true, value: resultData(r.value) }
    : (resultData(r) as ToolResult);
  return { id: result.id, name: result.name, result: kept };
}

/**
 * Reads one decision: approved, and the reason given.
 *
 * @example
 * decisionOf(true); // { approved: true, reason: undefined }
 */
export function decisionOf(decision: ApprovalDecision): {
  readonly approved: boolean;
  readonly reason: string | undefined;
} {
  return typeof decision === "boolean"
    ? { approved: decision, reason: undefined }
    : { approved: decision.approved, reason: decision.reason };
}
