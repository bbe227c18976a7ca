import type { ResumeAnswers } from "./approval.js";
import { toolLoop, type RunToolsOptions } from "./loop.js";
import type { LoopEvent, RunToolsResult } from "./step.js";
import type { ProviderAdapter } from "../calls/types.js";
import type { ConversationOf } from "../calls/messages.js";

export type { RunToolsOptions } from "./loop.js";
export type { RunToolsResult, ToolStep } from "./step.js";

/**
 * The tool loop, for any provider: send the request with the tools, run the calls the model
 * asks for (in parallel), append the assistant turn then the answers, send again, until the model
 * answers in text, `maxSteps` turns have passed, a `stopWhen` condition holds, or a call needs a person's
 * approval (then `finishReason` is `"approval"` and `state` is what `resume` takes). Bad arguments and
 * unknown tools go back to the model as tool errors it can correct; `lenient` and `repair` may fix them first.
 * States are signed with `stateKey`; `onCheckpoint` gets one at every point a run can be resumed from (without it,
 * only a paused run's state is made: states cost a hash of the conversation per turn and a signature each); `before`,
 * `after` and `wrap` guard every call. An option it does not know is a `TypeError` naming it. It does not ask for a
 * stream; a `chat` that returns one anyway needs `readStreams` (`import { readStreams } from "tooltype/agent"`).
 *
 * @example
 * import { openai } from "tooltype/providers/openai";
 * const { text } = await runTools({
 *   provider: openai,
 *   chat: (request) => client.chat.completions.create(request),
 *   request: { model: "gpt-4o-mini", messages: [{ role: "user", content: "Weather in Paris?" }] },
 *   tools: [weather],
 * });
 */
export function runTools<Request extends object, P extends ProviderAdapter>(
  // The request is read from `request` alone (written inline, its roles keep their literal types); `chat`
  // only has to accept it, so it may be the SDK's method typed with the SDK's own request type.
  options: Omit<RunToolsOptions<Request>, "chat" | "provider"> & {
    readonly provider: P;
    readonly chat: (request: NoInfer<Request>, options: { readonly signal?: AbortSignal }) => unknown;
  },
): Promise<TypedRunToolsResult<P, Request>> {
  return drain(toolLoop(options as RunToolsOptions<Request>, undefined)) as Promise<TypedRunToolsResult<P, Request>>;
}

/**
 * `RunToolsResult` with `messages` typed for the provider (`ConversationOf`), so they go back to its SDK as they are.
 */
export type TypedRunToolsResult<P, Request> = Omit<RunToolsResult, "messages"> & {
  readonly messages: ConversationOf<P, Request>[];
};

/**
 * Options of `resume`: those of `runTools`; `request` defaults to the one the state keeps (without its conversation).
 *
 * @example
 * resume(state, decisions, { provider: "openai", chat, tools: [email] }); // request from the state
 */
export type ResumeOptions<Request extends object> = Omit<RunToolsOptions<Request>, "request"> & {
  readonly request?: Request;
};

/**
 * Continues a run from a saved state, in this process or another one: a paused approval (the approved calls run,
 * the refused ones answer the model with the reason), or any checkpoint (`onCheckpoint`, or an event's `state`:
 * the calls without a result run, then the loop goes on as `runTools` would). `state` may come from `JSON.parse`;
 * it must carry the signature of the same `stateKey` (without one, of this process) and resumes once (`claim`).
 * `decisions` has one entry per pending call id (`{}` when none is pending), and one per call paused on its
 * `elicit` (`state.elicitations`): the person's answer, `{ action: "accept", content }` (checked against the schema
 * the call asked with), `{ action: "decline" }` or `{ action: "cancel" }`; that call runs again, its `elicit`
 * returning the answer. The tools are looked up again by name,
 * so give the same tools (functions cannot be stored).
 *
 * @example
 * const paused = await runTools({ ...options, tools: [sendEmail], stateKey }); // finishReason: "approval"
 * const saved = JSON.stringify(paused.state);
 * // later, maybe elsewhere:
 * const done = await resume(
 *   JSON.parse(saved),
 *   { [paused.state!.pending[0]!.id]: { approved: false, reason: "Not to that address" } },
 *   { ...options, tools: [sendEmail], stateKey },
 * );
 */
export function resume<Request extends object>(
  state: unknown,
  decisions: ResumeAnswers,
  options: ResumeOptions<Request>,
): Promise<RunToolsResult> {
  return drain(toolLoop(options as RunToolsOptions<Request>, undefined, { state, decisions }));
}

async function drain(loop: AsyncGenerator<LoopEvent, RunToolsResult>): Promise<RunToolsResult> {
  for (;;) {
    const next = await loop.next();
    if (next.done) return next.value;
  }
}
