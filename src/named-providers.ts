// The root entry's providers by name: every provider value in one table, and the functions that take a provider
// taking a name too. Only the root entry ("tooltype") imports this module, so a program that imports a lean entry
// and one provider's subpath bundles that provider alone.
import type { CallResult, Provider, ProviderAdapter, ToolCall } from "./calls/types.js";
import type { AnswerOptions } from "./calls/output.js";
import type { AssistantMessageOf, RequestShape, ToolMessageOf } from "./calls/messages.js";
import * as calls from "./calls/parse.js";
import * as streams from "./calls/stream.js";
import * as loop from "./agent/run-tools.js";
import * as streaming from "./agent/stream-tools.js";
import { readStreams } from "./agent/read-streams.js";
import * as http from "./agent/http.js";
import type { RunToolsOptions, RunToolsResult, ResumeOptions, TypedRunToolsResult } from "./agent/run-tools.js";
import type { ResumeAnswers } from "./agent/approval.js";
import type { LoopEvent } from "./agent/step.js";
import { namedRules, ownRules } from "./tools/named-rules.js";
import type { SchemaRules } from "./tools/format-types.js";
import { anthropic } from "./providers/anthropic/index.js";
import { bedrock } from "./providers/bedrock/index.js";
import { cohere } from "./providers/cohere/index.js";
import { gemini } from "./providers/gemini/index.js";
import { mcp } from "./providers/mcp/index.js";
import { mistral } from "./providers/mistral/index.js";
import { ollama } from "./providers/ollama/index.js";
import { openai } from "./providers/openai/index.js";
import { responses } from "./providers/responses/index.js";

/** Every provider value by name. @example ADAPTERS.anthropic.conversation; // "messages" */
export const ADAPTERS = { openai, responses, anthropic, gemini, mcp, bedrock, mistral, ollama, cohere } as const;

/** The provider value a name stands for (a value stays itself). @example ProviderOf<"openai"> // typeof openai */
export type ProviderOf<P> = P extends Provider ? (typeof ADAPTERS)[P] : P;

/**
 * What each provider's loop writes, by name: `tool` (`toToolMessages`) and `assistant` (the model's turn).
 *
 * @example
 * type Answers = ProviderMessages["anthropic"]["tool"]; // AnthropicToolResultMessage
 */
export type ProviderMessages = {
  [P in Provider]: { tool: ToolMessageOf<ProviderOf<P>>; assistant: AssistantMessageOf<ProviderOf<P>> };
};

/**
 * The least a request must be for each provider's loop, by name.
 *
 * @example
 * const request: ProviderRequests["anthropic"] = { messages: [{ role: "user", content: "Hi" }] };
 */
export type ProviderRequests = { [P in Provider]: RequestShape<ProviderOf<P>> };

/**
 * The provider value of a name (or a value passed as is); an unknown name is a clear error.
 *
 * @example
 * adapterOf("gemini").conversation; // "contents"
 * adapterOf("palm"); // throws TypeError: tooltype: unknown provider "palm"; known: openai, responses, anthropic, ...
 */
export function adapterOf<P extends Provider | ProviderAdapter>(provider: P): ProviderOf<P> {
  if (typeof provider === "object" && provider !== null) return provider as ProviderOf<P>;
  const adapter =
    typeof provider === "string" && Object.hasOwn(ADAPTERS, provider)
      ? (ADAPTERS as Record<string, ProviderAdapter>)[provider]
      : undefined;
  if (!adapter)
    throw new TypeError(
      `tooltype: unknown provider ${JSON.stringify(provider)}; known: ${Object.keys(ADAPTERS).join(", ")}`,
    );
  return adapter as ProviderOf<P>;
}

/** The loop's options with a provider name allowed in the provider's place. */
type Named<O, P> = Omit<O, "provider"> & { readonly provider: P };
// The provider's own schema rules, strict writer included, when no dialect is given.
const named = <O extends { readonly provider: unknown; readonly dialect?: SchemaRules }>(options: O) => {
  const provider = adapterOf(options.provider as Provider | ProviderAdapter);
  return { ...namedRules(options, ownRules(provider)), provider } as O & { provider: ProviderAdapter };
};
// The root's runTools and resume read a stream chat returns without being given readStreams.
const wired = <O extends { readonly provider: unknown; readonly readStreams?: unknown }>(options: O) => ({
  ...named(options),
  readStreams: options.readStreams ?? readStreams,
});

/**
 * `runTools` (see `tooltype/agent`) taking a provider's name or its value, and reading a stream `chat` returns
 * (`readStreams` given).
 *
 * @example
 * const { text } = await runTools({
 *   provider: "openai",
 *   chat: (r) => client.chat.completions.create(r),
 *   request,
 *   tools: [weather],
 * });
 */
export function runTools<Request extends RequestShape<ProviderOf<P>>, P extends Provider | ProviderAdapter>(
  options: Omit<RunToolsOptions<Request>, "chat" | "provider"> & {
    readonly provider: P;
    readonly chat: (request: NoInfer<Request>, options: { readonly signal?: AbortSignal }) => unknown;
  },
): Promise<TypedRunToolsResult<ProviderOf<P>, Request>> {
  return loop.runTools(wired(options) as never) as Promise<TypedRunToolsResult<ProviderOf<P>, Request>>;
}

/**
 * `resume` (see `tooltype/agent`) taking a provider's name or its value, and reading a stream `chat` returns.
 *
 * @example
 * resume(state, { call_1: true }, { provider: "openai", chat, tools: [email] });
 */
export function resume<Request extends object>(
  state: unknown,
  decisions: ResumeAnswers,
  options: Named<ResumeOptions<Request>, Provider | ProviderAdapter>,
): Promise<RunToolsResult> {
  return loop.resume(state, decisions, wired(options));
}

/**
 * `streamTools` (see `tooltype/agent`) taking a provider's name or its value.
 *
 * @example
 * for await (const event of streamTools({ provider: "anthropic", chat: httpChat("anthropic"), request, tools }))
 *   render(event);
 */
export function streamTools<Request extends object>(
  options: Named<RunToolsOptions<Request>, Provider | ProviderAdapter>,
): AsyncIterable<LoopEvent> {
  return streaming.streamTools(named(options));
}

/**
 * `resumeStream` (see `tooltype/agent`) taking a provider's name or its value.
 *
 * @example
 * for await (const event of resumeStream(state, { call_1: true }, { provider: "openai", chat, tools })) render(event);
 */
export function resumeStream<Request extends object>(
  state: unknown,
  decisions: ResumeAnswers,
  options: Named<ResumeOptions<Request>, Provider | ProviderAdapter>,
): AsyncIterable<LoopEvent> {
  return streaming.resumeStream(state, decisions, named(options));
}

/**
 * `httpChat` (see `tooltype/agent`) taking a provider's name or its value.
 *
 * @example
 * httpChat("anthropic", { apiKey });
 */
export function httpChat(
  provider: Provider | ProviderAdapter,
  options?: http.HttpChatOptions,
): (request: object, init?: { readonly signal?: AbortSignal }) => Promise<Response> {
  const adapter: ProviderAdapter = adapterOf(provider);
  if (!adapter.http)
    throw new TypeError(
      `httpChat: provider must be one of ${Object.values(ADAPTERS as Record<string, ProviderAdapter>)
        .filter((known) => known.http)
        .map((known) => known.name)
        .join(", ")}, received ${JSON.stringify(adapter.name)}`,
    );
  return http.httpChat(adapter, options);
}

/**
 * `parseToolCalls` (see `tooltype/calls`) taking a provider's name or its value.
 *
 * @example
 * parseToolCalls(completion, "openai"); // [{ id: "call_1", name: "get_weather", arguments: { city: "Paris" } }]
 */
export function parseToolCalls(response: unknown, provider: Provider | ProviderAdapter): ToolCall[] {
  return calls.parseToolCalls(response, adapterOf(provider));
}

/**
 * `toToolMessages` (see `tooltype/calls`) taking a provider's name or its value.
 *
 * @example
 * messages.push(...toToolMessages(await registry.executeAll(calls), "anthropic"));
 */
export function toToolMessages<P extends Provider | ProviderAdapter>(
  results: readonly CallResult[],
  provider: P,
  options?: AnswerOptions,
): ToolMessageOf<ProviderOf<P>>[] {
  return calls.toToolMessages(results, adapterOf(provider) as ProviderAdapter, options) as ToolMessageOf<
    ProviderOf<P>
  >[];
}

/**
 * `createToolCallStream` (see `tooltype/calls`) taking a provider's name or its value.
 *
 * @example
 * const stream = createToolCallStream("openai"); stream.push(chunk); stream.calls();
 */
export function createToolCallStream(
  provider: Provider | Pick<ProviderAdapter, "name" | "stream">,
  options?: streams.ToolCallStreamOptions,
): streams.ToolCallStream {
  return streams.createToolCallStream(
    typeof provider === "string" ? adapterOf(provider) : (provider as ProviderAdapter),
    options,
  );
}
