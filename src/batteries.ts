// The root entry's conveniences over the lean layers: string targets for toJSONSchema, generated-code guards
// (where eval is allowed) for compile and for the tools the root makes, and those tools' format methods.
import { compile as compileGuard, type CompileOptions, type Guard, type GuardType } from "./guard/compile.js";
import { dynamicScope } from "./guard/dynamic-scope.js";
import { jit } from "./guard/jit.js";
import {
  toJSONSchema as writeJSONSchema,
  dialectIssues as listDialectIssues,
  type ToJSONSchemaOptions,
} from "./schema/to-json-schema.js";
import type { JSONSchema } from "./schema/json-schema.js";
import { shareRepeated } from "./schema/share.js";
import { anthropic, draft202012, mcp, openai } from "./schema/dialects/plain.js";
import { anthropicStrict, openaiStrict } from "./schema/dialects/strict.js";
import { gemini } from "./schema/dialects/gemini.js";
import type { ConversionWarning, Dialect } from "./schema/dialects/warnings.js";
import {
  functionToTool as readFunctionTool,
  functionToToolFromSource as readFunctionSource,
  type FunctionToToolOptions,
} from "./source/function-to-tool.js";
import {
  tool as defineTool,
  toolsFrom as readToolsFrom,
  type MethodDecorator,
  type ToolDecoratorOptions,
  type ToolsFromOptions,
} from "./source/define.js";
import type { ArgsOf, TypedToolDefinition } from "./tools/define.js";
import { Tool } from "./tools/methods.js";

/**
 * Every dialect by the name the root entry's `toJSONSchema` takes.
 *
 * @example
 * Object.keys(DIALECTS);
 * // ["draft-2020-12", "openai", "openai-strict", "anthropic", "anthropic-strict", "gemini", "mcp"]
 */
export const DIALECTS = {
  "draft-2020-12": draft202012,
  openai,
  "openai-strict": openaiStrict,
  anthropic,
  "anthropic-strict": anthropicStrict,
  gemini,
  mcp,
} as const satisfies Record<string, Dialect>;

/**
 * A dialect's name, as the root entry's `toJSONSchema` takes it.
 *
 * @example
 * const target: Target = "openai-strict"; toJSONSchema(params, { target });
 */
export type Target = keyof typeof DIALECTS;

/**
 * `toJSONSchema` of the root entry: a dialect by name (`"openai-strict"`, `"gemini"`, ...) or as a value.
 *
 * @example
 * toJSONSchema(t.object({ city: t.optional(t.string()) }), { target: "openai-strict" });
 */
export function toJSONSchema(
  schema: object,
  options: Omit<ToJSONSchemaOptions, "target"> & { readonly target?: Target | Dialect } = {},
): JSONSchema {
  if (options.shareRepeated === true) options = { ...options, shareRepeated };
  const target = options.target;
  if (typeof target !== "string") return writeJSONSchema(schema, options as ToJSONSchemaOptions);
  const dialect = Object.hasOwn(DIALECTS, target) ? DIALECTS[target] : undefined;
  if (!dialect)
    throw new TypeError(`toJSONSchema: unknown target "${target}"; supported: ${Object.keys(DIALECTS).join(", ")}`);
  return writeJSONSchema(schema, { ...options, target: dialect === draft202012 ? undefined : dialect });
}

/**
 * `dialectIssues` of the root entry: a dialect by name or as a value. Every issue the dialect reports
 * (changes, what the provider would refuse, advice), as a list; plain draft 2020-12 has none.
 *
 * @example
 * dialectIssues(t.object({ name: t.string({ minLength: 2 }) }), "openai-strict");
 * // [{ path: "/properties/name", message: 'openai-strict does not support "minLength"; moved into the description',
 * // kind: "changed" }]
 */
export function dialectIssues(schema: object, target: Target | Dialect): ConversionWarning[] {
  if (typeof target !== "string") return listDialectIssues(schema, target);
  const dialect = Object.hasOwn(DIALECTS, target) ? DIALECTS[target] : undefined;
  if (!dialect)
    throw new TypeError(`dialectIssues: unknown target "${target}"; supported: ${Object.keys(DIALECTS).join(", ")}`);
  return dialect === draft202012 ? [] : listDialectIssues(schema, dialect);
}

/**
 * `compile` of the root entry: generated code where the runtime allows `new Function`, the interpreter
 * with identical answers elsewhere (`{ eval: false }` forces it); `$dynamicRef` resolved through the dynamic scope.
 *
 * @example
 * const guard = compile({ type: "object", properties: { q: { type: "string" } }, required: ["q"] });
 * guard({ q: "tooltype" }); // true
 * guard.mode;               // "eval", or "interpret" under a CSP without unsafe-eval
 */
export function compile<S extends object>(schema: S, options: CompileOptions = {}): Guard<GuardType<S>> {
  return compileGuard(schema, { jit, dynamicScope, ...options });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRootTool = Tool<any, any, any>;

/**
 * `functionToTool` of the root entry (see `tooltype/source`): generated-code guards, and a `Tool` with the format
 * methods.
 *
 * @example
 * functionToTool(function add(a = 0, b = 0) { "Adds two numbers."; return a + b; }).toOpenAIFormat();
 */
export function functionToTool<Result = unknown, Context = unknown>(
  fn: (...args: never[]) => Result | Promise<Result>,
  options?: FunctionToToolOptions,
): Tool<Record<string, unknown>, Result, Context> {
  return readFunctionTool(fn, { jit, toolClass: Tool, ...options }) as Tool<Record<string, unknown>, Result, Context>;
}

/** `functionToTool` spelt as Python tool libraries spell it. @example function_to_tool(add) */
export const function_to_tool = functionToTool;

/**
 * `functionToToolFromSource` of the root entry (see `tooltype/source`): a `Tool` with the format methods.
 *
 * @example
 * functionToToolFromSource('function ping(host) { "Pings a host." }').toOpenAIFormat().function.name; // "ping"
 */
export function functionToToolFromSource<Result = unknown, Context = unknown>(
  source: string,
  options: FunctionToToolOptions & { readonly implementation?: (...args: never[]) => Result | Promise<Result> } = {},
): Tool<Record<string, unknown>, Result, Context> {
  return readFunctionSource(source, { toolClass: Tool, ...options }) as Tool<Record<string, unknown>, Result, Context>;
}

/**
 * `tool` of the root entry (a typed definition, a function, or `@tool` on class methods; see `tooltype/source`):
 * generated-code guards, and tools with the format methods.
 *
 * @example
 * tool({
 *   name: "get_weather",
 *   description: "Weather for a city.",
 *   parameters: t.object({ city: t.string() }),
 *   execute: ({ city }) => city,
 * }).toOpenAIFormat();
 */
export function tool<P extends object, Result = unknown, Context = unknown>(
  definition: TypedToolDefinition<P, Result, Context>,
): Tool<ArgsOf<P>, Result, Context>;
export function tool<Result = unknown, Context = unknown>(
  fn: (...args: never[]) => Result | Promise<Result>,
  options?: FunctionToToolOptions,
): Tool<Record<string, unknown>, Result, Context>;
export function tool(options?: ToolDecoratorOptions): MethodDecorator;
export function tool(definition: object = {}, options?: FunctionToToolOptions): AnyRootTool | MethodDecorator {
  const made =
    typeof definition === "function"
      ? defineTool(definition as never, { jit, toolClass: Tool, ...options })
      : defineTool({ jit, toolClass: Tool, ...definition } as never);
  return made as AnyRootTool | MethodDecorator;
}

/**
 * `toolsFrom` of the root entry (see `tooltype/source`): generated-code guards, and tools with the format methods.
 *
 * @example
 * toolsFrom({ add(a = 0, b = 0) { "Adds two numbers."; return a + b; } })[0].toAnthropicFormat();
 */
export function toolsFrom(object: object, options: ToolsFromOptions = {}): AnyRootTool[] {
  return readToolsFrom(object, { jit, toolClass: Tool, ...options }) as AnyRootTool[];
}
