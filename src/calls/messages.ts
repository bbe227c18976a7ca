/**
 * The conversation entries tooltype writes, typed per provider without depending on any SDK: structural types
 * that the official SDKs' own parameter types accept (`openai`'s `ChatCompletionMessageParam` and
 * `ResponseInputItem`, `@anthropic-ai/sdk`'s `MessageParam`, `@google/genai`'s `Content`; `test/types/messages.ts`
 * proves it against those SDKs). Each is the part of the entry tooltype writes or reads; what a response holds
 * beyond it (citations, cache settings) is carried along at run time.
 *
 * @example
 * const answers: OpenAIToolMessage[] = toToolMessages(results, "openai");
 * await openai.chat.completions.create({ model, messages: [...messages, ...answers] });
 */

import type { OpenAIAssistantMessage, OpenAIToolMessage, OpenAIUserMessage } from "../providers/openai/messages.js";
import type { ResponsesFunctionCallOutput, ResponsesOutputItem } from "../providers/responses/messages.js";
import type { AnthropicAssistantMessage, AnthropicToolResultMessage } from "../providers/anthropic/messages.js";
import type { GeminiPart, GeminiContent } from "../providers/gemini/messages.js";
import type { MCPSamplingMessage } from "../providers/mcp/messages.js";
import type { BedrockMessage } from "../providers/bedrock/messages.js";
import type { MistralMessage } from "../providers/mistral/messages.js";
import type { OllamaMessage } from "../providers/ollama/messages.js";
import type { CohereMessage } from "../providers/cohere/messages.js";

export type {
  OpenAIMessageToolCall,
  OpenAIAssistantMessage,
  OpenAIToolMessage,
  OpenAIUserMessage,
} from "../providers/openai/messages.js";
export type {
  ResponsesFunctionCallOutput,
  ResponsesFunctionCall,
  ResponsesAnnotation,
  ResponsesOutputMessage,
  ResponsesReasoningItem,
  ResponsesOutputItem,
} from "../providers/responses/messages.js";
export type {
  AnthropicContentBlock,
  AnthropicAssistantMessage,
  AnthropicToolResultBlock,
  AnthropicToolResultMessage,
} from "../providers/anthropic/messages.js";
export type { GeminiPart, GeminiContent } from "../providers/gemini/messages.js";
export type { MCPSamplingMessage } from "../providers/mcp/messages.js";
export type { BedrockMessage } from "../providers/bedrock/messages.js";
export type { MistralMessage } from "../providers/mistral/messages.js";
export type { OllamaMessage } from "../providers/ollama/messages.js";
export type { CohereMessage } from "../providers/cohere/messages.js";

// ---- per provider ---------------------------------------------------------------------------------------

/**
 * What each provider's tool loop writes: `tool`, the entries answering calls (`toToolMessages`), and
 * `assistant`, the model's turn as it goes back into the conversation.
 *
 * @example
 * type Answers = ProviderMessages["anthropic"]["tool"]; // AnthropicToolResultMessage
 */
export interface ProviderMessages {
  openai: { tool: OpenAIToolMessage | OpenAIUserMessage; assistant: OpenAIAssistantMessage };
  responses: { tool: ResponsesFunctionCallOutput; assistant: ResponsesOutputItem };
  anthropic: { tool: AnthropicToolResultMessage; assistant: AnthropicAssistantMessage };
  gemini: { tool: GeminiContent & { role: "user"; parts: GeminiPart[] }; assistant: GeminiContent };
  mcp: { tool: MCPSamplingMessage & { role: "user" }; assistant: MCPSamplingMessage & { role: "assistant" } };
  bedrock: { tool: BedrockMessage & { role: "user" }; assistant: BedrockMessage & { role: "assistant" } };
  mistral: {
    tool: Extract<MistralMessage, { role: "tool" }>;
    assistant: Extract<MistralMessage, { role: "assistant" }>;
  };
  ollama: { tool: Extract<OllamaMessage, { role: "tool" }>; assistant: Extract<OllamaMessage, { role: "assistant" }> };
  cohere: { tool: Extract<CohereMessage, { role: "tool" }>; assistant: Extract<CohereMessage, { role: "assistant" }> };
}

/** The tool answers of a provider (by name); `unknown` for an adapter passed as an object. @example ToolMessageOf<"openai"> // OpenAIToolMessage */
export type ToolMessageOf<P> = P extends keyof ProviderMessages ? ProviderMessages[P]["tool"] : unknown;
/** The assistant turn of a provider (by name); `unknown` for an adapter passed as an object. @example AssistantMessageOf<"anthropic"> // AnthropicAssistantMessage */
export type AssistantMessageOf<P> = P extends keyof ProviderMessages ? ProviderMessages[P]["assistant"] : unknown;

// ---- requests -------------------------------------------------------------------------------------------

type Role = "system" | "developer" | "user" | "assistant" | "tool";

/**
 * The least a request must be for each provider's loop: where its conversation lives, with roles as the API spells
 * them. `runTools` takes any request that fits (the SDK's own request type included); this also gives a request
 * written inline its literal roles, so it stays assignable to the SDK's parameter type.
 *
 * @example
 * const request: RequestShape<"anthropic"> = { model: "claude-sonnet-4-5", max_tokens: 1024, messages: [{ role: "user", content: "Hi" }] };
 */
export interface ProviderRequests {
  openai: { readonly messages?: readonly { readonly role: Role | "function" }[] };
  responses: { readonly input?: string | readonly { readonly role?: Exclude<Role, "tool">; readonly type?: string }[] };
  anthropic: { readonly messages?: readonly { readonly role: "user" | "assistant" | "system" }[] };
  gemini: {
    readonly contents?: string | { readonly role?: "user" | "model" } | readonly { readonly role?: "user" | "model" }[];
  };
  mcp: { readonly messages?: readonly { readonly role: "user" | "assistant" }[] };
  bedrock: { readonly messages?: readonly { readonly role: "user" | "assistant" }[] };
  mistral: { readonly messages?: readonly { readonly role: Role }[] };
  ollama: { readonly messages?: readonly { readonly role: Role }[] };
  cohere: { readonly messages?: readonly { readonly role: Role }[] };
}
/** The request shape of a provider (by name); any object for an adapter passed as an object. @example RequestShape<"openai"> */
export type RequestShape<P> = P extends keyof ProviderRequests ? ProviderRequests[P] : object;

/** Where each provider's conversation lives in a request. */
interface ConversationKeys {
  openai: "messages";
  responses: "input";
  anthropic: "messages";
  gemini: "contents";
  mcp: "messages";
  bedrock: "messages";
  mistral: "messages";
  ollama: "messages";
  cohere: "messages";
}

/** One entry of a request's conversation, as the request types it (a single string is a user message). */
type RequestEntryOf<P extends keyof ConversationKeys, Request> = Request extends {
  readonly [K in ConversationKeys[P]]?: infer C;
}
  ? C extends readonly (infer E)[]
    ? E
    : C extends string
      ? ConversationKeys[P] extends "contents"
        ? { role: "user"; parts: { text: string }[] }
        : { role: "user"; content: string }
      : Exclude<C, undefined>
  : never;

/**
 * An entry of the whole conversation `runTools` returns: the request's own entries, the model's turns and the tool
 * answers, each typed for the provider; `unknown` for an adapter passed as an object.
 *
 * @example
 * const { messages } = await runTools({ provider: "openai", ... }); // (ChatCompletionMessageParam | OpenAIAssistantMessage | OpenAIToolMessage)[]
 */
export type ConversationOf<P, Request = object> = P extends keyof ProviderMessages & keyof ConversationKeys
  ? RequestEntryOf<P, Request> | ProviderMessages[P]["assistant"] | ProviderMessages[P]["tool"]
  : unknown;
