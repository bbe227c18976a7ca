import * as t from "../t/builders.js";
import { isDescriptor, Named, OptionalMark, RefAnnotations } from "../t/symbols.js";
import { derive, type Descriptor } from "../t/descriptor.js";
import { toJSONSchema } from "../schema/to-json-schema.js";
import { parseDocstring, type DocParameter } from "./docstring.js";
import { readFunction, readSource, SourceError, type SourceFunction, type SourceParameter } from "./read-function.js";
import { Tool, type Logger, type ToolClass } from "../tools/tool.js";
import { compile, type Jit } from "../guard/compile.js";
import { readType } from "./type-text.js";
import { typeText } from "../schema/type-text.js";
import { setOwn } from "../util/own.js";
import { isJSONValue } from "../util/json-value.js";

/**
 * Options of `functionToTool`; anything given here wins over what the source says.
 *
 * @example
 * functionToTool(add, { name: "add_numbers", category: "math", parameters: { a: t.integer(), b: t.integer() } });
 */
export interface FunctionToToolOptions {
  readonly name?: string;
  readonly description?: string;
  /** A `t.object(...)` for all parameters, or descriptors for some of them by name. */
  readonly parameters?: Descriptor | { readonly [name: string]: Descriptor };
  /** The result type: appended to the description, emitted as MCP `outputSchema`. */
  readonly returns?: Descriptor;
  /** Check each result against the result type (given, or read from the docs; default true); `false` opts out. */
  readonly checkReturns?: boolean;
  readonly category?: string;
  readonly strict?: boolean;
  readonly logger?: Logger;
  /**
   * The first parameter receives the call's context (what `tool.execute(args, context)` passes) and is left out of the
   * schema.
   */
  readonly context?: boolean;
  /** Your own types by name, for docs that write `list[Turn]` or `{Turn}`. */
  readonly types?: { readonly [name: string]: Descriptor };
  /**
   * Also write defaults read from the source into the schema; without it they are left out. A default
   * JSON cannot carry (`1e400`, `[undefined]`) is left out, as an expression default is: the function applies it.
   */
  readonly defaults?: boolean;
  /** `this` for the call. */
  readonly thisArg?: unknown;
  /** Generated-code guards for the arguments (`import { jit } from "tooltype/jit"`); the root entry passes it. */
  readonly jit?: Jit;
  /** The class to construct (default `Tool`); the root entry passes its `Tool`, which has the format methods. */
  readonly toolClass?: ToolClass;
  /**
   * The parameters as `tooltype/build` read them from the declaration (types, JSDoc, defaults): the source text
   * is then not read at all, so minified or comment-stripped code gives the same tool. Written by the build
   * plugin; `parameters` given beside it still win, name by name.
   */
  readonly declared?: DeclaredFunction;
}

/**
 * A function's parameters as `tooltype/build` read them at build time, in call order.
 *
 * @example
 * functionToTool(add, {
 *   description: "Adds two numbers.",
 *   declared: {
 *     parameters: [
 *       { name: "a", type: t.number() },
 *       { name: "b", type: t.number(), optional: true, default: 0 },
 *     ],
 *   },
 * });
 */
export interface DeclaredFunction {
  /** In call order; with `{ context: true }` the first is the context's. */
  readonly parameters: readonly DeclaredParameter[];
  /** The function takes one destructured object (`function f({ city, unit }: Args)`): these are its keys. */
  readonly object?: boolean;
}

/**
 * One parameter (or key of a destructured object) as read at build time.
 *
 * @example
 * { name: "unit", type: t.enum(["celsius", "fahrenheit"]), optional: true, default: "celsius" }
 */
export interface DeclaredParameter {
  readonly name: string;
  /** Its declared type; absent when the declaration has none (a default's type, or `string`, as at run time). */
  readonly type?: Descriptor;
  /** Declared with `?` or with a default. */
  readonly optional?: boolean;
  /** A default written as a literal (JSON), for `{ defaults: true }`. */
  readonly default?: unknown;
  readonly description?: string;
}

/**
 * Turns a documented function into a `Tool` (`function_to_tool` is the same function). JavaScript keeps no types at
 * run time, so it reads the function's source text: its name, parameters (positional, or one destructured
 * object; rest parameters skipped), literal defaults and the types they imply, the docstring (a string
 * directive or a comment opening the body, with JSDoc, Google, Sphinx or NumPy parameter sections) and a
 * comment beside each parameter. A parameter is required when it has no default. Typed descriptors in
 * `options.parameters` win over anything read. Minifiers rename parameters and drop comments, and Bun drops
 * comments too: for TypeScript, `tooltype/build` reads the declaration at build time and passes `declared`;
 * otherwise give `options` (or use `tool({...})`) for code that is minified before it runs.
 *
 * @example
 * function get_weather(location, unit = "celsius") {
 *   "Get weather information for a location.";
 * }
 * toOpenAIFormat(functionToTool(get_weather)); // from "tooltype", also functionToTool(get_weather).toOpenAIFormat()
 * // { type: "function", function: { name: "get_weather", description: "Get weather information for a location.",
 * //   parameters: { type: "object", properties: { location: {...}, unit: {...} }, required: ["location"] } } }
 */
export function functionToTool<Result = unknown, Context = unknown>(
  fn: (...args: never[]) => Result | Promise<Result>,
  options: FunctionToToolOptions = {},
): Tool<Record<string, unknown>, Result, Context> {
  if (typeof fn !== "function")
    throw new TypeError(`functionToTool: expects a function, received ${fn === null ? "null" : typeof fn}`);
  const call = fn as unknown as (...args: unknown[]) => Result | Promise<Result>;
  return options.declared
    ? fromSource(...readDeclared(fn.name, options.declared, options.context === true), call, options)
    : fromSource(readFunction(fn), undefined, call, options);
}

// What the build plugin read, as the source reader's result, the docs' parameter entries and types by name. With
// `context`, the first parameter is the context's, before the destructured object when there is one.
function readDeclared(name: string, declared: DeclaredFunction, context: boolean): [SourceFunction, Declared] {
  const docs: Record<string, DocParameter> = Object.create(null);
  const types: Record<string, Descriptor> = Object.create(null);
  const fields = declared.parameters.map((p): SourceParameter => {
    docs[p.name] = {
      ...(p.description !== undefined && { description: p.description }),
      ...(p.optional && { optional: true }),
    };
    if (p.type) types[p.name] = p.type;
    return { name: p.name, ...(p.default !== undefined && { default: { kind: "literal", value: p.default } }) };
  });
  const lead = context ? fields.slice(0, 1) : [];
  const rest = context ? fields.slice(1) : fields;
  return [
    { name, parameters: declared.object ? [...lead, { name: "", keys: rest }] : fields },
    { docs, types },
  ];
}

interface Declared {
  readonly docs: Record<string, DocParameter>;
  readonly types: Record<string, Descriptor>;
}

/**
 * `functionToTool` from a function's source text, without evaluating it (where `eval` is blocked, e.g. a
 * page under a CSP). The definition is the same; `execute` calls `implementation`, and without one it
 * fails with a result saying there is nothing to run.
 *
 * @example
 * functionToToolFromSource('function ping(host) { "Pings a host." }').name; // "ping"
 */
export function functionToToolFromSource<Result = unknown, Context = unknown>(
  source: string,
  options: FunctionToToolOptions & { readonly implementation?: (...args: never[]) => Result | Promise<Result> } = {},
): Tool<Record<string, unknown>, Result, Context> {
  if (typeof source !== "string")
    throw new TypeError(
      `functionToToolFromSource: expects source text, received ${source === null ? "null" : typeof source}`,
    );
  const read = readSource(source);
  const implementation =
    options.implementation ??
    (() => {
      throw new Error(`"${options.name ?? read.name}" was read from source text and has no implementation to run`);
    });
  return fromSource(
    read,
    undefined,
    implementation as unknown as (...args: unknown[]) => Result | Promise<Result>,
    options,
  );
}

function fromSource<Result, Context>(
  source: SourceFunction,
  declared: Declared | undefined,
  call: (...args: unknown[]) => Result | Promise<Result>,
  options: FunctionToToolOptions,
): Tool<Record<string, unknown>, Result, Context> {
  const label = source.name ? `"${source.name}"` : "an anonymous function";
  const name = options.name ?? source.name;
  if (!name)
    throw new SourceError(`functionToTool: ${label} has no name; give one with functionToTool(fn, { name: "..." })`);

  const doc = source.doc ? parseDocstring(source.doc) : undefined;
  const description = options.description ?? doc?.description;
  if (!description) throw new SourceError(undocumented(label));

  let params = source.parameters.filter((p) => !p.rest);
  if (options.context) {
    if (!params.length)
      throw new SourceError(`functionToTool: ${label} was given { context: true } but has no parameter to receive it`);
    params = params.slice(1);
  }
  const destructured = params.length === 1 && params[0]!.keys ? params[0]! : undefined;
  const fields = destructured ? destructured.keys!.filter((k) => !k.rest) : params;
  for (const field of fields) {
    if (!field.name)
      throw new SourceError(
        `functionToTool: ${label} has a parameter written as a pattern (${field.pattern}); name it, or pass { parameters }`,
      );
  }
  if (!destructured && params.some((p) => p.keys)) {
    throw new SourceError(
      `functionToTool: ${label} destructures an object beside other parameters; take one object, or name the parameters`,
    );
  }

  const parameters = parametersFor(fields, declared?.docs ?? doc?.parameters ?? {}, options, label, declared?.types);
  const names = fields.map((f) => f.name);
  const returns =
    options.returns ??
    (doc?.returns?.type
      ? withDescription(readType(doc.returns.type, options.types).descriptor, doc.returns.description)
      : undefined);
  const context = options.context === true;
  const self = options.thisArg;
  const ToolClass = options.toolClass ?? Tool;
  return new ToolClass<Record<string, unknown>, Result, Context>({
    name,
    description,
    parameters,
    ...(returns && { returns }),
    ...(options.checkReturns !== undefined && { checkReturns: options.checkReturns }),
    ...(options.category !== undefined && { category: options.category }),
    ...(options.strict !== undefined && { strict: options.strict }),
    ...(options.logger && { logger: options.logger }),
    ...(options.jit && { jit: options.jit }),
    compile,
    run: (args, ctx) => {
      const values = destructured ? [args] : names.map((n) => args[n]);
      return call.apply(self, context ? [ctx, ...values] : values);
    },
  });
}

// What to do about a function with no documentation in its source text; in Bun, that Bun removed it.
function undocumented(label: string): string {
  // Bun's transpiler drops comments and string directives from every function's source text.
  if (typeof (globalThis as { Bun?: unknown }).Bun !== "undefined") {
    return (
      `functionToTool: ${label} has no documentation left in its source text: Bun removes comments and docstrings from ` +
      `Function.prototype.toString, so neither JSDoc nor a docstring reaches functionToTool in Bun. Pass { description } ` +
      `(and { parameters }), or let tooltype/build read the function while Bun loads it: bunfig.toml ` +
      `preload = ["tooltype/build/bun-preload"] for bun run, plugins: [bunPlugin()] for Bun.build`
    );
  }
  return (
    `functionToTool: ${label} has no documentation in its source text. A JSDoc comment above the function is not part ` +
    `of it (Function.prototype.toString starts at "function" or the parameters). Put the text inside the body, as a ` +
    `docstring ("What it does.";) or the comment that opens it; or pass { description }; or read JSDoc above the ` +
    `function and its TypeScript types at build time with tooltype/build (esbuild, Bun and Vite plugins; ` +
    "node --import tooltype/register in Node and tsx)"
  );
}

/** `functionToTool` spelt as Python tool libraries spell it. @example function_to_tool(get_weather) */
export const function_to_tool = functionToTool;

function parametersFor(
  fields: readonly SourceParameter[],
  docs: Record<string, DocParameter>,
  options: FunctionToToolOptions,
  label: string,
  declaredTypes: Record<string, Descriptor> = {},
): Descriptor {
  const given = options.parameters;
  if (given && isDescriptor(given)) {
    const props = (given as { properties?: Record<string, unknown> }).properties;
    if ((given as { type?: unknown }).type !== "object" || !props)
      throw new TypeError(
        `functionToTool: ${label}: options.parameters must be a t.object(...) or a map of descriptors`,
      );
    const missing = Object.keys(props).filter((k) => !fields.some((f) => f.name === k));
    if (missing.length)
      throw new TypeError(`functionToTool: ${label} has no parameter named ${missing.map((m) => `"${m}"`).join(", ")}`);
    return given as Descriptor;
  }
  const overrides = (given ?? {}) as Record<string, Descriptor>;
  for (const key of Object.keys(overrides)) {
    if (!fields.some((f) => f.name === key))
      throw new TypeError(
        `functionToTool: ${label} has no parameter named "${key}" (it has ${fields.map((f) => f.name).join(", ") || "none"})`,
      );
    if (!isDescriptor(overrides[key]))
      throw new TypeError(`functionToTool: ${label}: the override for "${key}" is not a descriptor`);
  }
  const props: Record<string, Descriptor> = {};
  for (const field of fields) {
    const override = Object.hasOwn(overrides, field.name)
      ? overrides[field.name]
      : Object.hasOwn(declaredTypes, field.name)
        ? declaredTypes[field.name]
        : undefined;
    setOwn(props, field.name, property(field, docs[field.name], override, options));
  }
  return t.object(props);
}

function property(
  field: SourceParameter,
  doc: DocParameter | undefined,
  override: Descriptor | undefined,
  options: FunctionToToolOptions,
): Descriptor {
  const literal = field.default?.kind === "literal" ? field.default : undefined;
  let descriptor: Descriptor;
  let optional = field.default !== undefined || doc?.optional === true || doc?.default !== undefined;
  let untyped = false;
  if (override) {
    descriptor = override;
    optional ||= Boolean((override as never)[OptionalMark]) || "default" in override;
  } else if (doc?.type) {
    const read = readType(doc.type, options.types);
    descriptor = read.descriptor;
    optional ||= read.optional;
  } else {
    untyped = !literal;
    descriptor = literal ? typeOfValue(literal.value) : t.string();
  }

  const schema = toJSONSchema(descriptor) as { description?: unknown };
  // In TypeScript's words (`string`, `"a" | "b"`), whatever language the docs wrote the type in.
  const generated = untyped
    ? `Parameter ${field.name} (no type written: read as a string)`
    : `Parameter ${field.name} of type ${typeText(schema)}`;
  const description =
    typeof schema.description === "string" ? undefined : (doc?.description ?? field.comment ?? generated);
  const extra: Record<string, unknown> = {};
  if (description !== undefined) extra.description = description;
  if (options.defaults && literal && isJSONValue(literal.value) && !("default" in descriptor))
    extra.default = literal.value;
  if (Object.keys(extra).length) descriptor = annotate(descriptor, extra);
  return optional && !(descriptor as never)[OptionalMark] && !("default" in descriptor)
    ? t.optional(descriptor)
    : descriptor;
}

// A literal default's type: 3 → integer, 2.5 → number, "x" → string, [1] → integer[], {} → record.
function typeOfValue(value: unknown): Descriptor {
  if (typeof value === "string") return t.string();
  if (typeof value === "number") return Number.isInteger(value) ? t.integer() : t.number();
  if (typeof value === "boolean") return t.boolean();
  if (Array.isArray(value)) return t.array(value.length ? typeOfValue(value[0]) : t.string());
  if (typeof value === "object" && value !== null) return t.record(t.any());
  return t.string(); // null or undefined say nothing about the type: a string, the fallback
}

// A value JSON keeps as it is: no Infinity or NaN (they become null), no undefined (dropped or null).

function withDescription(d: Descriptor, description: string | undefined): Descriptor {
  return description ? annotate(d, { description }) : d;
}

// Adds annotations to a descriptor, keeping its kind and tags (a copy; descriptors are frozen). A named
// type keeps its shared definition: the annotations go beside its $ref.
function annotate(d: Descriptor, extra: Record<string, unknown>): Descriptor {
  if ((d as never)[Named] !== undefined)
    return derive(d, {}, { [RefAnnotations]: { ...((d as never)[RefAnnotations] as object), ...extra } });
  return derive(d, extra);
}
