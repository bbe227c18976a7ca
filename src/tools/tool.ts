import type { JSONSchema } from "../schema/json-schema.js";
import type { Descriptor, InferJSON } from "../t/descriptor.js";
import { toJSONSchemaOnce as toJSONSchema } from "../schema/to-json-schema.js";
import { isObject } from "../guard/values.js";
import type { Guard, Jit } from "../guard/compile.js";
import { preview } from "../util/text.js";
import { jsonData } from "../util/json-data.js";
import { isObjectRoot, WRAPPER_KEY } from "../schema/dialects/wrap.js";
import { builder, readParameters, type GuardBuilder, type Parameters, type ParametersInput } from "./parameters.js";
import { MAX_ERROR_ISSUES, failure, issuesText, type ToolResult } from "./result.js";
import { snapshot } from "./snapshot.js";
import { encodingsOf } from "./sent-in.js";
import type { AfterHook, BeforeHook, WrapHook } from "./guardrails.js";
import { isModelOutput, modelParts, type ModelPart, type OutputPart } from "./output.js";

/**
 * Where a tool reports a function's exceptions (logged before they become a failed result).
 *
 * @example
 * const logger: Logger = {
 *   error: (message, error) => console.error(message, error),
 *   warn: (message) => console.warn(message),
 * };
 */
export interface Logger {
  error(message: string, error?: unknown): void;
  warn?(message: string): void;
}

/**
 * Everything a `Tool` is made of. `run` receives decoded arguments and the call's context.
 *
 * @example
 * new Tool<{ city: string }>({
 *   name: "get_weather",
 *   description: "Current weather for a city.",
 *   parameters: t.object({ city: t.string() }),
 *   compile,
 *   run: ({ city }) => `Sunny in ${city}`,
 * });
 */
export interface ToolDefinition<Args = unknown, Result = unknown, Context = unknown> {
  readonly name: string;
  readonly description: string;
  readonly parameters: ParametersInput;
  /**
   * The function's result type: appended to the description, emitted as MCP `outputSchema`, and checked on every call.
   */
  readonly returns?: object;
  /**
   * Check each value the function returns against `returns` (default true): a value outside it is a failed
   * result naming the tool, on every path (`execute`, the registry, `runTools`, MCP). `false` opts out.
   */
  readonly checkReturns?: boolean;
  readonly category?: string;
  /**
   * Export the strict form by default (OpenAI strict mode); each format call may override it. A lean entry's format
   * then needs the strict rules as its `dialect` (`OPENAI_RULES`, `ANTHROPIC_RULES`); the root entry passes them.
   */
  readonly strict?: boolean;
  readonly logger?: Logger;
  /** Generated-code guards for the arguments (`import { jit } from "tooltype/jit"`); the root entry passes it. */
  readonly jit?: Jit;
  /**
   * What checks a `t` descriptor or JSON Schema given as `parameters` or `returns`: `compileDescriptor` (what `tool()`
   * passes) or `compile` from `tooltype/guard` (what the root entry's `tool` and `Tool` pass). Parameters that are a
   * guard already (`compile`'s, or one
   * `tooltype compile` wrote ahead of time) or a Standard Schema need none, so a program that never names it carries no
   * interpreter; without it a union's branches are not told apart when strict-mode encodings are undone.
   */
  readonly compile?: GuardBuilder;
  /**
   * Ask a person before running: `true`, or a function of the checked, decoded arguments. The agent loop
   * (`tooltype/agent`) then stops with a state to resume; `execute` itself never asks.
   */
  readonly needsApproval?: boolean | ((args: Args, context: Context) => boolean | Promise<boolean>);
  /** Milliseconds a call may take in the agent loop (wins over the loop's `timeout`). */
  readonly timeout?: number;
  /**
   * Guardrail before each call in the agent loop (after the loop's): allow, refuse, or rewrite the arguments; see
   * `BeforeHook`.
   */
  readonly before?: BeforeHook<Args, Context>;
  /**
   * Guardrail after each call in the agent loop (before the loop's): keep, replace or refuse the result; see
   * `AfterHook`.
   */
  readonly after?: AfterHook<Args, Context>;
  /** Runs around each call in the agent loop (inside the loop's `wrap`); see `WrapHook`. */
  readonly wrap?: WrapHook<Args, Context>;
  /**
   * Anthropic: stream this tool's arguments as the model writes them (`eager_input_streaming`), instead of in
   * bursts the API holds back to check them; the agent loop checks them as they arrive instead.
   */
  readonly eagerInputStreaming?: boolean;
  /**
   * Load on demand: the agent loop does not send this tool until the model finds it. Anthropic and OpenAI
   * Responses search with their own tool search (`defer_loading`); elsewhere the loop offers `find_tools`.
   */
  readonly defer?: boolean;
  /**
   * Who may call the tool besides the model itself: the provider's code-execution program (programmatic tool
   * calling: Anthropic `allowed_callers`, e.g. `["code_execution_20250825"]`; OpenAI Responses `["programmatic"]`,
   * where Anthropic's names are sent as `"programmatic"`). A wire without it reports the option (`onIssue`). The loop
   * runs such calls like any other (each with its `caller`); their `caller` goes back in the history as it came.
   */
  readonly allowedCallers?: readonly string[];
  /**
   * What the model is sent for a value: a string, or parts (text, JSON, images, files), instead of the value
   * as JSON text. Each provider's answer writer sends what that provider accepts and reports what it changed.
   */
  readonly toModelOutput?: (value: Result) => string | OutputPart | readonly OutputPart[];
  /** The function. `options.signal` aborts when the agent loop cancels the call or it times out. */
  readonly run: (args: Args, context: Context, options: RunOptions) => Result | Promise<Result>;
}

/**
 * What a tool's function receives beside its arguments and context.
 *
 * @example
 * tool({ ..., execute: async ({ url }, _context, { signal }) => (await fetch(url, { signal })).text() });
 * tool({
 *   ...,
 *   execute: async ({ files }, _context, { progress }) => {
 *     for (const [i, f] of files.entries()) {
 *       progress?.(i, files.length, f);
 *       await upload(f);
 *     }
 *   },
 * });
 */
export interface RunOptions {
  /** Aborted when the caller gives up on the call (cancelled, timed out): stop the work then. */
  readonly signal?: AbortSignal;
  /**
   * In the agent loop: a key for this call that stays the same when its run is resumed from a saved state (the
   * run's id, the step and the call's id). Pass it to an API that deduplicates (`Idempotency-Key`), or record it,
   * so a call a crash cut off is not done twice.
   */
  readonly idempotencyKey?: string;
  /**
   * Present when the caller asked to follow the call (an MCP client sent a `progressToken`): report how far the
   * work is, `total` when known, `message` for people. `progress` must grow from one report to the next; a report
   * that does not, or one after the call ended, is dropped.
   */
  readonly progress?: (progress: number, total?: number, message?: string) => void;
  /**
   * Present when an MCP server runs the call: sends the client a log message (`notifications/message`) at `level`,
   * dropped when the client asked (`logging/setLevel`) for a more severe level only. `data` is any JSON value.
   */
  readonly log?: (level: LogLevel, data: unknown) => void;
  /**
   * Present when an MCP server runs the call: asks the person at the client for a value of `schema`, a `t.object` of
   * flat properties (strings, numbers, integers, booleans, enums, arrays of enum strings), as MCP allows. Resolves
   * to the accepted value (checked against `schema`: a value it refuses is an error), or to `decline` or `cancel`.
   * Throws when the client did not declare elicitation, or the session cannot carry a request to the client.
   */
  readonly elicit?: <S extends ElicitSchema>(message: string, schema: S) => Promise<Elicited<InferJSON<S>>>;
  /**
   * Present when an MCP server runs the call: asks the client's model for a message (`sampling/createMessage`).
   * Throws when the client did not declare sampling, or the session cannot carry a request to the client.
   */
  readonly sample?: (request: SampleRequest) => Promise<SampleResult>;
}

/**
 * A log message's severity, least to most severe, as MCP (and syslog) name them.
 *
 * @example
 * log("warning", { retry: 2 })
 */
export type LogLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

/**
 * What `elicit` takes: a `t.object` of flat properties.
 *
 * @example
 * const confirm: ElicitSchema = t.object({ ok: t.boolean() });
 */
export type ElicitSchema = Descriptor<Record<string, unknown>> & { readonly type: "object" };

/**
 * The person's answer to `elicit`: the value when they accepted, or that they declined or dismissed it.
 *
 * @example
 * const answer = await elicit("Delete 3 files?", t.object({ confirm: t.boolean() }));
 * if (answer.action !== "accept" || !answer.content.confirm) return "Nothing deleted.";
 */
export type Elicited<T> =
  | { readonly action: "accept"; readonly content: T }
  | { readonly action: "decline" | "cancel" };

/**
 * A request for the client's model, MCP's `sampling/createMessage` params.
 *
 * @example
 * await sample({ messages: [{ role: "user", content: { type: "text", text: "Summarise: ..." } }], maxTokens: 200 });
 */
export interface SampleRequest {
  readonly messages: readonly {
    readonly role: "user" | "assistant";
    readonly content: SampleContent | readonly SampleContent[];
  }[];
  readonly maxTokens: number;
  readonly systemPrompt?: string;
  readonly temperature?: number;
  readonly stopSequences?: readonly string[];
  readonly modelPreferences?: Readonly<Record<string, unknown>>;
  readonly includeContext?: "none" | "thisServer" | "allServers";
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** One piece of a sampled message: text, or an image or audio in base64. @example { type: "text", text: "Hello" } */
export type SampleContent =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image" | "audio"; readonly data: string; readonly mimeType: string };

/**
 * The client model's answer to `sample`.
 *
 * @example
 * { role: "assistant", content: { type: "text", text: "Sure." }, model: "gpt-4o", stopReason: "endTurn" }
 */
export interface SampleResult {
  readonly role: "assistant";
  readonly content: SampleContent | readonly SampleContent[];
  readonly model: string;
  readonly stopReason?: string;
}

// A tool name every provider takes (the strictest of their documented rules, so a tool goes anywhere):
// OpenAI and Anthropic ^[a-zA-Z0-9_-]{1,64}$; Gemini a letter or "_" first, then letters, digits, "_", ".", ":"
// and "-", up to 64; MCP letters, digits, "_", "-" and ".", 1 to 128.
const NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const NAME_RULE =
  'use 1 to 64 letters, digits, "_" or "-", starting with a letter or "_", which every provider takes ' +
  '(OpenAI and Anthropic: letters, digits, "_" and "-", up to 64; Gemini: also "." and ":", starting with a letter or "_", up to 64; MCP: also ".", up to 128)';

/** The console, when no logger is given. @example mcpTools(client, { logger: options.logger ?? consoleLogger }) */
export const consoleLogger: Logger = {
  error: (message, error) => console.error(message, error),
  warn: (message) => console.warn(message),
};

/**
 * Runs a tool on arguments its `validate` already decoded, as `execute` does after validating: for the agent loop,
 * which validates (and repairs) each call before asking for approval, so that a call is not validated twice.
 * Not part of the public entries: code outside tooltype calls `execute`.
 *
 * @example
 * const checked = await weather.validate(args);
 * if (checked.success) await runDecoded(weather, checked.value, context, {});
 */
export let runDecoded: <Args, Result, Context>(
  tool: Tool<Args, Result, Context>,
  args: Args,
  context: Context | undefined,
  options: RunOptions,
) => Promise<ToolResult<Result>>;

/**
 * The JSON Schema that tooltype's own guard checks a tool's arguments against, when it is an object root; undefined
 * when another library checks them or the root is sent wrapped. For checks of streamed arguments, which must
 * never refuse what the tool would accept. Not part of the public entries.
 *
 * @example
 * const schema = guardedSchema(weather); // { type: "object", properties: { city: { type: "string" } }, ... }
 */
export let guardedSchema: (tool: AnyTool) => JSONSchema | undefined;

/**
 * A tool a model can call: a name, a description, parameters as JSON Schema, and `execute`, which parses,
 * checks, decodes and runs, and always resolves to a `ToolResult`. Its provider formats are functions
 * (`toOpenAIFormat(tool)` from `tooltype/tools`); the root entry's `Tool`, a subclass, has them as methods too.
 *
 * @example
 * const weather = tool({ name: "get_weather", description: "Weather for a city.",
 *   parameters: t.object({ city: t.string() }), execute: ({ city }) => `Sunny in ${city}` });
 * await weather.execute('{"city":"Paris"}'); // { success: true, value: "Sunny in Paris" }
 */
export class Tool<Args = unknown, Result = unknown, Context = unknown> {
  readonly name: string;
  readonly description: string;
  /**
   * The parameters as draft 2020-12 JSON Schema. A root that is not an object with properties (a union, a
   * primitive, a top-level anyOf) is sent to providers wrapped as `{ input: ... }`, and `execute` unwraps it.
   */
  readonly parameters: JSONSchema;
  /** The result type as JSON Schema, when given. */
  readonly returns: JSONSchema | undefined;
  readonly category: string | undefined;
  readonly strict: boolean;
  /** Whether the agent loop asks a person before running a call; see `ToolDefinition.needsApproval`. */
  readonly needsApproval: ToolDefinition<Args, Result, Context>["needsApproval"];
  /** Milliseconds a call may take in the agent loop, when set. */
  readonly timeout: number | undefined;
  /** The guardrails the agent loop applies to this tool's calls; see `ToolDefinition`. */
  readonly before: BeforeHook<Args, Context> | undefined;
  readonly after: AfterHook<Args, Context> | undefined;
  readonly wrap: WrapHook<Args, Context> | undefined;
  /** Anthropic streams this tool's arguments as they are written; see `ToolDefinition.eagerInputStreaming`. */
  readonly eagerInputStreaming: boolean;
  /** Loaded on demand by the agent loop; see `ToolDefinition.defer`. */
  readonly defer: boolean;
  /** Callers besides the model (a code-execution program); see `ToolDefinition.allowedCallers`. */
  readonly allowedCallers: readonly string[] | undefined;
  readonly #input: Parameters;
  readonly #run: ToolDefinition<Args, Result, Context>["run"];
  readonly #logger: Logger;
  readonly #jit: Jit | undefined;
  readonly #toModelOutput: ToolDefinition<Args, Result, Context>["toModelOutput"];
  /** The result check: compiled on the first call, false when `checkReturns` is off or there is no `returns`. */
  #returnsGuard: Guard<unknown> | false | undefined;
  /** What compiles the result check (`definition.compile`), when there is one to make. */
  #build: GuardBuilder | undefined;
  /** The parameters are sent wrapped as `{ input: ... }` (see `parameters`). */
  readonly #wrapped: boolean;

  constructor(definition: ToolDefinition<Args, Result, Context>) {
    const { name, description } = definition;
    if (typeof name !== "string" || !NAME.test(name)) {
      throw new TypeError(`Tool: the name ${JSON.stringify(name)} is not usable: ${NAME_RULE}`);
    }
    if (typeof description !== "string" || !description.trim())
      throw new TypeError(`Tool "${name}": a description is required; models choose tools by it`);
    if (typeof definition.run !== "function") throw new TypeError(`Tool "${name}": needs a function to run`);
    this.name = name;
    this.#input = readParameters(definition.parameters, `Tool "${name}"`, definition.compile, definition.jit);
    this.parameters = this.#input.schema;
    this.#wrapped = !isObjectRoot(this.parameters);
    this.returns = definition.returns ? toJSONSchema(definition.returns) : undefined;
    this.description = description.trim();
    this.category = definition.category;
    this.strict = definition.strict ?? false;
    this.needsApproval = definition.needsApproval;
    if (definition.timeout !== undefined && !(typeof definition.timeout === "number" && definition.timeout >= 0)) {
      throw new TypeError(`Tool "${name}": timeout must be a number of milliseconds, 0 or more`);
    }
    this.timeout = definition.timeout;
    for (const hook of ["before", "after", "wrap"] as const) {
      if (definition[hook] !== undefined && typeof definition[hook] !== "function")
        throw new TypeError(`Tool "${name}": ${hook} must be a function`);
    }
    [this.before, this.after, this.wrap] = [definition.before, definition.after, definition.wrap];
    this.eagerInputStreaming = definition.eagerInputStreaming === true;
    if (definition.defer !== undefined && typeof definition.defer !== "boolean")
      throw new TypeError(`Tool "${name}": defer must be true or false`);
    this.defer = definition.defer === true;
    const callers = definition.allowedCallers;
    if (callers !== undefined && !(Array.isArray(callers) && callers.every((c) => typeof c === "string" && c)))
      throw new TypeError(
        `Tool "${name}": allowedCallers must be a list of caller names, e.g. ["code_execution_20250825"]`,
      );
    this.allowedCallers = callers && Object.freeze([...callers]);
    this.#run = definition.run;
    this.#logger = definition.logger ?? consoleLogger;
    this.#jit = definition.jit;
    if (definition.toModelOutput !== undefined && typeof definition.toModelOutput !== "function")
      throw new TypeError(`Tool "${name}": toModelOutput must be a function of the value`);
    this.#toModelOutput = definition.toModelOutput;
    if (definition.checkReturns === false || !this.returns) this.#returnsGuard = false;
    else this.#build = builder(definition.compile, `Tool "${name}" (its returns)`);
    Object.freeze(this.parameters);
  }

  /** The parameters as the descriptor they were written with, when written with `t`. */
  get input(): object | undefined {
    return this.#input.descriptor;
  }

  /**
   * Runs the tool on the arguments a model sent: an object or the JSON text. Parses, undoes strict-mode
   * encodings, checks, decodes (`Date`, `Uint8Array`, `Set`, defaults) and calls. Never throws: bad
   * arguments and exceptions become a failed result whose `error` tells the model what to fix.
   *
   * @example
   * await tool.execute('{"city": 5}');
   * // { success: false, error: 'Invalid arguments for tool "get_weather":\n- at /city: Expected string, received
   * // integer\n...' }
   */
  async execute(args: unknown, context?: Context, options: RunOptions = {}): Promise<ToolResult<Result>> {
    let checked = this.#validate(args); // awaited only for a library's asynchronous validator: no extra turn
    if (isThenable(checked)) checked = await checked;
    if (!checked.success) return checked;
    return this.#call(checked.value, context, options);
  }

  static {
    runDecoded = (tool, args, context, options) => tool.#call(args, context, options);
    guardedSchema = (tool) => (tool.#input.library || tool.#wrapped ? undefined : tool.parameters);
  }

  // Runs the function on decoded arguments; its exceptions and results outside `returns` become failed results.
  async #call(args: Args, context: Context | undefined, options: RunOptions): Promise<ToolResult<Result>> {
    let value: unknown;
    try {
      value = this.#run(args, context as Context, options);
      // Any thenable is awaited: a promise from another realm (a vm context, an iframe) is no `instanceof Promise`.
      if (isThenable(value)) value = await value;
    } catch (error) {
      try {
        this.#logger.error(`tooltype: tool "${this.name}" threw`, error);
      } catch {
        // a failing logger must not turn a failed result into a crash
      }
      return failure(`Tool "${this.name}" failed: ${messageOf(error)}`);
    }
    if (isModelOutput(value)) return this.#withOutput(value.parts as never, value.parts);
    const checked = this.#checkResult(value as Result);
    return checked.success && this.#toModelOutput ? this.#withOutput(checked.value, undefined) : checked;
  }

  // A value with the parts the model is sent: given (`modelOutput(...)`), or made by `toModelOutput`.
  #withOutput(value: Result, given: readonly OutputPart[] | undefined): ToolResult<Result> {
    let output: ModelPart[];
    try {
      output = modelParts(this.name, given ?? this.#toModelOutput!(value));
    } catch (error) {
      return failure(`Tool "${this.name}" could not write its output for the model: ${messageOf(error)}`);
    }
    return { success: true, value: (given ? output : value) as Result, output };
  }

  /**
   * What `execute` does before running: parses, checks and decodes the arguments, without calling the
   * function. The decoded arguments, or the failed result `execute` would give.
   *
   * @example
   * await weather.validate('{"city":"Paris"}'); // { success: true, value: { city: "Paris", unit: "celsius" } }
   * await weather.validate({ city: 5 });
   * // { success: false, error: 'Invalid arguments for tool "get_weather": ...' }
   */
  async validate(args: unknown): Promise<ToolResult<Args>> {
    return this.#validate(args);
  }

  // `validate`, synchronous unless a library's validator answers with a promise.
  #validate(args: unknown): ToolResult<Args> | Promise<ToolResult<Args>> {
    try {
      let value = args;
      if (typeof args === "string") {
        const text = args.charCodeAt(0) === 0xfeff ? args.slice(1) : args; // a byte-order mark is not JSON
        if (!text.trim()) value = {};
        else {
          try {
            value = JSON.parse(text);
          } catch (error) {
            return failure(
              `Arguments for tool "${this.name}" are not valid JSON (${(error as Error).message}). Received: ${preview(args, 200)}. Send one JSON object.`,
            );
          }
          // Some models encode the arguments twice: a JSON string holding the JSON object.
          if (typeof value === "string" && value.trimStart().startsWith("{")) value = parseObject(value) ?? value;
        }
      }
      // A wrapped root: the model sends { input: ... }; a caller may pass the value itself.
      if (this.#wrapped) {
        if (isObject(value) && Object.keys(value).length === 1 && Object.hasOwn(value, WRAPPER_KEY))
          value = value[WRAPPER_KEY];
      } else if (value === undefined || value === null) value = {};
      // Objects handed in (not parsed here) are copied to plain data, each property read once: what is
      // checked is exactly what the function receives, whatever getters or proxies the caller passed.
      if (typeof args === "object" && args !== null && typeof value === "object" && value !== null)
        value = snapshot(value);
      if (!this.#wrapped && (typeof value !== "object" || Array.isArray(value))) {
        return failure(
          `Arguments for tool "${this.name}" must be a JSON object, received ${Array.isArray(value) ? "an array" : typeof value}.`,
        );
      }
      // Most arguments are already in canonical form: check first, and only when that fails undo what models send
      // in other shapes (null for "absent"; positional tuples and entry lists when the tool was written in a dialect
      // that sends them, see sent-in.ts) and check again.
      const checked = this.#input.check(value);
      return isThenable(checked) ? this.#checkedLater(checked, value, false) : this.#checkedNow(checked, value);
    } catch (error) {
      return this.#unreadable(error);
    }
  }

  #checkedNow(checked: Checked, value: unknown): ToolResult<Args> | Promise<ToolResult<Args>> {
    if ("issues" in checked) {
      const again = this.#input.check(this.#input.codec.normalize(value, encodingsOf(this)));
      if (isThenable(again)) return this.#checkedLater(again, value, true);
      checked = again;
    }
    return this.#decoded(checked);
  }

  // A library's asynchronous validator; `normalized` once the value without strict-mode encodings was checked.
  async #checkedLater(pending: PromiseLike<Checked>, value: unknown, normalized: boolean): Promise<ToolResult<Args>> {
    try {
      let checked = await pending;
      if ("issues" in checked && !normalized)
        checked = await this.#input.check(this.#input.codec.normalize(value, encodingsOf(this)));
      return this.#decoded(checked);
    } catch (error) {
      return this.#unreadable(error);
    }
  }

  // The last check's answer: its issues as a failed result, or the arguments decoded (Date, bytes, Set, defaults).
  #decoded(checked: Checked): ToolResult<Args> {
    if ("issues" in checked) return failure(issuesText(this.name, checked.issues), checked.issues);
    return {
      success: true,
      value: (this.#input.codec.decodes ? this.#input.codec.decode(checked.value) : checked.value) as Args,
    };
  }

  #unreadable(error: unknown): ToolResult<never> {
    return failure(`Arguments for tool "${this.name}" could not be read: ${messageOf(error)}`);
  }

  /** The value as a result, or a failed result when it is outside `returns` (read as JSON, as a provider gets it). */
  #checkResult(value: Result): ToolResult<Result> {
    if (this.#returnsGuard === false) return { success: true, value };
    this.#returnsGuard ??= this.#build!(this.returns!, { jit: this.#jit });
    const issues = this.#returnsGuard.errors(jsonData(value), { limit: MAX_ERROR_ISSUES + 1 });
    if (!issues.length) return { success: true, value };
    const listed = issues.slice(0, MAX_ERROR_ISSUES).map((i) => `- at ${i.path || "/"}: ${i.message}`);
    if (issues.length > MAX_ERROR_ISSUES) listed.push("- and more");
    return failure(`Tool "${this.name}" returned a value outside its declared result type:\n${listed.join("\n")}`);
  }
}

/** What a tool's parameters answer for a value (a library's validator may answer later). */
type Checked = Awaited<ReturnType<Parameters["check"]>>;

function messageOf(error: unknown): string {
  try {
    // An Error from another realm (a vm context, an iframe) is no `instanceof Error`: its fields are read.
    const { name, message } = (typeof error === "object" && error !== null ? error : {}) as {
      name?: unknown;
      message?: unknown;
    };
    if (typeof message === "string")
      return `${typeof name === "string" && name !== "Error" ? `${name}: ` : ""}${message}`;
    return preview(error, 300);
  } catch {
    return "an error that could not be read (its message or prototype threw)";
  }
}

function parseObject(text: string): object | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

/**
 * A tool of any argument, result and context types, for collections of tools.
 *
 * @example
 * const tools: AnyTool[] = [weather, calculator];
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any, any, any>;

/**
 * `Tool` or a subclass of it: the class the functions that make tools construct (`toolClass`). The root entry
 * passes its `Tool`, whose class body adds the provider formats as methods.
 *
 * @example
 * tool({
 *   name: "echo",
 *   description: "Echoes.",
 *   parameters: t.object({ s: t.string() }),
 *   execute: ({ s }) => s,
 *   toolClass: Tool,
 * });
 */
export type ToolClass = new <Args, Result, Context>(
  definition: ToolDefinition<Args, Result, Context>,
) => Tool<Args, Result, Context>;
