import { emit } from "../schema/emit.js";
import type { JSONSchema } from "../schema/json-schema.js";
import { isDescriptor } from "../t/symbols.js";
import { allowsEval } from "../util/allows-eval.js";
import { checkDefaults } from "./defaults.js";
import { eachSubschema } from "./subschemas.js";
import { interpreter } from "./interpret.js";
import type { CallState, Check } from "./interpret/check.js";
import { SchemaError, type IgnoredKeyword, type Node, type ReadOptions } from "./node.js";
import { readSchema } from "./ir.js";
import { issue, type Issue } from "./issue.js";
import { listIssues } from "./issue-list.js";
import { recursionOf, type Recursion } from "./recursion.js";
import { standardProps, type GuardStandardProps } from "./standard.js";
import { PatternUnevaluated } from "./keywords/pattern.js";
import { scanSchema } from "./limits.js";

/**
 * Generated code for guards (`tooltype/jit`): handed to `compile(schema, { jit })`. Kept out of the guard
 * itself so that an app that never asks for it ships only the interpreter.
 */
export interface Jit {
  /** A predicate for the schema as specialised code, with its source. Called only where eval is allowed. */
  guard(root: Node, recursion: Recursion): { readonly test: (value: unknown) => boolean; readonly code: string };
  /** A reporter writing the same checks' issues; `build` gives the interpreter's check of a node it hands off. */
  report(root: Node, build: (node: Node) => Check): (value: unknown, issues: Issue[]) => void;
  /** The refusal of `{ eval: true }` where the runtime forbids eval. */
  readonly forbidden: string;
  /** `compile` with this generated code: what `compileDescriptor` (a lean `tool()`'s builder) hands a schema. */
  compile<S extends object>(schema: S, options?: CompileOptions): Guard<GuardType<S>>;
}

/** Options of `compile`. */
export interface CompileOptions extends ReadOptions {
  /** Generated code (`import { jit } from "tooltype/jit"`); without it the guard is the interpreter. */
  readonly jit?: Jit;
  /**
   * With `jit`: `"auto"` (default) uses generated code where the runtime allows it, else the interpreter;
   * `false` always the interpreter; `true` generated code, or an error where eval is blocked.
   */
  readonly eval?: boolean | "auto";
}

/**
 * A compiled guard. Call it to test a value (a type predicate); `errors` lists every issue. It is a
 * Standard Schema v1 with Standard JSON Schema (`~standard.validate`, `~standard.jsonSchema`), so libraries
 * that take those (the AI SDK, the MCP SDK, Mastra) take it as it is.
 *
 * @example
 * const isPoint = compile(t.object({ x: t.number(), y: t.number() }));
 * isPoint({ x: 1, y: 2 });        // true
 * isPoint.errors({ x: "1" });     // [{ code: "type", path: "/x", ... }, { code: "required", path: "/y", ... }]
 */
export interface Guard<T> {
  (value: unknown): value is T;
  /**
   * Every issue of the value, in schema order; an empty array when it is valid. With `limit`, the first
   * `limit` issues only: a large hostile value can have millions, each an object.
   */
  errors(value: unknown, options?: { readonly limit?: number }): Issue[];
  /** Returns the value typed, or throws a `ValidationError` listing every issue. */
  assert(value: unknown): T;
  /** The JSON Schema the guard checks. */
  readonly schema: JSONSchema;
  /**
   * `"eval"` when the guard runs generated code, `"interpret"` the closure interpreter, `"aot"` code compiled ahead of
   * time (`tooltype/aot`).
   */
  readonly mode: "eval" | "interpret" | "aot";
  /** The generated source, for debugging; undefined in interpreter mode. */
  readonly code: string | undefined;
  /**
   * The keywords of an untrusted schema (`{ untrusted }`) that the guard does not know and left out of the check,
   * each with where it is; empty for any other schema, which refuses them.
   */
  readonly ignored: readonly IgnoredKeyword[];
  /** Standard Schema v1 and Standard JSON Schema v1. */
  readonly "~standard": GuardStandardProps<T>;
}

/** The type a guard narrows to: a descriptor's JSON wire type, a TypeBox schema's `static`, else unknown. */
export type GuardType<S> = S extends { readonly "~types"?: { readonly input: infer I } }
  ? I
  : S extends { readonly static: infer T }
    ? T
    : unknown;

/**
 * Thrown by `guard.assert`; carries every issue.
 *
 * @example
 * try { guard.assert(value) } catch (e) { if (e instanceof ValidationError) console.log(e.issues) }
 */
export class ValidationError extends TypeError {
  override readonly name = "ValidationError";
  constructor(readonly issues: readonly Issue[]) {
    super(issues.map((i) => `${i.path || "/"}: ${i.message}`).join("; "));
  }
}

/**
 * Compiles a descriptor or a plain JSON Schema (TypeBox schemas and MCP `inputSchema`s included) into a
 * guard: the interpreter, which runs everywhere (a CSP without `unsafe-eval`, Workers), or generated code
 * when `jit` is given and the runtime allows it. A keyword the guard does not check throws a `SchemaError`
 * here, never later; so does a descriptor whose `default` or `examples` are not values of its type.
 *
 * @example
 * import { compile } from "tooltype/guard";
 * const guard = compile({ type: "object", properties: { q: { type: "string" } }, required: ["q"] });
 * guard({ q: "tooltype" }); // true
 */
export function compile<S extends object>(schema: S, options: CompileOptions = {}): Guard<GuardType<S>> {
  const descriptor = isDescriptor(schema);
  const json = (descriptor ? emit(schema) : schema) as JSONSchema; // read once: the cache of toJSONSchema is not needed
  try {
    if (descriptor) checkDefaults(schema, (part) => guardOf(emit(part), options), eachSubschema);
    return guardOf(json, options) as Guard<GuardType<S>>;
  } catch (error) {
    // Within the depth limit, a runtime with a small stack may still run out: an error that says so, not a crash.
    if (error instanceof RangeError)
      throw new SchemaError(`compile: the schema is too large or too deeply nested to compile here (${error.message})`);
    throw error;
  }
}

function guardOf(json: JSONSchema, options: CompileOptions): Guard<unknown> {
  scanSchema(json, options); // depth and (untrusted) size, before anything recurses
  const ignored: IgnoredKeyword[] = [];
  const root = readSchema(json, options, ignored);
  const recursion = recursionOf(root);
  const state: CallState = { depth: 0, call: 0, reporting: false, scope: [] };
  const scoped = root.scopes !== undefined;
  let calls = 0;
  // The interpreter and the error reporter are built on first use: a guard that only answers needs neither.
  let build: ((node: Node) => Check) | undefined;
  const buildOf = () => (build ??= interpreter(state, recursion, options.dynamicScope));

  const jit = options.eval === false ? undefined : options.jit;
  if (options.eval === true && !(jit && allowsEval())) {
    throw new SchemaError(
      jit
        ? jit.forbidden
        : 'compile: { eval: true } needs generated code: pass { jit } (import { jit } from "tooltype/jit")',
    );
  }
  const generated = jit && allowsEval() ? jit.guard(root, recursion) : undefined;
  let test: (value: unknown) => boolean;
  if (generated) test = generated.test;
  else {
    const check = buildOf()(root);
    test = (value) => {
      // The caller's state is put back after: a getter in the value may call this guard again.
      const { depth, call, reporting, scope } = state;
      state.depth = 0;
      state.call = ++calls * 4;
      state.reporting = false;
      if (scoped) state.scope = [];
      try {
        return check(value);
      } catch (error) {
        if (error instanceof RangeError) return false;
        throw error;
      } finally {
        state.depth = depth;
        state.call = call;
        state.reporting = reporting;
        state.scope = scope;
      }
    };
  }

  let report: ((value: unknown, issues: Issue[]) => void) | undefined;
  const reportOf = () => {
    if (!report) {
      // Generated where the guard is, so listing errors costs about what the guard does.
      const check = generated ? undefined : buildOf()(root);
      report = check ? (value, issues) => check(value, issues, "") : jit!.report(root, buildOf());
    }
    return report;
  };
  const errors = (value: unknown, limit: number): Issue[] => {
    const { depth, call, reporting, scope } = state;
    state.depth = 0;
    state.call = ++calls * 4;
    state.reporting = true;
    if (scoped) state.scope = [];
    try {
      return listIssues(report ?? reportOf(), value, limit, tooDeepIssue, () => String(recursion.limit().levels));
    } finally {
      state.depth = depth;
      state.call = call;
      state.reporting = reporting;
      state.scope = scope;
    }
  };
  return finishGuard(test, errors, json, generated ? "eval" : "interpret", generated?.code, Object.freeze(ignored));
}

// A report a RangeError stopped ends with the refusal of the whole value: a pattern the engine could not evaluate, else
// too deep.
const tooDeepIssue = (levels: string | undefined, error?: RangeError) =>
  error instanceof PatternUnevaluated
    ? issue("pattern_unevaluated", "", error.pattern, String(error.length))
    : issue("too_deep", "", levels);

/**
 * Gives a predicate the rest of a guard: `errors` (asked only once the predicate says false, its `limit`
 * checked here), `assert`, `schema`, `mode`, `code`, `ignored` and `~standard`. Every property is a plain value: a
 * getter
 * per guard gave each guard a shape of its own, and `compile` spent most of its time collecting them.
 *
 * @example
 * const isName = finishGuard(
 *   (v) => typeof v === "string",
 *   (v) => [issue("type", "", "string", typeName(v))],
 *   { type: "string" },
 *   "aot",
 *   undefined,
 * );
 * isName.assert(1); // throws ValidationError: /: Expected string, received integer
 */
export function finishGuard<T>(
  test: (value: unknown) => boolean,
  errors: (value: unknown, limit: number) => Issue[],
  schema: JSONSchema,
  mode: Guard<T>["mode"],
  code: string | undefined,
  ignored: readonly IgnoredKeyword[] = [],
): Guard<T> {
  const guard = test as Guard<T>;
  const listErrors = (value: unknown, options?: { readonly limit?: number }): Issue[] => {
    const limit = options?.limit ?? Infinity;
    if (!(limit >= 1)) throw new TypeError(`guard.errors: limit must be 1 or more (received ${String(limit)})`);
    return test(value) ? [] : errors(value, limit);
  };
  Object.defineProperties(guard, {
    errors: { value: listErrors },
    assert: {
      value: (value: unknown) => {
        if (test(value)) return value;
        throw new ValidationError(listErrors(value));
      },
    },
    schema: { value: schema, enumerable: true },
    mode: { value: mode, enumerable: true },
    code: { value: code },
    ignored: { value: ignored },
    "~standard": { value: standardProps<T>(guard) },
  });
  return guard;
}
