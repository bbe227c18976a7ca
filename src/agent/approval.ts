import { resultData } from "../calls/wire.js";
import type { CallResult, ToolCall } from "../tools/call.js";
import type { AnyTool } from "../tools/tool.js";
import { failure, type ToolResult } from "../tools/result.js";
import { preview } from "../util/text.js";

/**
 * A call waiting for a person's decision. `arguments` are those the tool will run on (checked, as JSON).
 *
 * @example
 * { id: "call_1", name: "send_email", arguments: { to: "ann@elsewhere.org", body: "Hi" }, index: 1 }
 */
export interface PendingCall extends ToolCall {
  /** Its position among the turn's calls. */
  readonly index: number;
}

/**
 * Where the loop stopped to ask for approval, as plain JSON: `JSON.stringify` it, store it anywhere (a
 * database, `localStorage`), and give it to `resume` later, in this process or another one.
 *
 * @example
 * const { state } = await runTools(options); // finishReason: "approval"
 * localStorage.setItem("agent", JSON.stringify(state));
 */
export interface LoopState {
  readonly version: 1;
  readonly provider: string;
  /** The request's other settings (model, max_tokens, ...), without the conversation and the tools. */
  readonly request: Record<string, unknown>;
  /** The conversation, up to and including the assistant turn that asked for the calls. */
  readonly messages: unknown[];
  /** Model turns taken so far. */
  readonly step: number;
  /** Every call of the paused turn, in order. */
  readonly calls: ToolCall[];
  /** What each call gave, in the same order; `null` where a call awaits its decision. */
  readonly results: (CallResult | null)[];
  /** The calls awaiting a decision. */
  readonly pending: PendingCall[];
}

/**
 * A decision: `true` runs the call, `false` refuses it; a reason tells the model why.
 *
 * @example
 * { approved: false, reason: "Not to that address" } // or true, or false
 */
export type ApprovalDecision = boolean | { readonly approved: boolean; readonly reason?: string };

/**
 * Decisions by call id, one for every pending call.
 *
 * @example
 * resume(state, { call_1: true, call_2: { approved: false, reason: "Too expensive" } }, options);
 */
export type ApprovalDecisions = Readonly<Record<string, ApprovalDecision>>;

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
export async function needsApproval(tool: AnyTool, decoded: unknown, call: ToolCall, context: unknown, rule?: ApprovalRule): Promise<boolean> {
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
 * // { success: false, error: 'The user refused the call of tool "send_email"; it did not run. Reason: the address is outside the company' }
 */
export function rejection(call: ToolCall, reason?: string): ToolResult {
  const why = typeof reason === "string" && reason.trim() ? ` Reason: ${reason.trim()}` : " No reason was given; do not retry the same call unchanged.";
  return failure(`The user refused the call of tool "${call.name}"; it did not run.${why}`);
}

/**
 * A result as JSON data: what the state keeps (the model only ever reads results as JSON).
 *
 * @example
 * jsonResult({ id: "c", name: "n", result: { success: true, value: new Set([1]) } }); // { ..., result: { success: true, value: [1] } }
 */
export function jsonResult(result: CallResult): CallResult {
  const r = result.result;
  const kept: ToolResult = r.success ? (r.value === undefined ? { success: true, value: undefined } : { success: true, value: resultData(r.value) }) : resultData(r) as ToolResult;
  return { id: result.id, name: result.name, result: kept };
}

/**
 * Checks that a value is a `LoopState` this version wrote (after `JSON.parse`, from storage), and that the
 * decisions cover exactly its pending calls. Throws a `TypeError` saying what is wrong.
 *
 * @example
 * const state = readState(JSON.parse(saved), { call_1: true }, "openai");
 */
export function readState(value: unknown, decisions: unknown, provider: string): LoopState {
  const fail = (why: string): never => {
    throw new TypeError(`resume: ${why}`);
  };
  if (typeof value !== "object" || value === null) fail(`the state must be the object a paused loop returned, received ${preview(value, 60)}`);
  const state = value as Partial<LoopState>;
  if (state.version !== 1) fail(`unknown state version ${preview(state.version, 30)} (this tooltype writes version 1)`);
  if (state.provider !== provider) fail(`the state was written for provider ${preview(state.provider, 40)}, not ${JSON.stringify(provider)}`);
  if (!Array.isArray(state.messages) || !Array.isArray(state.calls) || !Array.isArray(state.results) || !Array.isArray(state.pending)) fail("the state lacks messages, calls, results or pending (is it the state a paused loop returned?)");
  if (state.results!.length !== state.calls!.length) fail("the state's results do not match its calls");
  if (typeof state.step !== "number" || !(state.step >= 1)) fail("the state's step count is missing");
  if (typeof state.request !== "object" || state.request === null) fail("the state's request is missing");
  for (const call of state.pending!) {
    if (typeof call !== "object" || call === null || typeof call.id !== "string" || typeof call.name !== "string" || !Number.isInteger(call.index) || state.results![call.index] !== null) {
      fail("a pending call in the state has no id, name or place among the calls");
    }
  }
  if (typeof decisions !== "object" || decisions === null) fail("decisions must be an object: { [callId]: true | false | { approved, reason } }");
  const ids = new Set(state.pending!.map((c) => c.id));
  const missing = state.pending!.filter((c) => !Object.hasOwn(decisions as object, c.id));
  if (missing.length) fail(`no decision for ${missing.map((c) => `${c.id} (${c.name})`).join(", ")}`);
  const stray = Object.keys(decisions as object).filter((id) => !ids.has(id));
  if (stray.length) fail(`decisions for calls that are not pending: ${stray.map((id) => JSON.stringify(id)).join(", ")}`);
  for (const [id, decision] of Object.entries(decisions as object)) {
    const ok = typeof decision === "boolean" || (typeof decision === "object" && decision !== null && typeof (decision as { approved?: unknown }).approved === "boolean");
    if (!ok) fail(`the decision for ${JSON.stringify(id)} must be true, false or { approved: boolean, reason?: string }`);
  }
  return state as LoopState;
}

/**
 * Reads one decision: approved, and the reason given.
 *
 * @example
 * decisionOf(true); // { approved: true, reason: undefined }
 */
export function decisionOf(decision: ApprovalDecision): { readonly approved: boolean; readonly reason: string | undefined } {
  return typeof decision === "boolean" ? { approved: decision, reason: undefined } : { approved: decision.approved, reason: decision.reason };
}
