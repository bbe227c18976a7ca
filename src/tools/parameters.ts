import type { JSONSchema } from "../schema/json-schema.js";
import { toJSONSchema } from "../schema/to-json-schema.js";
import { isDescriptor } from "../t/symbols.js";
import { compile, type Guard, type Jit } from "../guard/compile.js";
import type { Issue } from "../guard/issue.js";
import { pointerSegment } from "../util/pointer.js";
import { codecOf, type Codec } from "./codec.js";
import { MAX_RESULT_ISSUES } from "./result.js";

/** What a tool's `parameters` may be: a `t.object(...)`, a TypeBox or plain JSON Schema object, or a Standard Schema that exposes JSON Schema (Zod 4, Valibot, ArkType). */
export type ParametersInput = object;

/** A tool's parameters, ready to describe and to check. */
export interface Parameters {
  /** Draft 2020-12 JSON Schema (a root that is not an object is wrapped by the provider formats). */
  readonly schema: JSONSchema;
  /** The tooltype descriptor, when the parameters were written with `t`. */
  readonly descriptor?: object;
  readonly codec: Codec;
  /** Checks normalized arguments: the value to decode, or the issues. May be async (a Standard Schema's validator). */
  check(value: unknown): { value: unknown } | { issues: Issue[] } | Promise<{ value: unknown } | { issues: Issue[] }>;
}

interface StandardLike {
  "~standard": {
    validate(value: unknown): unknown;
    jsonSchema?: { input(options: { target: string }): unknown };
  };
  toJSONSchema?: () => unknown;
  toJsonSchema?: () => unknown;
}

/**
 * Normalizes a tool's `parameters`. Descriptors and JSON Schema are checked by `compile`; another library's
 * Standard Schema is checked by that library, and described by the JSON Schema it exposes.
 *
 * @example
 * readParameters(t.object({ city: t.string() })).schema; // { type: "object", properties: {...}, required: ["city"] }
 */
export function readParameters(input: ParametersInput, owner: string, jit?: Jit): Parameters {
  if ((typeof input !== "object" && typeof input !== "function") || input === null) {
    throw new TypeError(`${owner}: parameters must be a t.object(...), a guard, a JSON Schema object or a Standard Schema`);
  }
  if (isDescriptor(input)) {
    const guard = compile(input, { jit });
    return { schema: objectRoot(toJSONSchema(input), owner), descriptor: input, codec: codecOf(input), check: checkWith(guard) };
  }
  if (isGuard(input)) {
    // A guard from compile(): its schema describes the tool, and it checks the arguments as it is.
    const schema = objectRoot(JSON.parse(JSON.stringify(input.schema)) as JSONSchema, owner);
    return { schema, codec: codecOf(schema), check: checkWith(input) };
  }
  const standard = (input as StandardLike)["~standard"];
  if (standard && typeof standard.validate === "function") {
    const schema = objectRoot(standardJSONSchema(input as StandardLike, owner), owner);
    return {
      schema,
      codec: { normalize: codecOf(schema).normalize, decode: (v) => v, decodes: false }, // the library decodes
      check: async (value) => {
        const result = (await standard.validate(value)) as { value?: unknown; issues?: readonly { message: string; path?: readonly unknown[] }[] };
        if (!result.issues) return { value: result.value };
        return { issues: result.issues.map((i) => ({ code: "type" as const, path: pointerOf(i.path), message: i.message })) };
      },
    };
  }
  const schema = objectRoot(toJSONSchema(input), owner);
  return { schema, codec: codecOf(schema), check: checkWith(compile(schema, { jit })) };
}

function isGuard(input: object): input is Guard<unknown> {
  const g = input as Partial<Guard<unknown>>;
  return typeof input === "function" && g["~standard"]?.vendor === "tooltype" && typeof g.errors === "function" && typeof g.schema === "object";
}

function checkWith(guard: Guard<unknown>): Parameters["check"] {
  // One more than a result keeps, so the error text can say that more were left out.
  return (value) => (guard(value) ? { value } : { issues: guard.errors(value, { limit: MAX_RESULT_ISSUES + 1 }) });
}

function standardJSONSchema(input: StandardLike, owner: string): JSONSchema {
  let produced: unknown;
  try {
    produced = input["~standard"].jsonSchema?.input({ target: "draft-2020-12" }) ?? input.toJSONSchema?.() ?? input.toJsonSchema?.();
  } catch (error) {
    throw new TypeError(`${owner}: the ${input["~standard"] && (input["~standard"] as { vendor?: string }).vendor || "Standard Schema"} parameters cannot be written as JSON Schema: ${(error as Error).message}`);
  }
  if (typeof produced !== "object" || produced === null) {
    throw new TypeError(`${owner}: this Standard Schema does not expose JSON Schema (~standard.jsonSchema, toJSONSchema() or toJsonSchema()); a model needs one to call the tool`);
  }
  const copy = { ...(produced as JSONSchema) };
  delete copy.$schema;
  return copy;
}

// Any root: one that is not an object (a union, a primitive) is wrapped as { input: ... } by the provider
// formats (src/schema/dialects/wrap.ts), and Tool.execute unwraps it.
function objectRoot(schema: JSONSchema, owner: string): JSONSchema {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) throw new TypeError(`${owner}: parameters must be a JSON Schema object`);
  return schema;
}

function pointerOf(path: readonly unknown[] | undefined): string {
  if (!path?.length) return "";
  return "/" + path.map((p) => pointerSegment(String(typeof p === "object" && p !== null && "key" in p ? (p as { key: PropertyKey }).key : (p as PropertyKey)))).join("/");
}
