import type { ArgumentChecks, PartialToolCall, ProviderAdapter, StreamCalls, ToolCall } from "./types.js";
import { createCallTracker, text } from "./assemble.js";

export type { ArgumentChecks, PartialToolCall } from "./types.js";

/**
 * Options of `createToolCallStream`.
 *
 * @example
 * createToolCallStream(anthropic, { check: checkArguments(tools) });
 */
export interface ToolCallStreamOptions {
  /** Check each call's arguments as they stream; `partial()` then carries `settled`, `viable` and `reason`. */
  readonly check?: ArgumentChecks;
}

/**
 * Assembles tool calls from a provider's stream, chunk by chunk, in time linear in the stream's length.
 *
 * @example
 * const stream = createToolCallStream(openai);
 * for await (const chunk of await openai.chat.completions.create({ ...request, stream: true })) {
 *   stream.push(chunk);
 *   render(stream.partial()); // arguments fill in as they arrive
 * }
 * const calls = stream.calls();
 */
export interface ToolCallStream {
  /** Feeds one chunk or event, as the provider's SDK yields it. Anything that carries no tool call is ignored. */
  push(chunk: unknown): void;
  /** The calls so far, with their arguments parsed as far as they go. A live view: later pushes change it. */
  partial(): PartialToolCall[];
  /** The calls, arguments fully parsed (raw text where it is not valid JSON, so running it reports that). */
  calls(): ToolCall[];
}

/**
 * A `ToolCallStream` for a provider (a provider value with a `stream`, as `openai` from `tooltype/providers/openai`, or
 * the calls of its stream alone, `openaiStream`, which bundles without the provider's formats and without the loop's
 * reader rebuilding whole responses): the provider's reader tells one assembler (`createCallTracker`) what each chunk
 * says of calls. OpenAI chat `delta.tool_calls` keyed by `index`, Responses `function_call_arguments.delta` keyed by
 * `output_index`, Anthropic `input_json_delta`, Gemini and Ollama whole calls per chunk, Bedrock `contentBlockDelta`
 * and Cohere `tool-call-delta` events, Mistral deltas.
 *
 * @example
 * const stream = createToolCallStream(openai);
 * stream.push({
 *   choices: [
 *     {
 *       index: 0,
 *       delta: {
 *         tool_calls: [{ index: 0, id: "call_1", function: { name: "get_weather", arguments: '{"city":"Pa' } }],
 *       },
 *     },
 *   ],
 * });
 * stream.partial();
 * // [{ id: "call_1", name: "get_weather", arguments: { city: "Pa" }, text: '{"city":"Pa', done: false }]
 * stream.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: 'ris"}' } }] } }] });
 * stream.calls(); // [{ id: "call_1", name: "get_weather", arguments: { city: "Paris" } }]
 */
export function createToolCallStream(
  provider: Pick<ProviderAdapter, "name" | "stream"> | StreamCalls,
  options: ToolCallStreamOptions = {},
): ToolCallStream {
  const given = typeof provider === "object" && provider !== null ? provider : undefined;
  const stream = given && "read" in given ? given : given?.stream;
  const read = stream?.read;
  const name = given?.name ?? "the";
  if (!read)
    throw new TypeError(
      given
        ? `createToolCallStream: the ${name} provider has no stream reader (stream)`
        : `createToolCallStream: provider must be a provider value (import { openai } from "tooltype/providers/openai") or its stream (openaiStream); received ${typeof provider === "string" ? `the name ${JSON.stringify(provider)} (names are taken by the "tooltype" entry only)` : String(provider)}`,
    );
  const tracker = createCallTracker(options.check);
  let pushed = 0;
  return {
    push(chunk) {
      pushed++;
      try {
        if (typeof chunk === "object" && chunk !== null) read(chunk, tracker);
      } catch (error) {
        // A chunk whose fields throw when read (a getter, a Proxy): say which chunk of which stream.
        throw new TypeError(`createToolCallStream: ${name} chunk ${pushed} could not be read: ${text(error)}`);
      }
    },
    partial: tracker.partial,
    calls: tracker.calls,
  };
}
