/**
 * `tooltype/agent`: the tool loop: send the request, run the tools the model calls, answer, until it stops.
 * Streaming (`streamTools`), approval that survives a restart (`resume`), repair of bad arguments
 * (`lenient`, `repair`), loop control (`stopWhen`, `prepareStep`, timeouts, concurrency) and calling the
 * providers' HTTP APIs without an SDK (`httpChat`).
 *
 * @example
 * import { runTools, streamTools, resume, stepCountIs, httpChat } from "tooltype/agent";
 * const { messages } = await runTools({
 *   provider: "openai",
 *   chat: (req) => openai.chat.completions.create(req),
 *   request: { model, messages: [] },
 *   tools: [weather],
 * });
 */
export {
  runTools,
  resume,
  type RunToolsOptions,
  type RunToolsResult,
  type ToolStep,
  type ResumeOptions,
} from "./run-tools.js";
export { streamTools, resumeStream } from "./stream-tools.js";
export { readStreams, type ReadStreams } from "./read-streams.js";
export type { LoopEvent, StepTiming } from "./step.js";
export type { PrepareStepInfo, StepSettings } from "./loop.js";
export type { Delta } from "../calls/types.js";
export { stepCountIs, hasToolCall, type StopCondition, type StopInfo } from "./stop.js";
export {
  rejection,
  type PendingCall,
  type ApprovalDecision,
  type ApprovalDecisions,
  type ApprovalRule,
  type ResumeAnswers,
} from "./approval.js";
export type {
  ElicitationAnswer,
  ElicitationRequest,
  PendingElicitation,
  ToolLog,
} from "./asking.js";
export { StateError, type LoopState } from "./state.js";
export { inProcessJournal, type Journal } from "./journal.js";
export type { StateKey, ClaimHook } from "./seal.js";
export type {
  BeforeHook,
  BeforeDecision,
  AfterHook,
  AfterDecision,
  WrapHook,
  GuardedCall,
  Guardrails,
} from "../tools/guardrails.js";
export { lenientArguments } from "./lenient.js";
export type { RepairHook, RepairInput, Repaired } from "./repair.js";
export { httpChat, type HttpChatOptions } from "./http.js";
export { ProviderError } from "./chat-output.js";
export { readServerSentEvents, type ServerSentEvent } from "./sse.js";
export type { Usage } from "./usage.js";
export type { Tracer, TraceSpan, SpanAttributeValue } from "./tracing.js";
