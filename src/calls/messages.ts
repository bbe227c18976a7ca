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

// ---- OpenAI Chat Completions ----------------------------------------------------------------------------

/** A function call of an assistant message (Chat Completions). @example { id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } } */
export interface OpenAIMessageToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}
/** The assistant turn `runTools` appends (Chat Completions). @example { role: "assistant", content: null, tool_calls: [...] } */
export interface OpenAIAssistantMessage {
  role: "assistant";
  content: string | null;
  tool_calls?: OpenAIMessageToolCall[];
}
/** A tool's answer (Chat Completions). @example { role: "tool", tool_call_id: "call_1", content: "21 °C" } */
export interface OpenAIToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}
/**
 * The user message after the tool messages that carries the images and files tools returned (Chat Completions:
 * tool messages take text only).
 *
 * @example
 * { role: "user", content: [{ type: "text", text: "image 1, returned by chart (call call_1):" }, { type: "image_url", image_url: { url: "data:image/png;base64,..." } }] }
 */
export interface OpenAIUserMessage {
  role: "user";
  content: (
    | { type: "text"; text: string }
    | { type: "image_url"; image_url: { url: string } }
    | { type: "file"; file: { file_data?: string; filename?: string } }
  )[];
}

// ---- OpenAI Responses -----------------------------------------------------------------------------------

/** A function call output item (Responses): text, or text, image and file parts. @example { type: "function_call_output", call_id: "call_1", output: "21 °C" } */
export interface ResponsesFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output:
    | string
    | (
        | { type: "input_text"; text: string }
        | { type: "input_image"; image_url: string }
        | { type: "input_file"; file_data: string; filename?: string }
      )[];
}
/** A function call item of a response's output (Responses). @example { type: "function_call", call_id: "call_1", name: "get_weather", arguments: "{}" } */
export interface ResponsesFunctionCall {
  type: "function_call";
  call_id: string;
  name: string;
  arguments: string;
  id?: string;
  status?: "in_progress" | "completed" | "incomplete";
}
/** An annotation of output text (Responses). @example { type: "url_citation", url: "https://...", title: "...", start_index: 0, end_index: 5 } */
export type ResponsesAnnotation =
  | { type: "url_citation"; url: string; title: string; start_index: number; end_index: number }
  | { type: "file_citation"; file_id: string; filename: string; index: number }
  | {
      type: "container_file_citation";
      container_id: string;
      file_id: string;
      filename: string;
      start_index: number;
      end_index: number;
    }
  | { type: "file_path"; file_id: string; index: number };
/** A message item of a response's output (Responses). @example { type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Hi", annotations: [] }] } */
export interface ResponsesOutputMessage {
  type: "message";
  id: string;
  role: "assistant";
  status: "in_progress" | "completed" | "incomplete";
  content: (
    | { type: "output_text"; text: string; annotations: ResponsesAnnotation[] }
    | { type: "refusal"; refusal: string }
  )[];
}
/** A reasoning item of a response's output (Responses); it must precede its function calls when sent back. @example { type: "reasoning", id: "rs_1", summary: [] } */
export interface ResponsesReasoningItem {
  type: "reasoning";
  id: string;
  summary: { type: "summary_text"; text: string }[];
  encrypted_content?: string | null;
}
/** The output items `runTools` appends to `input` (Responses). @example response.output */
export type ResponsesOutputItem = ResponsesFunctionCall | ResponsesOutputMessage | ResponsesReasoningItem;

// ---- Anthropic ----------------------------------------------------------------------------------------

/** A content block of an assistant turn (Anthropic). @example { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Paris" } } */
export type AnthropicContentBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: unknown }
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "redacted_thinking"; data: string };
/** The assistant turn `runTools` appends (Anthropic). @example { role: "assistant", content: response.content } */
export interface AnthropicAssistantMessage {
  role: "assistant";
  content: AnthropicContentBlock[];
}
/** A tool result block (Anthropic). @example { type: "tool_result", tool_use_id: "toolu_1", content: "21 °C" } */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content:
    | string
    | (
        | { type: "text"; text: string }
        | {
            type: "image";
            source: {
              type: "base64";
              media_type: "image/jpeg" | "image/png" | "image/gif" | "image/webp";
              data: string;
            };
          }
        | {
            type: "document";
            source:
              | { type: "base64"; media_type: "application/pdf"; data: string }
              | { type: "text"; media_type: "text/plain"; data: string };
            title?: string;
          }
      )[];
  is_error?: boolean;
}
/** The user turn holding every tool result (Anthropic). @example { role: "user", content: [{ type: "tool_result", ... }] } */
export interface AnthropicToolResultMessage {
  role: "user";
  content: AnthropicToolResultBlock[];
}

// ---- Gemini -------------------------------------------------------------------------------------------

/** A part of a Gemini `Content`: text, a function call or a function response. @example { functionCall: { name: "get_weather", args: { city: "Paris" } } } */
export interface GeminiPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: { id?: string; name?: string; args?: Record<string, unknown> };
  functionResponse?: {
    id?: string;
    name?: string;
    response?: Record<string, unknown>;
    parts?: { inlineData?: { mimeType?: string; data?: string; displayName?: string } }[];
  };
}
/** A Gemini `Content`: the model's turn, or the user turn holding the function responses. @example { role: "user", parts: [{ functionResponse: { name: "get_weather", response: { result: "21 °C" } } }] } */
export interface GeminiContent {
  role?: string;
  parts?: GeminiPart[];
}

// ---- MCP sampling, Bedrock, Mistral, Ollama, Cohere ---------------------------------------------------

/** An MCP sampling message (`sampling/createMessage` with tools). @example { role: "user", content: [{ type: "tool_result", toolUseId: "c1", content: [{ type: "text", text: "3" }] }] } */
export interface MCPSamplingMessage {
  role: "user" | "assistant";
  content: (
    | { type: "text"; text: string }
    | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
    | {
        type: "tool_result";
        toolUseId: string;
        content: (
          | { type: "text"; text: string }
          | { type: "image"; data: string; mimeType: string }
          | { type: "resource"; resource: { uri: string; mimeType: string; blob: string } }
        )[];
        structuredContent?: Record<string, unknown>;
        isError?: boolean;
      }
  )[];
}
/** A Bedrock Converse message. @example { role: "user", content: [{ toolResult: { toolUseId: "t1", content: [{ text: "3" }] } }] } */
export interface BedrockMessage {
  role: "user" | "assistant";
  content: {
    text?: string;
    toolUse?: { toolUseId: string; name: string; input: unknown };
    toolResult?: { toolUseId: string; content: ({ text: string } | { json: unknown })[]; status?: "success" | "error" };
  }[];
}
/** A Mistral chat message of the tool loop. @example { role: "tool", toolCallId: "c1", name: "add", content: "3" } */
export type MistralMessage =
  | {
      role: "assistant";
      content: string;
      toolCalls: {
        id?: string;
        type?: "function";
        function: { name: string; arguments: string | Record<string, unknown> };
      }[];
    }
  | { role: "tool"; toolCallId: string; name: string; content: string };
/** An Ollama chat message of the tool loop. @example { role: "tool", tool_name: "add", content: "3" } */
export type OllamaMessage =
  | {
      role: "assistant";
      content: string;
      tool_calls?: { function: { name: string; arguments: Record<string, unknown> } }[];
    }
  | { role: "tool"; tool_name: string; content: string };
/** A Cohere v2 chat message of the tool loop. @example { role: "tool", toolCallId: "c1", content: "3" } */
export type CohereMessage =
  | {
      role: "assistant";
      toolCalls: { id?: string; type?: "function"; function?: { name?: string; arguments?: string } }[];
      toolPlan?: string;
      content?: unknown;
    }
  | { role: "tool"; toolCallId: string; content: string };

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
      ? P extends "gemini"
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
