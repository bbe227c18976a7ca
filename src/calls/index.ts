/**
 * `tooltype/calls`: reading each provider's tool calls, writing tool results back as its messages, and
 * assembling streamed tool calls as they arrive.
 *
 * @example
 * import { parseToolCalls, toToolMessages } from "tooltype/calls";
 * import { openai } from "tooltype/providers/openai";
 * const calls = parseToolCalls(completion, openai);
 * const results = await registry.executeAll(calls);
 * messages.push(...toToolMessages(results, openai));
 */
export { parseToolCalls, toToolMessages } from "./parse.js";
export {
  createToolCallStream,
  type ToolCallStream,
  type PartialToolCall,
  type ToolCallStreamOptions,
  type ArgumentChecks,
} from "./stream.js";
export {
  createPartialJSONParser,
  type PartialJSONParser,
  type PartialJSONOptions,
  type ParserEvents,
} from "./partial-json.js";
export { createArgumentChecker, checkArguments, type PartialVerdict } from "./viability.js";
export { responseMismatch } from "./common.js";
export { mcpContent, type AnswerOptions, type ResultIssue } from "./output.js";
export type {
  Provider,
  ProviderAdapter,
  ToolChoice,
  RequestOptions,
  ToolCall,
  ToolCaller,
  CallResult,
  StreamCalls,
  StreamSupport,
  StreamReader,
  CallTracker,
  TrackedCall,
  ProviderHTTP,
  ProviderEnv,
} from "./types.js";
export { createCallTracker } from "./assemble.js";
export type {
  ProviderTypes,
  RequestShape,
  ToolMessageOf,
  AssistantMessageOf,
  ConversationOf,
  ChatRole,
} from "./messages.js";
