import type { AnyTool } from "../tools/tool.js";
import { ToolRegistry } from "../tools/registry.js";
import { adapterOf } from "../calls/providers/index.js";
import type { CallResult, Provider, ProviderAdapter, ToolCall, ToolChoice } from "../calls/types.js";
import type { ConversationOf, RequestShape } from "../calls/messages.js";

/** One round of `runTools`: what the model answered, what it asked for, what running it gave. */
export interface ToolStep {
  readonly step: number;
  readonly response: unknown;
  readonly calls: readonly ToolCall[];
  readonly results: readonly CallResult[];
}

/** Options of `runTools`; `P` is the provider, whose name types the request's roles and the messages returned. */
export interface RunToolsOptions<Request extends object, P extends Provider | ProviderAdapter = Provider | ProviderAdapter> {
  readonly provider: P;
  /** Sends a request to the model: usually the SDK's own method, e.g. `(r) => openai.chat.completions.create(r)`. */
  readonly chat: (request: Request) => unknown;
  /** The request without tools: model, messages (or `input`, `contents`), and any other settings. */
  readonly request: Request;
  readonly registry?: ToolRegistry;
  readonly tools?: readonly AnyTool[];
  /** Model turns at most (default 10); then the loop stops with `finishReason: "max_steps"`. */
  readonly maxSteps?: number;
  /** Applies to the first turn only, so `"required"` or a named tool cannot loop forever. */
  readonly toolChoice?: ToolChoice;
  readonly parallelToolCalls?: boolean;
  readonly strict?: boolean;
  readonly onStep?: (step: ToolStep) => void | Promise<void>;
  readonly signal?: AbortSignal;
  /** Milliseconds each tool call may take. */
  readonly timeout?: number;
  /** Passed to every tool's function. */
  readonly context?: unknown;
}

/** What `runTools` ends with. */
export interface RunToolsResult<P = unknown, Request = object> {
  /** The model's final text; undefined when the loop stopped before the model answered in text. */
  readonly text: string | undefined;
  /** The whole conversation: the request's, then every assistant turn and tool answer, typed for the provider (`ConversationOf`). */
  readonly messages: ConversationOf<P, Request>[];
  readonly steps: readonly ToolStep[];
  readonly finishReason: "stop" | "max_steps";
}

/**
 * The tool loop of seed 002, for any provider: send the request with the tools, run the calls the model
 * asks for (in parallel), append the assistant turn then the answers, send again, until the model
 * answers in text or `maxSteps` turns have passed. Bad arguments and unknown tools go back to the model
 * as tool errors it can correct; `maxSteps` bounds how often it may try.
 *
 * @example
 * const { text } = await runTools({
 *   provider: "openai",
 *   chat: (request) => openai.chat.completions.create(request),
 *   request: { model: "gpt-4o-mini", messages: [{ role: "user", content: "Weather in Paris?" }] },
 *   tools: [weather],
 * });
 */
export async function runTools<Request extends RequestShape<P>, P extends Provider | ProviderAdapter>(options: RunToolsOptions<Request, P>): Promise<RunToolsResult<P, Request>> {
  const adapter = adapterOf(options.provider);
  const registry = options.registry ?? new ToolRegistry().register(options.tools ?? []);
  const tools = options.registry && options.tools ? [...registry.listTools(), ...options.tools] : registry.listTools();
  const maxSteps = options.maxSteps ?? 10;
  if (!(maxSteps >= 1)) throw new TypeError("runTools: maxSteps must be at least 1");
  const key = adapter.conversation;
  const messages: unknown[] = conversationOf(adapter, (options.request as Record<string, unknown>)[key]);
  const steps: ToolStep[] = [];
  const base = (toolChoice: ToolChoice | undefined) =>
    adapter.withTools(options.request as Record<string, unknown>, tools, {
      ...(toolChoice !== undefined && { toolChoice }),
      ...(options.parallelToolCalls !== undefined && { parallelToolCalls: options.parallelToolCalls }),
      ...(options.strict !== undefined && { strict: options.strict }),
    });
  const first = base(options.toolChoice);
  const later = options.toolChoice === undefined || options.toolChoice === "auto" || options.toolChoice === "none" ? first : base("auto");

  for (let step = 1; step <= maxSteps; step++) {
    options.signal?.throwIfAborted();
    const request = { ...(step === 1 ? first : later), [key]: [...messages] } as Request;
    const response = await options.chat(request);
    const calls = adapter.calls(response);
    messages.push(...adapter.assistantMessages(response));
    if (!calls.length) {
      steps.push({ step, response, calls, results: [] });
      await options.onStep?.(steps.at(-1)!);
      return { text: adapter.text(response), messages: messages as ConversationOf<P, Request>[], steps, finishReason: "stop" };
    }
    const results = await registry.executeAll(calls, {
      ...(options.signal && { signal: options.signal }),
      ...(options.timeout !== undefined && { timeout: options.timeout }),
      context: options.context,
    });
    messages.push(...adapter.toolMessages(results));
    steps.push({ step, response, calls, results });
    await options.onStep?.(steps.at(-1)!);
  }
  return { text: undefined, messages: messages as ConversationOf<P, Request>[], steps, finishReason: "max_steps" };
}

/**
 * The request's conversation as a list to append to. Responses' `input` and Gemini's `contents` may be a
 * single string (one user message; spread, it would become characters), and Gemini's a single `Content`.
 */
function conversationOf(adapter: ProviderAdapter, value: unknown): unknown[] {
  if (Array.isArray(value)) return [...value];
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return [adapter.name === "gemini" ? { role: "user", parts: [{ text: value }] } : { role: "user", content: value }];
  return [value];
}
