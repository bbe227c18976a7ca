import type { CallResult, ExecuteAllOptions, ToolCall } from "./call.js";
import type { ToolResult } from "./result.js";
import { failure } from "./result.js";
import { Tool, type AnyTool, type Logger } from "./tool.js";
import { boundedCall } from "./bounded-call.js";
import {
  checkTool,
  toolSetIssues,
  type FormatOptions,
  type ToolFormat,
  type SchemaRules,
  type ToolIssue,
} from "./provider-formats.js";
import { formatOf, type FormatOf } from "./format-types.js";
import { ConversionError } from "../schema/dialects/warnings.js";
import type { ToolTokens, ToolTokensOptions } from "./tokens.js";

/**
 * Seed 002: accuracy drops with many tools in one request. Above this many, `registry.check` and
 * `toolsForRequest` give advice (never a rejection).
 *
 * @example
 * TOOLS_PER_REQUEST_WARNING; // 20
 */
export const TOOLS_PER_REQUEST_WARNING = 20;

/**
 * How many tools one request may hold, per provider, where its documentation says:
 * OpenAI "A max of 128 functions are supported"
 * (https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools,
 * and the same for Responses); Gemini "Maximum 128 function declarations can be provided"
 * (https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/Tool, functionDeclarations).
 *
 * @example
 * TOOL_LIMITS.openai; // 128
 */
export const TOOL_LIMITS: Partial<Record<ToolFormat, number>> = { openai: 128, responses: 128, gemini: 128 };

/**
 * Adds tools by name as `ToolRegistry.register` does (each a `Tool`, no name twice, the same errors) and returns
 * them all: for code that needs only the list (the agent loop), without the registry's other methods in its bundle.
 *
 * @example
 * registeredTools([weather, calculator]); // [weather, calculator]
 * registeredTools([weather, weather]);
 * // TypeError: ToolRegistry.register: a tool named "get_weather" is already registered
 */
export function registeredTools(
  tools: readonly (AnyTool | readonly AnyTool[])[],
  byName = new Map<string, AnyTool>(),
): AnyTool[] {
  for (const item of tools.flat()) {
    if (!(item instanceof Tool))
      throw new TypeError("ToolRegistry.register: expects Tool objects (from tool(), functionToTool() or toolsFrom())");
    if (byName.has(item.name))
      throw new TypeError(`ToolRegistry.register: a tool named "${item.name}" is already registered`);
    byName.set(item.name, item);
  }
  return [...byName.values()];
}

/**
 * Finds and runs tools by name. Unknown names (`constructor` and `__proto__` included) and bad arguments
 * give a failed `ToolResult` naming what exists, never an exception. Names are unique.
 *
 * @example
 * const registry = new ToolRegistry().register(weather, calculator);
 * openai.chat.completions.create({ tools: registry.listTools().map((t) => toOpenAIFormat(t)), ... });
 * // registry.toOpenAIFormat() through the root entry
 * await registry.execute("get_weather", '{"city":"Paris"}');
 */
export class ToolRegistry {
  readonly #tools = new Map<string, AnyTool>();
  /** Where count warnings go when the caller gives no `onIssue`; none unless a logger is given. */
  readonly #logger: Logger | undefined;

  constructor(options: { readonly logger?: Logger } = {}) {
    this.#logger = options.logger;
  }

  /** Adds tools; a name already taken is refused. Returns the registry, for chaining. */
  register(...tools: readonly (AnyTool | readonly AnyTool[])[]): this {
    registeredTools(tools, this.#tools);
    return this;
  }

  /** The tool with this name, or undefined. */
  get(name: string): AnyTool | undefined {
    return typeof name === "string" ? this.#tools.get(name) : undefined;
  }

  /** Whether a tool has this name. */
  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** Every tool, or those of one category, in registration order. */
  listTools(category?: string): AnyTool[] {
    const all = [...this.#tools.values()];
    return category === undefined ? all : all.filter((t) => t.category === category);
  }

  /**
   * Every issue of this registry's tools (or one category's) in a provider's format, as data: more tools
   * than the provider takes in one request, more than 20 (advice: models choose worse among many), names it refuses,
   * and each
   * tool's schema issues (`checkTool`). Nothing is printed or thrown.
   *
   * @example
   * registry.check(gemini);
   * // or "gemini", the format's name; [{ tool: "lookup.v2", provider: "gemini", path: "/properties/2nd", message:
   * // "...", kind: "rejected" }, ...]
   */
  check(
    format: FormatOf,
    options: {
      readonly category?: string;
      readonly strict?: boolean | "prefer";
      readonly jsonSchema?: boolean;
      readonly dialect?: SchemaRules;
    } = {},
  ): ToolIssue[] {
    const provider = formatOf(format);
    const tools = this.listTools(options.category);
    return [
      ...this.#countIssues(tools.length, provider),
      ...tools.flatMap((t) => checkTool(t, provider, options)),
      ...toolSetIssues(tools, provider, options),
    ];
  }

  #countIssues(count: number, provider: ToolFormat): ToolIssue[] {
    const issues: ToolIssue[] = [];
    const limit = TOOL_LIMITS[provider];
    if (limit !== undefined && count > limit) {
      issues.push({
        tool: "",
        provider,
        path: "",
        kind: "rejected",
        message: `${provider} takes at most ${limit} tools in one request; ${count} were given (send a category or fewer tools)`,
      });
    }
    if (count > TOOLS_PER_REQUEST_WARNING) {
      issues.push({
        tool: "",
        provider,
        path: "",
        kind: "advice",
        message: `${count} tools in one request; models choose less accurately above ${TOOLS_PER_REQUEST_WARNING} (send a category or fewer tools)`,
      });
    }
    return issues;
  }

  /**
   * What this registry's tools (or one category's) cost in a provider's request, in tokens, per tool and in total,
   * with advice as issues (see `toolTokens`): the count's own issues (more tools than the provider takes) first.
   *
   * @example
   * const { total, tools, issues } = await registry.tokens("openai");
   */
  async tokens(
    format: FormatOf,
    options: ToolTokensOptions & { readonly category?: string } = {},
  ): Promise<ToolTokens> {
    const provider = formatOf(format);
    const countIssues: ToolIssue[] = [];
    const tools = this.toolsForRequest(options.category, provider, { onIssue: (issue) => countIssues.push(issue) });
    const { toolTokens } = await import("./tokens.js"); // loaded when counting: a bundler that splits code keeps it out of the registry's chunk
    const counted = await toolTokens(tools, provider, options);
    return { ...counted, issues: [...countIssues, ...counted.issues] };
  }

  /**
   * Runs a tool by name on the arguments a model sent (an object or its JSON text). Always resolves.
   *
   * @example
   * await registry.execute("nope", {});
   * // { success: false, error: 'Unknown tool "nope". Available tools: get_weather, calculator.' }
   */
  async execute(name: string, args: unknown, context?: unknown): Promise<ToolResult> {
    const found = this.get(name);
    if (!found) {
      const names = [...this.#tools.keys()];
      const shown = typeof name === "string" ? JSON.stringify(name).slice(0, 80) : `(a ${typeof name}, not a name)`; // String() may throw
      return failure(
        `Unknown tool ${shown}. ${names.length ? `Available tools: ${names.join(", ")}.` : "No tools are registered."}`,
      );
    }
    return found.execute(args, context);
  }

  /**
   * Runs several calls at once (the parallel calls of one turn), each bounded by `timeout` and cancellable by
   * `signal`, and resolves to their results in call order. One failing call never affects another.
   *
   * @example
   * const results = await registry.executeAll(parseToolCalls(response, "openai"), { timeout: 10_000 });
   * messages.push(...toToolMessages(results, "openai"));
   */
  async executeAll(calls: readonly ToolCall[], options: ExecuteAllOptions = {}): Promise<CallResult[]> {
    const { concurrency = Infinity } = options;
    if (typeof concurrency !== "number" || !(concurrency >= 1))
      throw new TypeError(
        `executeAll: concurrency must be a number of calls, 1 or more (received ${String(concurrency)})`,
      );
    const results: CallResult[] = new Array(calls.length);
    const limit = Math.max(1, Math.min(Math.floor(concurrency), calls.length));
    let next = 0;
    const worker = async () => {
      while (next < calls.length) {
        const index = next++;
        const call = calls[index]!;
        results[index] = {
          id: call.id,
          name: call.name,
          result: await boundedCall(call.name, () => this.execute(call.name, call.arguments, options.context), options),
        };
      }
    };
    await Promise.all(Array.from({ length: limit }, worker));
    return results;
  }

  /**
   * The tools to send in one request to a provider (every one, or one category's). A category no tool has
   * is an error. Issues of the count (more tools than the provider takes, more than 20) go to
   * `options.onIssue`; without one, a rejection throws and advice goes to a logger given to the registry
   * (never to the console by default).
   *
   * @example
   * registry.toolsForRequest("math", "anthropic").map((t) => toAnthropicFormat(t));
   */
  toolsForRequest(category: string | undefined, format: FormatOf, options: FormatOptions = {}): AnyTool[] {
    const provider = formatOf(format);
    const tools = this.listTools(category);
    if (category !== undefined && !tools.length) {
      // A typo must not send an empty list: the model would answer without the tools, and nothing would say why.
      const known = [
        ...new Set(
          this.listTools()
            .map((t) => t.category)
            .filter((c): c is string => c !== undefined),
        ),
      ];
      throw new TypeError(
        `ToolRegistry: no tool has the category ${JSON.stringify(category)}; ${known.length ? `categories: ${known.map((c) => JSON.stringify(c)).join(", ")}` : "no tool has a category"}`,
      );
    }
    const handler = options.onIssue;
    for (const issue of this.#countIssues(tools.length, provider)) {
      if (typeof handler === "function") handler(issue);
      else if (handler === "error" || issue.kind === "rejected")
        throw new ConversionError(`ToolRegistry: ${issue.message}`);
      else this.#logger?.warn?.(`tooltype: ${issue.message}`);
    }
    return tools;
  }
}

/**
 * Options of the registry's format methods: a tool format's options, and the category to list.
 *
 * @example
 * registry.toAnthropicFormat({ category: "weather", strict: true });
 */
export interface RegistryFormatOptions extends FormatOptions {
  /** Only the tools of this category; one that no tool has is an error. */
  readonly category?: string;
}

/**
 * The registry format methods' arguments read as one category and the format's options: `({ strict, category })`,
 * `(category, options)`, or `(undefined, options)`. Before, `{ strict: true }` as the first argument was taken for a
 * category and gave `[]`.
 *
 * @example
 * formatArguments({ strict: true, category: "math" }); // { category: "math", options: { strict: true } }
 */
export function formatArguments<O extends FormatOptions>(
  first: string | (O & { readonly category?: string }) | undefined,
  second?: O,
): { category: string | undefined; options: O | undefined } {
  if (typeof first === "object" && first !== null) {
    if (second !== undefined)
      throw new TypeError("ToolRegistry: give the options once, as { strict, category } or as (category, options)");
    const { category, ...options } = first;
    return { category, options: options as unknown as O };
  }
  if (first !== undefined && typeof first !== "string")
    throw new TypeError(`ToolRegistry: a category is a string, or pass { strict, category }; received ${typeof first}`);
  return { category: first, options: second };
}
