// What several providers share: their usage objects read into one spelling, their error bodies and events.
import type { ProviderAdapter, ProviderEnv, ProviderHTTP, Usage } from "./types.js";
import { field } from "./wire.js";
import { preview } from "../util/text.js";

/**
 * A provider's answer that is an error: an HTTP status other than 2xx, or an error event inside a stream.
 * `status` is the HTTP status (undefined for an error event); `body` the error as the provider sent it.
 *
 * @example
 * try { await runTools(options) } catch (e) { if (e instanceof ProviderError && e.status === 429) retryLater() }
 */
export class ProviderError extends Error {
  override readonly name = "ProviderError";
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly body: unknown,
    options?: { readonly cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A count a provider reported: a finite number, else undefined.
 *
 * @example
 * tokenCount(12); // 12
 */
export function tokenCount(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/**
 * `a + b`, where a count a provider did not report stays undefined.
 *
 * @example
 * sum(1, undefined); // 1
 */
export function sum(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : a + b;
}

/**
 * A provider's usage object (`raw`) in one spelling; undefined when the response has none. The total is the
 * provider's, else input plus output.
 *
 * @example
 * tokenUsage(usage, usage.prompt_tokens, usage.completion_tokens, usage.total_tokens);
 */
export function tokenUsage(raw: unknown, input: unknown, output: unknown, total?: unknown): Usage | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const inputTokens = tokenCount(input);
  const outputTokens = tokenCount(output);
  return { inputTokens, outputTokens, totalTokens: tokenCount(total) ?? sum(inputTokens, outputTokens), raw };
}

/**
 * The usage of a response whose `usage` object names its counts with `names` (input, output, total), in the
 * spellings given (the SDK's camelCase and the wire's snake_case).
 *
 * @example
 * usageNamed(response, ["prompt_tokens"], ["completion_tokens"], ["total_tokens"]);
 */
export function usageNamed(
  response: unknown,
  input: readonly string[],
  output: readonly string[],
  total: readonly string[],
): Usage | undefined {
  const usage = field(response, "usage");
  return tokenUsage(usage, field(usage, ...input), field(usage, ...output), field(usage, ...total));
}

/**
 * The error in a body or stream event as most providers send one: a `{ type: "error" }` event or an event named
 * `error` (Anthropic, Responses), or an `{ error: {...} }` body without a type (OpenAI, Gemini and the APIs that
 * copy them). Its message, or undefined.
 *
 * @example
 * errorMessage({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }); // "Overloaded"
 */
export function errorMessage(value: unknown, event?: string): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const error =
    field(value, "type") === "error" || event === "error"
      ? (field(value, "error") ?? value)
      : field(value, "type") === undefined &&
          typeof field(value, "error") === "object" &&
          field(value, "error") !== null
        ? field(value, "error")
        : undefined;
  if (error === undefined) return undefined;
  const message = field(error, "message");
  return typeof message === "string" ? message : preview(error, 300);
}

/**
 * A user message of the providers whose messages are `{ role, content }` with text content.
 *
 * @example
 * userText("Hi"); // { role: "user", content: "Hi" }
 */
export function userText(text: string): unknown {
  return { role: "user", content: text };
}

/**
 * For `withArguments`: each call met (in order) keeps its place, and the calls `replace` names by place are
 * remade with their new arguments.
 *
 * @example
 * const swap = replacing(new Map([[0, { city: "Paris" }]]));
 * swap(call, (args) => ({ ...call, input: args }));
 */
export function replacing(replace: ReadonlyMap<number, unknown>): <T>(value: T, make: (args: unknown) => T) => T {
  let position = 0;
  return (value, make) => {
    const at = position++;
    return replace.has(at) ? make(replace.get(at)) : value;
  };
}

/**
 * Arguments as the JSON text a wire that sends them as text takes.
 *
 * @example
 * argumentJSON({ a: 1 }); // '{"a":1}'
 */
export function argumentJSON(args: unknown): string {
  return typeof args === "string" ? args : JSON.stringify(args);
}

/**
 * A request body as JSON text; what `JSON.stringify` cannot write (a value nested too deeply for it, a cycle, a
 * BigInt: a model's call arguments sent back in the history, say) is a TypeError that says so.
 *
 * @example
 * requestJSON({ model: "gpt-4o", messages }); // '{"model":"gpt-4o","messages":[...]}'
 */
export function requestJSON(body: unknown, replacer?: (this: unknown, key: string, value: unknown) => unknown): string {
  try {
    return JSON.stringify(body, replacer);
  } catch (error) {
    throw new TypeError(`httpChat: the request could not be written as JSON (too deep? a cycle? a BigInt?): ${error}`, {
      cause: error,
    });
  }
}

/**
 * An HTTP API called with a bearer key (`authorization: Bearer`), at `path` below its base URL; `wire` turns the
 * request as `runTools` writes it (an SDK's shape) into the body the REST API takes.
 *
 * @example
 * const openaiHTTP = bearerHTTP("https://api.openai.com/v1", "chat/completions");
 */
export function bearerHTTP(
  baseURL: string,
  path: string,
  env?: (read: (name: string) => string | undefined) => ProviderEnv,
  wire?: (request: Record<string, unknown>) => unknown,
): ProviderHTTP {
  return {
    baseURL,
    ...(env && { env }),
    request: (base, body, apiKey) => ({
      url: `${base}/${path}`,
      headers: (apiKey ? { authorization: `Bearer ${apiKey}` } : {}) as Record<string, string>,
      body: requestJSON(wire ? wire(body) : body),
    }),
  };
}

/**
 * An object's own keys as a REST API spells what its SDK writes in camelCase (`toolCallId` is `tool_call_id`),
 * values unchanged; keys already in snake_case stay. Anything but a plain object is returned as it is.
 *
 * @example
 * snakeKeys({ toolCallId: "c1", content: "21 °C" }); // { tool_call_id: "c1", content: "21 °C" }
 */
export function snakeKeys(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );
}

/**
 * A chat request in an SDK's camelCase (Mistral's, Cohere's) in the REST API's snake_case: the request's own keys,
 * each message's and each content part's, and those of the objects named in `nested` (a schema or a tool's
 * parameters inside stay as they are: their names are the user's).
 *
 * @example
 * snakeChat({ model: "m", toolChoice: "any", messages: [{ role: "tool", toolCallId: "c1", content: "ok" }] });
 * // { model: "m", tool_choice: "any", messages: [{ role: "tool", tool_call_id: "c1", content: "ok" }] }
 */
export function snakeChat(
  request: Record<string, unknown>,
  nested: Readonly<Record<string, (value: unknown) => unknown>> = {},
): Record<string, unknown> {
  const body = snakeKeys(request) as Record<string, unknown>;
  if (Array.isArray(body.messages))
    body.messages = body.messages.map((m) => {
      const message = snakeKeys(m) as Record<string, unknown>;
      if (Array.isArray(message.content)) message.content = message.content.map(snakeKeys);
      return message;
    });
  for (const [key, write] of Object.entries(nested)) if (body[key] !== undefined) body[key] = write(body[key]);
  return body;
}

/**
 * `provider` when it is a provider value (an object with a `name` and `calls`); else a TypeError naming the
 * function, what it received and what it takes. A name as a string is the root entry's convenience alone.
 *
 * @example
 * providerValue(openai, "parseToolCalls"); // openai
 * providerValue("openai", "parseToolCalls"); // throws TypeError: parseToolCalls: provider must be a provider value ...
 */
export function providerValue<P>(provider: P, caller: string): P & ProviderAdapter {
  if (
    typeof provider === "object" &&
    provider !== null &&
    typeof (provider as { calls?: unknown }).calls === "function"
  )
    return provider as P & ProviderAdapter;
  const received =
    typeof provider === "string" ? `the name ${JSON.stringify(provider)}` : preview(provider, 80) || String(provider);
  throw new TypeError(
    `${caller}: provider must be a provider value (import { openai } from "tooltype/providers/openai", or a ProviderAdapter of your own); received ${received}${typeof provider === "string" ? ' (names are taken by the "tooltype" entry only)' : ""}`,
  );
}

/**
 * `response` when the provider can read it as one of its responses; else a TypeError naming the function, what
 * it received and what the provider expected (no object at all, another provider's response, a message where a
 * response belongs), so that a wrong value is never read as an answer without calls.
 *
 * @example
 * responseOf(openai, { role: "assistant", content: "Hi" }, "parseToolCalls");
 * // throws TypeError: parseToolCalls: received an assistant message ({"role":"assistant",...}) where a response of the
 * // openai provider belongs; ...
 */
export function responseOf(adapter: ProviderAdapter, response: unknown, caller: string): unknown {
  const issue =
    typeof response !== "object" || response === null
      ? `received ${response === undefined ? "undefined" : preview(response, 80)}; expected a response of the ${adapter.name} provider (an object)`
      : adapter.responseIssue?.(response);
  if (issue !== undefined) throw new TypeError(`${caller}: ${issue}`);
  return response;
}

/**
 * What is wrong with a value given as a provider's response, for `responseIssue`: undefined when it has `expected`'s
 * fields (and those named in `lists` are lists where given), else a sentence naming what was received (a message,
 * another shape, a field that is no list) and what was expected.
 *
 * @example
 * responseMismatch(value, "openai", ["choices"], "a Chat Completions response with choices", ["choices"]);
 */
export function responseMismatch(
  value: object,
  provider: string,
  keys: readonly string[],
  expected: string,
  lists: readonly string[] = [],
): string | undefined {
  const notList = lists.find((key) => field(value, key) !== undefined && !Array.isArray(field(value, key)));
  if (notList !== undefined)
    return `received a response whose "${notList}" is ${preview(field(value, notList), 60)}, where the ${provider} provider sends a list; expected ${expected}`;
  if (keys.some((key) => field(value, key) !== undefined)) return undefined;
  const role = field(value, "role");
  const what = typeof role === "string" ? `${/^[aeiou]/.test(role) ? "an" : "a"} ${role} message` : "an object";
  return `received ${what} (${preview(value, 80)}) where a response of the ${provider} provider belongs; expected ${expected}`;
}
