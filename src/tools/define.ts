import type { Descriptor, Infer } from "../t/descriptor.js";
import type { StandardSchemaV1 } from "../util/standard-schema.js";
import type { Jit } from "../guard/compile.js";
import { compileDescriptor } from "../guard/compile-descriptor.js";
import type { GuardBuilder } from "./parameters.js";
import { Tool, type Logger, type RunOptions, type ToolClass } from "./tool.js";
import { checkKnownOptions } from "../util/known-options.js";
import type { AfterHook, BeforeHook, WrapHook } from "./guardrails.js";
import type { OutputPart } from "./output.js";

/**
 * The arguments a tool's function receives for its `parameters`: decoded `Infer`, TypeBox 0.34's `static`, or a
 * Standard Schema's output. TypeBox 1.x computes its static type with a type-level program of its own: its
 * arguments are `any`, for `execute` to declare as `Static<typeof schema>`. Plain JSON Schema gives a record.
 *
 * @example
 * type Args = ArgsOf<typeof params>; // what execute receives
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ArgsOf<P> = P extends Descriptor
  ? Infer<P>
  : P extends { readonly static: infer S }
    ? S
    : P extends StandardSchemaV1
      ? StandardSchemaV1.InferOutput<P>
      : P extends { readonly "~kind": string }
        ? any // eslint-disable-line @typescript-eslint/no-explicit-any
        : Record<string, unknown>;

/**
 * The typed definition `tool({...})` takes.
 *
 * @example
 * tool({
 *   name: "get_weather",
 *   description: "Current weather for a city.",
 *   parameters: t.object({ city: t.string() }),
 *   execute: ({ city }) => `Sunny in ${city}`,
 * });
 */
export interface TypedToolDefinition<P extends object, Result, Context> {
  readonly name: string;
  readonly description: string;
  readonly parameters: P;
  readonly returns?: Descriptor;
  /** Check each result against `returns` (default true); `false` opts out. */
  readonly checkReturns?: boolean;
  readonly category?: string;
  readonly strict?: boolean;
  readonly logger?: Logger;
  /** Generated-code guards for the arguments (`import { jit } from "tooltype/jit"`); the root entry passes it. */
  readonly jit?: Jit;
  /**
   * What checks a descriptor or JSON Schema given as `parameters` or `returns` (default `compileDescriptor`: the
   * JSON Schema the `t` builders write). Pass `compile` from `tooltype/guard` for full JSON Schema.
   */
  readonly compile?: GuardBuilder;
  /** The class to construct (default `Tool`); the root entry passes its `Tool`, which has the format methods. */
  readonly toolClass?: ToolClass;
  /** Ask a person before the agent loop runs a call: `true`, or a function of the decoded arguments. */
  readonly needsApproval?: boolean | ((args: ArgsOf<P>, context: Context) => boolean | Promise<boolean>);
  /** Milliseconds a call may take in the agent loop (wins over the loop's `timeout`). */
  readonly timeout?: number;
  /**
   * Guardrail before each call in the agent loop: allow, `{ refuse: message }`, or `{ arguments }` to run on instead.
   */
  readonly before?: BeforeHook<ArgsOf<P>, Context>;
  /**
   * Guardrail after each call in the agent loop: keep the result, `{ value }` to replace it, or `{ refuse: message }`.
   */
  readonly after?: AfterHook<ArgsOf<P>, Context>;
  /** Runs around each call in the agent loop: `(call, next) => next()`. */
  readonly wrap?: WrapHook<ArgsOf<P>, Context>;
  /** Anthropic: stream the arguments as the model writes them (`eager_input_streaming`). */
  readonly eagerInputStreaming?: boolean;
  /** Load on demand: the agent loop sends it once the model finds it with tool search (see `docs/agent.md`). */
  readonly defer?: boolean;
  /** Callers besides the model: the provider's program (Anthropic and OpenAI Responses `allowed_callers`). */
  readonly allowedCallers?: readonly string[];
  /** What the model is sent for a value: a string, or text, JSON, image and file parts (see `OutputPart`). */
  readonly toModelOutput?: (value: Result) => string | OutputPart | readonly OutputPart[];
  /** The function; `options.signal` aborts when the agent loop cancels the call or it times out. */
  readonly execute: (args: ArgsOf<P>, context: Context, options: RunOptions) => Result | Promise<Result>;
}

/**
 * Defines a tool from a typed definition: `execute` receives `Infer<parameters>` (decoded: `Date`,
 * `Uint8Array`, `Set`, defaults filled in). Arguments are checked with `compileDescriptor` (descriptors and the JSON
 * Schema the `t` builders write; `compile` from `tooltype/guard` as `compile` for any JSON Schema, and `jit` hands them
 * to its `compile`). `tooltype/source` (and the root entry) also take a function or decorate class methods.
 *
 * @example
 * import { tool } from "tooltype/tools";
 * const weather = tool({
 *   name: "get_weather",
 *   description: "Current weather for a city.",
 *   parameters: t.object({ city: t.string(), unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }) }),
 *   execute: ({ city, unit }) => fetchWeather(city, unit),
 * });
 */
export function tool<P extends object, Result = unknown, Context = unknown>(
  definition: TypedToolDefinition<P, Result, Context>,
): Tool<ArgsOf<P>, Result, Context> {
  if (typeof definition !== "object" || definition === null || typeof definition.execute !== "function") {
    throw new TypeError(
      'tool: expects a definition with name, description, parameters and an execute function (a function or a class method is read by tool from "tooltype/source")',
    );
  }
  checkKnownOptions(
    definition,
    TOOL_OPTIONS,
    `tool${typeof definition.name === "string" ? ` "${definition.name}"` : ""}`,
  );
  const { execute, toolClass = Tool, compile = compileDescriptor, ...rest } = definition;
  return new toolClass({ ...rest, compile, run: execute as never });
}

// Every option of `tool({...})`; TypeScript keeps the list whole (a key of the definition missing here fails the
// build).
// The `@tool(...)` check in ../source/define.ts reads it too.
export const TOOL_OPTIONS = {
  name: true,
  description: true,
  parameters: true,
  returns: true,
  checkReturns: true,
  category: true,
  strict: true,
  logger: true,
  jit: true,
  compile: true,
  needsApproval: true,
  timeout: true,
  before: true,
  after: true,
  wrap: true,
  eagerInputStreaming: true,
  defer: true,
  allowedCallers: true,
  toModelOutput: true,
  toolClass: true,
  execute: true,
} as const satisfies Record<keyof TypedToolDefinition<object, unknown, unknown>, true>;
