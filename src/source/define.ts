import { functionToTool, type FunctionToToolOptions } from "./function-to-tool.js";
import { SourceError } from "./read-function.js";
import { tool as typedTool, TOOL_OPTIONS, type ArgsOf, type TypedToolDefinition } from "../tools/define.js";
import type { AnyTool, Logger, Tool, ToolClass } from "../tools/tool.js";
import type { Jit } from "../guard/compile.js";
import { checkKnownOptions } from "../util/known-options.js";
import { preview } from "../util/text.js";

/**
 * Options of `@tool(...)` on a class method: anything `functionToTool` takes but the function.
 *
 * @example
 * const options: ToolDecoratorOptions = { description: "Adds two numbers.", category: "math" };
 */
export type ToolDecoratorOptions = Omit<FunctionToToolOptions, "thisArg">;

/**
 * What `tool(options)` returns: a standard decorator for class methods.
 *
 * @example
 * const decorate: MethodDecorator = tool({ category: "math" });
 */
export type MethodDecorator = (method: (...args: never[]) => unknown, context: ClassMethodDecoratorContext) => void;

/** A decorated method's tool, and how to make it again as another class (`toolsFrom` with a `toolClass`). */
interface Decorated {
  readonly tool: AnyTool;
  readonly remake: (toolClass: ToolClass) => AnyTool;
}

const decorated = new WeakMap<object, Decorated[]>();

/**
 * Defines a tool. With `execute`, the typed form: `execute` receives `Infer<parameters>` (decoded: `Date`,
 * `Uint8Array`, `Set`, defaults filled in). Given a function, `functionToTool(fn, options)`. Without either, a
 * standard decorator for class methods, read like `functionToTool` reads a function; `toolsFrom(instance)` then
 * returns the instance's tools. An object without `execute` must hold decorator options only: a misspelt
 * `exectue`, or `needsApproval` without `execute`, is a `TypeError` naming the key.
 *
 * @example
 * const weather = tool({
 *   name: "get_weather",
 *   description: "Current weather for a city.",
 *   parameters: t.object({ city: t.string(), unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }) }),
 *   execute: ({ city, unit }) => fetchWeather(city, unit),
 * });
 *
 * class Calculator {
 *   // the decorator, written `\@tool` here so that JSDoc does not read it as a tag:
 *   \@tool({ description: "Adds two numbers." })
 *   add(a = 0, b = 0) { return a + b; }
 * }
 * toolsFrom(new Calculator()); // [Tool "add"]
 *
 * tool(function ping(host) { "Pings a host."; }).name; // "ping"
 */
export function tool<P extends object, Result = unknown, Context = unknown>(
  definition: TypedToolDefinition<P, Result, Context>,
): Tool<ArgsOf<P>, Result, Context>;
export function tool<Result = unknown, Context = unknown>(
  fn: (...args: never[]) => Result | Promise<Result>,
  options?: FunctionToToolOptions,
): Tool<Record<string, unknown>, Result, Context>;
export function tool(options?: ToolDecoratorOptions): MethodDecorator;
export function tool(
  definition:
    | (Partial<TypedToolDefinition<object, unknown, unknown>> & ToolDecoratorOptions)
    | ((...args: never[]) => unknown) = {},
  options?: FunctionToToolOptions,
): AnyTool | MethodDecorator {
  if (typeof definition === "function") {
    if (typeof (options as { addInitializer?: unknown } | undefined)?.addInitializer === "function") {
      throw new TypeError("@tool: write it with parentheses, @tool() or @tool({ ... }), on a class method");
    }
    return functionToTool(definition, options);
  }
  if (typeof definition.execute === "function")
    return typedTool(definition as TypedToolDefinition<object, unknown, unknown>) as Tool;
  checkDecoratorOptions(definition);
  return (method, context) => {
    if (context.kind !== "method") throw new TypeError("@tool: decorates class methods only");
    if (context.private) throw new TypeError(`@tool: ${String(context.name)} is private; a model cannot call it`);
    const options = { name: String(context.name), ...definition } as FunctionToToolOptions;
    context.addInitializer(function (this: unknown) {
      const owner = this as object;
      const remake = (toolClass?: ToolClass) =>
        functionToTool(method, { ...options, thisArg: owner, ...(toolClass && { toolClass }) });
      const made = remake();
      decorated.set(owner, [
        ...(decorated.get(owner) ?? []).filter((d) => d.tool.name !== made.name),
        { tool: made, remake },
      ]);
    });
  };
}

// Every option of `@tool(...)`; TypeScript keeps the list whole. Those only a tool with `execute` takes are the rest
// of TOOL_OPTIONS.
const DECORATOR_OPTIONS = {
  name: true,
  description: true,
  parameters: true,
  returns: true,
  checkReturns: true,
  category: true,
  strict: true,
  logger: true,
  context: true,
  types: true,
  defaults: true,
  jit: true,
  toolClass: true,
  declared: true,
} as const satisfies Record<keyof ToolDecoratorOptions, true>;

/**
 * An object without an `execute` function is the options of `@tool(...)`: a key neither form knows (a misspelt
 * `exectue`), an `execute` that is not a function, or an option only a tool with `execute` takes is an error, not a
 * decorator that would never run.
 */
function checkDecoratorOptions(options: object): void {
  const name = (options as { name?: unknown }).name;
  const where = `tool${typeof name === "string" ? ` "${name}"` : ""}`;
  // execute first after the decorator's options, as the message has always listed them
  checkKnownOptions(options, Object.assign({ ...DECORATOR_OPTIONS, execute: true as const }, TOOL_OPTIONS), where);
  if (Object.hasOwn(options, "execute"))
    throw new TypeError(
      `${where}: execute must be a function, received ${preview((options as { execute?: unknown }).execute, 40)}`,
    );
  const typedOnly = Object.keys(options).filter(
    (key) => Object.hasOwn(TOOL_OPTIONS, key) && !Object.hasOwn(DECORATOR_OPTIONS, key),
  );
  if (typedOnly.length) {
    throw new TypeError(
      `${where}: ${typedOnly.join(", ")} belong${typedOnly.length > 1 ? "" : "s"} to a tool defined with execute, and there is none; without execute, tool({...}) is the @tool decorator for class methods, whose options are ${Object.keys(DECORATOR_OPTIONS).join(", ")}`,
    );
  }
}

/** Options of `toolsFrom`. @example toolsFrom(new Calculator(), { category: "math", logger }); */
export interface ToolsFromOptions {
  readonly category?: string;
  readonly logger?: Logger;
  readonly jit?: Jit;
  /** The class to construct (default `Tool`); the root entry passes its `Tool`, which has the format methods. */
  readonly toolClass?: ToolClass;
  /** Per method name, options for `functionToTool`: what `tooltype/build` read from each method's declaration. */
  readonly methods?: { readonly [name: string]: ToolDecoratorOptions };
}

/**
 * The tools of an object (a namespace of tools): methods marked `@tool`, and every other method, own or
 * inherited, that has documentation. Undocumented methods, `constructor` and names starting with `_` are
 * left out. Methods are bound to the object. An object with no tool at all is a `SourceError` that says why
 * (most often a minifier or Bun's transpiler removed the documentation).
 *
 * @example
 * const math = { add(a, b) { "Adds a and b."; return a + b; }, helper() { return 1; } };
 * toolsFrom(math).map((t) => t.name); // ["add"]
 */
export function toolsFrom(object: object, options: ToolsFromOptions = {}): AnyTool[] {
  if (typeof object !== "object" && typeof object !== "function")
    throw new TypeError("toolsFrom: expects an object, an instance or a class");
  const { methods, ...common } = options;
  const out = new Map<string, AnyTool>();
  const undocumented = new Map<string, string>();
  // A method decorated through another entry made another class of tool: made again as the one asked for.
  for (const { tool: made, remake } of decorated.get(object) ?? []) {
    out.set(made.name, common.toolClass && !(made instanceof common.toolClass) ? remake(common.toolClass) : made);
  }
  for (const key of methodNames(object)) {
    if (out.has(key)) continue;
    const method = (object as Record<string, unknown>)[key] as (...args: never[]) => unknown;
    try {
      const read = methods && Object.hasOwn(methods, key) ? methods[key] : undefined;
      out.set(key, functionToTool(method, { name: key, thisArg: object, ...common, ...read }));
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      undocumented.set(key, error.message); // undocumented or unreadable: not a tool
    }
  }
  if (!out.size) throw noToolError(undocumented);
  return [...out.values()];
}

/** Why `toolsFrom` found no tool: no method at all, or none with documentation it could read (and why not). */
function noToolError(undocumented: ReadonlyMap<string, string>): SourceError {
  const [first] = undocumented.values();
  const found =
    first === undefined
      ? "it has no methods (names starting with _ and constructor are left out) and none marked @tool"
      : `none of its methods (${[...undocumented.keys()].join(", ")}) is marked @tool or has documentation that can be read; the first: ${first}`;
  return new SourceError(`toolsFrom: found no tool on this object: ${found}`);
}

// Method names of an object and its prototypes (stopping at the built-in ones), or a class's statics.
function methodNames(object: object): string[] {
  const names = new Set<string>();
  for (
    let here: object | null = object;
    here && here !== Object.prototype && here !== Function.prototype;
    here = Object.getPrototypeOf(here)
  ) {
    for (const key of Object.getOwnPropertyNames(here)) {
      if (key === "constructor" || key.startsWith("_") || names.has(key)) continue;
      const descriptor = Object.getOwnPropertyDescriptor(here, key)!;
      // Methods only: a class stored as a property is not one.
      if (
        typeof descriptor.value === "function" &&
        !/^class\b/.test(Function.prototype.toString.call(descriptor.value))
      )
        names.add(key);
    }
  }
  return [...names];
}
