// The root entry's conveniences over the lean layers: string targets for toJSONSchema, and generated-code
// guards (where eval is allowed) for compile and for the tools the root makes.
import { compile as compileGuard, type CompileOptions, type Guard, type GuardType } from "./guard/compile.js";
import { jit } from "./guard/jit.js";
import { toJSONSchema as writeJSONSchema, type ToJSONSchemaOptions } from "./schema/to-json-schema.js";
import type { JSONSchema } from "./schema/json-schema.js";
import { anthropic, draft202012, mcp, openai } from "./schema/dialects/plain.js";
import { anthropicStrict, openaiStrict } from "./schema/dialects/strict.js";
import { gemini } from "./schema/dialects/gemini.js";
import type { Dialect } from "./schema/dialects/warnings.js";
import { functionToTool as readFunctionTool, type FunctionToToolOptions } from "./source/function-to-tool.js";
import { tool as defineTool, toolsFrom as readToolsFrom } from "./source/define.js";

/** Every dialect by the name the root entry's `toJSONSchema` takes. */
export const DIALECTS = {
  "draft-2020-12": draft202012,
  openai,
  "openai-strict": openaiStrict,
  anthropic,
  "anthropic-strict": anthropicStrict,
  gemini,
  mcp,
} as const satisfies Record<string, Dialect>;

/** A dialect's name, as the root entry's `toJSONSchema` takes it. */
export type Target = keyof typeof DIALECTS;

/**
 * `toJSONSchema` of the root entry: a dialect by name (`"openai-strict"`, `"gemini"`, ...) or as a value.
 *
 * @example
 * toJSONSchema(t.object({ city: t.optional(t.string()) }), { target: "openai-strict" });
 */
export function toJSONSchema(schema: object, options: Omit<ToJSONSchemaOptions, "target"> & { readonly target?: Target | Dialect } = {}): JSONSchema {
  const target = options.target;
  if (typeof target !== "string") return writeJSONSchema(schema, options as ToJSONSchemaOptions);
  const dialect = Object.hasOwn(DIALECTS, target) ? DIALECTS[target] : undefined;
  if (!dialect) throw new TypeError(`toJSONSchema: unknown target "${target}"; supported: ${Object.keys(DIALECTS).join(", ")}`);
  return writeJSONSchema(schema, { ...options, target: dialect === draft202012 ? undefined : dialect });
}

/**
 * `compile` of the root entry: generated code where the runtime allows `new Function`, the interpreter
 * with identical answers elsewhere (`{ eval: false }` forces it).
 *
 * @example
 * const guard = compile({ type: "object", properties: { q: { type: "string" } }, required: ["q"] });
 * guard({ q: "tooltype" }); // true
 * guard.mode;               // "eval", or "interpret" under a CSP without unsafe-eval
 */
export function compile<S extends object>(schema: S, options: CompileOptions = {}): Guard<GuardType<S>> {
  return compileGuard(schema, { jit, ...options });
}

/**
 * `functionToTool` of the root entry (see `tooltype/source`), with generated-code guards.
 *
 * @example
 * functionToTool(function add(a = 0, b = 0) { "Adds two numbers."; return a + b; });
 */
export const functionToTool: typeof readFunctionTool = (fn, options?: FunctionToToolOptions) => readFunctionTool(fn, { jit, ...options });

/** The seed's name for `functionToTool`. @example function_to_tool(add) */
export const function_to_tool = functionToTool;

/**
 * `tool` of the root entry (a typed definition, a function, or `@tool` on class methods; see `tooltype/source`), with
 * generated-code guards.
 *
 * @example
 * tool({ name: "get_weather", description: "Weather for a city.", parameters: t.object({ city: t.string() }), execute: ({ city }) => city });
 */
export const tool: typeof defineTool = ((definition?: object, options?: FunctionToToolOptions) =>
  typeof definition === "function" ? defineTool(definition as never, { jit, ...options }) : defineTool({ jit, ...definition } as never)) as typeof defineTool;

/**
 * `toolsFrom` of the root entry (see `tooltype/source`), with generated-code guards.
 *
 * @example
 * toolsFrom({ add(a = 0, b = 0) { "Adds two numbers."; return a + b; } });
 */
export const toolsFrom: typeof readToolsFrom = (object, options = {}) => readToolsFrom(object, { jit, ...options });
