import type { AnyTool } from "../tools/tool.js";
import type { SchemaRules, ToolIssue } from "../tools/provider-formats.js";
import type { CallResult, ToolCall, ToolCaller } from "../tools/call.js";
import type { AnswerOptions } from "./output.js";
import type { ParserEvents } from "./partial-json.js";
import type { PartialVerdict } from "./viability.js";
import type { ProviderTypes } from "./messages.js";
import type { ToolFormat } from "../tools/format-types.js";

export type { CallResult, ToolCall, ToolCaller } from "../tools/call.js";

/**
 * The names of the providers tooltype ships (each also a value: `import { anthropic } from
 * "tooltype/providers/anthropic"`).
 * Only the root entry takes a name in a provider's place.
 *
 * @example
 * const provider: Provider = "anthropic"; parseToolCalls(response, provider); // from "tooltype"
 */
export type Provider =
  | "openai"
  | "responses"
  | "anthropic"
  | "gemini"
  | "mcp"
  | "bedrock"
  | "mistral"
  | "ollama"
  | "cohere";

/**
 * Which tools the model may or must call, in one spelling for every provider.
 *
 * @example
 * runTools({ ...options, toolChoice: { name: "get_weather" } });
 */
export type ToolChoice = "auto" | "required" | "none" | { readonly name: string };

/**
 * Options for writing tools into a request.
 *
 * @example
 * ADAPTERS.openai.withTools({ model, messages }, [weather], { toolChoice: "required", parallelToolCalls: false });
 * // { model, messages, tools: [...], tool_choice: "required", parallel_tool_calls: false }
 */
export interface RequestOptions {
  readonly toolChoice?: ToolChoice;
  readonly parallelToolCalls?: boolean;
  /**
   * Strict schemas (`"prefer"`: where each tool's schema allows); Gemini's strict is function calling mode `VALIDATED`.
   */
  readonly strict?: boolean | "prefer";
  /** The schema rules of the model behind the endpoint (see `FormatOptions.dialect`). */
  readonly dialect?: SchemaRules;
  /** Receives what the formats report (a tool sent without strict mode, a keyword moved into a description). */
  readonly onIssue?: (issue: ToolIssue) => void;
  /**
   * Anthropic prompt caching: `cache_control` on the last tool (see `AnthropicFormatOptions`); other providers ignore
   * it.
   */
  readonly cacheControl?: boolean | { readonly ttl?: "5m" | "1h" };
}

/**
 * A provider: what tooltype knows of one API's wire format, as a plain value (`openai` from
 * `tooltype/providers/openai`, ...), so a bundle keeps only the providers it imports. A provider written outside
 * tooltype is a value of this type too; `Types` (optional) types its messages for `runTools`' result.
 *
 * @example
 * import { anthropic } from "tooltype/providers/anthropic";
 * const calls = anthropic.calls(response);
 * messages.push(...anthropic.assistantMessages(response), ...anthropic.toolMessages(await registry.executeAll(calls)));
 */
export interface ProviderAdapter<Name extends string = string, Types extends ProviderTypes = ProviderTypes> {
  /** The provider's name, in messages and in saved states (a state resumes only with the same provider). */
  readonly name: Name;
  /** For types only, never set: what its messages and requests are (see `ProviderTypes`). */
  readonly types?: Types;
  /**
   * The format its tools are written in (`registry.check(provider)` and `toolTokens` read it); `"openai"` by default.
   */
  readonly toolFormat?: ToolFormat;
  /** Where the conversation lives in a request (`messages`, `input`, `contents`). */
  readonly conversation: string;
  /**
   * What is wrong with a value given as a response: undefined when this provider can read it, else a sentence
   * naming what was received and what was expected (`responseMismatch` writes one). `parseToolCalls` and the loop
   * throw it as a TypeError; without it, any object is read.
   */
  responseIssue?(response: object): string | undefined;
  /** The tool calls of a response, in order. */
  calls(response: unknown): ToolCall[];
  /**
   * The conversation entries that answer the calls (always an array). Parts a result carries (`toModelOutput`)
   * are sent as the provider takes them; what it cannot take is changed and reported to `options.onIssue`.
   */
  toolMessages(results: readonly CallResult[], options?: AnswerOptions): unknown[];
  /** The conversation entries a response adds (the assistant turn), to append before the answers. */
  assistantMessages(response: unknown): unknown[];
  /** The response's text, if any. */
  text(response: unknown): string | undefined;
  /** The turn was cut at the output token limit, so its last call's arguments may be incomplete. */
  truncated?(response: unknown): boolean;
  /**
   * The model declined to answer (a refusal, a safety block, a guardrail): the text the provider gave, or a
   * sentence naming the reason; undefined for any other answer. Absent where the provider has no such signal.
   */
  refusal?(response: unknown): string | undefined;
  /** The request with the tools, tool choice and parallel-call setting in this provider's spelling. */
  withTools(
    request: Record<string, unknown>,
    tools: readonly AnyTool[],
    options: RequestOptions,
  ): Record<string, unknown>;
  /** A user message holding `text` in this provider's conversation shape. */
  userMessage(text: string): unknown;
  /** Tokens the response reports, in one spelling. */
  usage?(response: unknown): Usage | undefined;
  /**
   * An error the provider sent instead of a result, in a body or a stream event: its message, or undefined when the
   * value is not one.
   */
  errorOf?(value: unknown, event?: string): string | undefined;
  /**
   * The assistant turn with some calls' arguments replaced by the call's position among the turn's calls (as
   * `calls` lists them); entries are copied, never changed in place. Without it, the loop notes repaired
   * arguments in the call's answer instead.
   */
  withArguments?(entries: readonly unknown[], replace: ReadonlyMap<number, unknown>): unknown[];
  /** Reading this provider's stream: the loop and `createToolCallStream` both use it. */
  readonly stream?: StreamSupport;
  /** Talking to the provider's HTTP API with `fetch` (`httpChat`). */
  readonly http?: ProviderHTTP;
  /** The provider's `gen_ai.provider.name` in traces (the OpenTelemetry conventions' value); its name by default. */
  readonly tracingName?: string;
  /** The provider searches deferred tools itself (`defer_loading`), so the loop offers no search tool of its own. */
  readonly nativeToolSearch?: boolean;
  /**
   * What the response asks the client to run that is no call of a tool the loop has (a provider-defined tool such
   * as OpenAI's local shell, a hosted MCP call awaiting approval), each named: the loop stops with an error naming
   * them rather than reading the turn as an answer.
   */
  unrunnable?(response: unknown): readonly string[];
  /**
   * Request fields the following turns keep from this response, beyond the conversation (Anthropic: the container
   * a code-execution program runs in, which the answers to its calls must name). The loop sets them on its request,
   * and a saved state keeps them.
   */
  carryOver?(request: Readonly<Record<string, unknown>>, response: unknown): Record<string, unknown> | undefined;
}

/**
 * Tokens one model turn used, in one spelling for every provider; `raw` is the provider's own usage object
 * (cache and reasoning counts are there).
 *
 * @example
 * {
 *   inputTokens: 812,
 *   outputTokens: 64,
 *   totalTokens: 876,
 *   raw: { prompt_tokens: 812, completion_tokens: 64, total_tokens: 876 },
 * }
 */
export interface Usage {
  readonly inputTokens: number | undefined;
  readonly outputTokens: number | undefined;
  readonly totalTokens: number | undefined;
  readonly raw?: unknown;
}

/**
 * How a provider's HTTP API is called with `fetch` (what `httpChat` sends).
 *
 * @example
 * ADAPTERS.anthropic.http?.request("https://api.anthropic.com/v1", { model, messages, stream: true }, apiKey).url;
 * // ".../messages"
 */
export interface ProviderHTTP {
  /** The public API's base URL (the user's `baseURL` wins). */
  readonly baseURL: string;
  /** The streaming request for `body` (the request as `runTools` writes it, the SDK's shape). */
  request(
    base: string,
    body: Record<string, unknown>,
    apiKey: string | undefined,
  ): { readonly url: string; readonly headers: Record<string, string>; readonly body: string };
  /** A binary (non-SSE) stream body as events. */
  events?(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncIterable<unknown>;
  /** The key and base URL from the variables the provider's SDK reads (`OPENAI_API_KEY`...), for `httpChat`. */
  env?(read: (name: string) => string | undefined): ProviderEnv;
}

/**
 * What a provider's environment gives `httpChat`: a key and a base URL, each when set.
 *
 * @example
 * { apiKey: "sk-..." }
 */
export interface ProviderEnv {
  readonly apiKey?: string;
  readonly baseURL?: string;
}

/**
 * The calls of a provider's stream, all that `createToolCallStream` reads: what each chunk says of calls, told to a
 * `CallTracker`. Each provider's subpath exports its own (`openaiStream` from `tooltype/providers/openai`), which
 * bundles without the provider's formats or the reader that rebuilds a whole response.
 *
 * @example
 * const tracker = createCallTracker();
 * openaiStream.read(chunk, tracker);
 * tracker.calls(); // [{ id: "call_1", name: "get_weather", arguments: { city: "Paris" } }]
 */
export interface StreamCalls {
  /** The provider's name, in errors; a stream given alone to `createToolCallStream` (`openaiStream`) carries it. */
  readonly name?: string;
  /** Tells `calls` what one chunk (an object) says of tool calls: opened, named, argument pieces, closed. */
  read(chunk: object, calls: CallTracker): void;
}

/**
 * How the loop reads a provider's stream (a provider value's `stream`): the calls in each chunk (`StreamCalls`), the
 * request asking for a stream, and a reader that also rebuilds the whole response, so the adapter's `calls`,
 * `assistantMessages`, `text` and `usage` read a streamed turn as they read a whole one.
 *
 * @example
 * const tracker = createCallTracker(checks, emit);
 * const reader = adapter.stream!.reader(tracker);
 * for await (const chunk of chunks) reader.push(chunk);
 * adapter.calls(reader.response());
 */
export interface StreamSupport extends StreamCalls {
  /** The request asking for a stream, in the provider's spelling (unchanged where the endpoint decides). */
  request(request: Record<string, unknown>): Record<string, unknown>;
  /** A reader of one stream: the calls told to `calls`, the text too, and the response rebuilt. */
  reader(calls: CallTracker): StreamReader;
}

/**
 * One stream being read (see `StreamSupport.reader`).
 *
 * @example
 * reader.push(chunk); reader.response();
 */
export interface StreamReader {
  /** Takes one chunk (a parsed stream event, or the SDK's chunk object). */
  push(chunk: unknown): void;
  /** The response so far, in the provider's non-streaming shape. */
  response(): unknown;
}

/**
 * A call as a stream reader finds it: where it is in the stream, its id and name (filled in as they arrive).
 *
 * @example
 * const call = tracker.open("0"); call.id = "call_1"; call.name = "get_weather";
 */
export interface TrackedCall {
  /** The call's place in the stream, from 0. */
  readonly index: number;
  id: string;
  name: string;
  /** The provider said the call is complete. */
  closed: boolean;
  /** A program the provider runs made the call (see `ToolCall.caller`). */
  caller?: ToolCaller;
  /** The argument text so far. */
  argumentText(): string;
  /** The argument text is one whole JSON value. */
  complete(): boolean;
}

/**
 * The steps a provider's stream reader tells about calls and text, in one spelling for every provider: one
 * assembler (`createToolCallStream`, the loop) keeps the calls from them.
 *
 * @example
 * const call = tracker.open(String(event.index)); call.id = block.id; call.name = block.name; tracker.start(call);
 * tracker.piece(call, '{"city":"Pa');
 */
export interface CallTracker {
  /** The call under `key`; a new one when there is none, or when `another(open)` says the open one is finished. */
  open(key: string, another?: (open: TrackedCall) => boolean): TrackedCall;
  /** The call under `key`, if any. */
  find(key: string): TrackedCall | undefined;
  /**
   * The call's id and name are known: reported once (`tool-call-start`); its arguments are checked by its tool from
   * here on.
   */
  start(call: TrackedCall): void;
  /**
   * A piece of the call's argument text; ignored when it is no text, or the call is missing (`find` found none) or
   * closed.
   */
  piece(call: TrackedCall | undefined, text: unknown): void;
  /** The call's arguments, whole (Gemini, Ollama): the call is started, given them and closed. */
  whole(call: TrackedCall, value: unknown): void;
  /**
   * The call's whole argument text from a "done" event: what streamed is kept when it agrees, else the text wins;
   * closed.
   */
  settle(call: TrackedCall, text: unknown): void;
  /** A piece of the answer's text. */
  text(piece: string): void;
  /** Every call so far, in order (unnamed ones too: `calls()` and `partial()` leave those out). */
  readonly list: readonly TrackedCall[];
}

/**
 * The checks of a call's streamed arguments, by tool name (`checkArguments(tools)` from `tooltype/calls` makes
 * them): a partial parser's events in, a verdict out; undefined for a name it has no schema for.
 *
 * @example
 * createToolCallStream("openai", { check: checkArguments([weather]) });
 */
export type ArgumentChecks = (name: string) =>
  | {
      readonly events: ParserEvents;
      verdict(): { readonly settled: readonly string[]; readonly viable: boolean; readonly reason?: string };
    }
  | undefined;

/**
 * A call while it streams: arguments parsed as far as they go (a half-streamed string shows its prefix).
 *
 * @example
 * { id: "call_1", name: "get_weather", arguments: { city: "Pa" }, text: '{"city":"Pa', done: false }
 */
export interface PartialToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: unknown;
  /** A program the provider runs made the call (see `ToolCall.caller`). */
  readonly caller?: ToolCaller;
  /** The raw argument text so far. */
  readonly text: string;
  /** The provider said the call is complete, or its arguments are a complete JSON value. */
  readonly done: boolean;
  /** With `check`: the arguments' properties complete and valid so far (`""` once the whole object is). */
  readonly settled?: readonly string[];
  /** With `check`: false once no completion of the arguments so far could pass the tool's schema. */
  readonly viable?: boolean;
  /** With `check`, when not viable: what cannot pass, and where. */
  readonly reason?: string;
}

/**
 * What a streamed chunk adds, as the loop reports it.
 *
 * @example
 * {
 *   type: "tool-call-delta",
 *   index: 0,
 *   id: "call_1",
 *   name: "get_weather",
 *   delta: '"Par',
 *   partial: { location: "Par" },
 *   settled: [],
 *   viable: true,
 * }
 */
export type Delta =
  | { readonly type: "text-delta"; readonly text: string }
  | {
      readonly type: "tool-call-start";
      readonly index: number;
      readonly id: string;
      readonly name: string;
      /** A program the provider runs made the call (see `ToolCall.caller`). */
      readonly caller?: ToolCaller;
    }
  | ({
      readonly type: "tool-call-delta";
      readonly index: number;
      readonly id: string;
      readonly name: string;
      readonly delta: string;
      /** The arguments parsed so far (a live view that later deltas fill in). */
      readonly partial: unknown;
    } & PartialVerdict);
