import type { CallResult, ExecuteAllOptions, ToolCall } from "./call.js";
import type { ToolResult } from "./result.js";
import { failure } from "./result.js";
import { Tool, type AnyTool, type Logger } from "./tool.js";
import type { FormatOptions } from "./provider-formats.js";

/** Seed 002: accuracy drops with many tools in one request. */
export const TOOLS_PER_REQUEST_WARNING = 20;

/**
 * Finds and runs tools by name. Unknown names (`constructor` and `__proto__` included) and bad arguments
 * give a failed `ToolResult` naming what exists, never an exception. Names are unique.
 *
 * @example
 * const registry = new ToolRegistry().register(weather, calculator);
 * openai.chat.completions.create({ tools: registry.listTools().map((t) => toOpenAIFormat(t)), ... }); // registry.toOpenAIFormat() through the root entry
 * await registry.execute("get_weather", '{"city":"Paris"}');
 */
export class ToolRegistry {
  readonly #tools = new Map<string, AnyTool>();
  readonly #logger: Logger;

  constructor(options: { readonly logger?: Logger } = {}) {
    this.#logger = options.logger ?? { error: (m, e) => console.error(m, e), warn: (m) => console.warn(m) };
  }

  /** Adds tools; a name already taken is refused. Returns the registry, for chaining. */
  register(...tools: readonly (AnyTool | readonly AnyTool[])[]): this {
    for (const item of tools.flat()) {
      if (!(item instanceof Tool)) throw new TypeError("ToolRegistry.register: expects Tool objects (from tool(), functionToTool() or toolsFrom())");
      if (this.#tools.has(item.name)) throw new TypeError(`ToolRegistry.register: a tool named "${item.name}" is already registered`);
      this.#tools.set(item.name, item);
    }
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
   * Runs a tool by name on the arguments a model sent (an object or its JSON text). Always resolves.
   *
   * @example
   * await registry.execute("nope", {}); // { success: false, error: 'Unknown tool "nope". Available tools: get_weather, calculator.' }
   */
  async execute(name: string, args: unknown, context?: unknown): Promise<ToolResult> {
    const found = this.get(name);
    if (!found) {
      const names = [...this.#tools.keys()];
      const shown = typeof name === "string" ? JSON.stringify(name).slice(0, 80) : `(a ${typeof name}, not a name)`; // String() may throw
      return failure(`Unknown tool ${shown}. ${names.length ? `Available tools: ${names.join(", ")}.` : "No tools are registered."}`);
    }
    return found.execute(args, context);
  }

  /**
   * Runs several calls at once (seed 002's parallel calls), each bounded by `timeout` and cancellable by
   * `signal`, and resolves to their results in call order. One failing call never affects another.
   *
   * @example
   * const results = await registry.executeAll(parseToolCalls(response, "openai"), { timeout: 10_000 });
   * messages.push(...toToolMessages(results, "openai"));
   */
  async executeAll(calls: readonly ToolCall[], options: ExecuteAllOptions = {}): Promise<CallResult[]> {
    const { concurrency = Infinity } = options;
    if (typeof concurrency !== "number" || !(concurrency >= 1)) throw new TypeError(`executeAll: concurrency must be a number of calls, 1 or more (received ${String(concurrency)})`);
    const results: CallResult[] = new Array(calls.length);
    const limit = Math.max(1, Math.min(Math.floor(concurrency), calls.length));
    let next = 0;
    const worker = async () => {
      while (next < calls.length) {
        const index = next++;
        const call = calls[index]!;
        results[index] = { id: call.id, name: call.name, result: await this.#bounded(call, options) };
      }
    };
    await Promise.all(Array.from({ length: limit }, worker));
    return results;
  }

  async #bounded(call: ToolCall, { signal, timeout, context }: ExecuteAllOptions): Promise<ToolResult> {
    if (signal?.aborted) return failure(`Tool "${call.name}" was cancelled before it ran.`);
    const racers: Promise<ToolResult>[] = [this.execute(call.name, call.arguments, context)];
    const cleanups: (() => void)[] = [];
    if (timeout !== undefined && timeout >= 0 && Number.isFinite(timeout)) {
      racers.push(
        new Promise((resolve) => {
          const timer = setTimeout(() => resolve(failure(`Tool "${call.name}" timed out after ${timeout} ms.`)), timeout);
          cleanups.push(() => clearTimeout(timer));
        }),
      );
    }
    if (signal) {
      racers.push(
        new Promise((resolve) => {
          const onAbort = () => resolve(failure(`Tool "${call.name}" was cancelled.`));
          signal.addEventListener("abort", onAbort, { once: true });
          cleanups.push(() => signal.removeEventListener("abort", onAbort));
        }),
      );
    }
    try {
      return await Promise.race(racers);
    } finally {
      for (const cleanup of cleanups) cleanup();
    }
  }

  /**
   * The tools to send in one request (every one, or one category's), warning through the logger past
   * `TOOLS_PER_REQUEST_WARNING`: models choose less accurately among many. A category no tool has is an error.
   *
   * @example
   * registry.toolsForRequest("math").map((t) => toAnthropicFormat(t));
   */
  toolsForRequest(category?: string): AnyTool[] {
    const tools = this.listTools(category);
    if (category !== undefined && !tools.length) {
      // A typo must not send an empty list: the model would answer without the tools, and nothing would say why.
      const known = [...new Set(this.listTools().map((t) => t.category).filter((c): c is string => c !== undefined))];
      throw new TypeError(`ToolRegistry: no tool has the category ${JSON.stringify(category)}; ${known.length ? `categories: ${known.map((c) => JSON.stringify(c)).join(", ")}` : "no tool has a category"}`);
    }
    if (tools.length > TOOLS_PER_REQUEST_WARNING) {
      this.#logger.warn?.(`tooltype: ${tools.length} tools in one request; models choose less accurately above ${TOOLS_PER_REQUEST_WARNING} (send a category or fewer tools)`);
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
export function formatArguments<O extends FormatOptions>(first: string | (O & { readonly category?: string }) | undefined, second?: O): { category: string | undefined; options: O | undefined } {
  if (typeof first === "object" && first !== null) {
    if (second !== undefined) throw new TypeError("ToolRegistry: give the options once, as { strict, category } or as (category, options)");
    const { category, ...options } = first;
    return { category, options: options as unknown as O };
  }
  if (first !== undefined && typeof first !== "string") throw new TypeError(`ToolRegistry: a category is a string, or pass { strict, category }; received ${typeof first}`);
  return { category: first, options: second };
}
