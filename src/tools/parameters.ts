import type { JSONSchema } from "../schema/json-schema.js";
import { toJSONSchemaOnce as toJSONSchema } from "../schema/to-json-schema.js";
import { isDescriptor } from "../t/symbols.js";
import type { Guard, Jit } from "../guard/compile.js";
import type { Issue } from "../guard/issue.js";
import { pointerSegment } from "../util/pointer.js";
import { codecOf, type Codec } from "./codec.js";
import { MAX_RESULT_ISSUES } from "./result.js";
import type { StandardSchemaV1 } from "../util/standard-schema.js";

/**
 * What a tool's `parameters` may be: a `t.object(...)`, a TypeBox or plain JSON Schema object, or a Standard Schema
 * that exposes JSON Schema (Zod 4, Valibot, ArkType).
 */
export type ParametersInput = object;

/**
 * What makes a guard of a descriptor or a JSON Schema: `compileDescriptor` (what `tool()` passes: the JSON Schema the
 * `t` builders write) or `compile` (any JSON Schema), both from `tooltype/guard`; a tool whose parameters are a guard
 * already (`compile`'s, or one `tooltype compile` wrote ahead of time) or a Standard
 * Schema needs none, and a program that never names it carries no interpreter.
 *
 * @example
 * import { compile } from "tooltype/guard";
 * new Tool({
 *   name: "echo",
 *   description: "Echoes.",
 *   parameters: t.object({ text: t.string() }),
 *   compile,
 *   run: ({ text }) => text,
 * });
 */
export type GuardBuilder = (schema: object, options?: { readonly jit?: Jit }) => Guard<unknown>;

/** A tool's parameters, ready to describe and to check. */
export interface Parameters {
  /** Draft 2020-12 JSON Schema (a root that is not an object is wrapped by the provider formats). */
  readonly schema: JSONSchema;
  /** The tooltype descriptor, when the parameters were written with `t`. */
  readonly descriptor?: object;
  readonly codec: Codec;
  /** Another library checks the arguments (a Standard Schema): the JSON Schema describes them, the library decides. */
  readonly library?: true;
  /** Checks normalized arguments: the value to decode, or the issues. May be async (a Standard Schema's validator). */
  check(value: unknown): { value: unknown } | { issues: Issue[] } | Promise<{ value: unknown } | { issues: Issue[] }>;
}

interface StandardLike {
  "~standard": {
    vendor?: string;
    validate(value: unknown): unknown;
    jsonSchema?: { input(options: { target: string; libraryOptions?: Record<string, unknown> }): unknown };
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
export function readParameters(input: ParametersInput, owner: string, build?: GuardBuilder, jit?: Jit): Parameters {
  if ((typeof input !== "object" && typeof input !== "function") || input === null) {
    throw new TypeError(
      `${owner}: parameters must be a t.object(...), a guard, a JSON Schema object or a Standard Schema`,
    );
  }
  // The codec checks union branches with the same builder, generated code included.
  const branches = build && ((schema: object) => build(schema, { jit }));
  if (isDescriptor(input)) {
    const guard = builder(build, owner)(input, { jit });
    return {
      schema: objectRoot(toJSONSchema(input), owner),
      descriptor: input,
      codec: codecOf(input, branches),
      check: checkWith(guard),
    };
  }
  if (isGuard(input)) {
    // A guard from compile() or written ahead of time: its schema describes the tool, it checks the arguments as it is.
    const schema = objectRoot(JSON.parse(JSON.stringify(input.schema)) as JSONSchema, owner);
    return { schema, codec: codecOf(schema, branches), check: checkWith(input) };
  }
  const standard = (input as StandardLike)["~standard"];
  if (standard && typeof standard.validate === "function") {
    const schema = objectRoot(standardJSONSchema(input as StandardLike, owner), owner);
    return {
      schema,
      library: true,
      codec: { normalize: codecOf(schema).normalize, decode: (v) => v, decodes: false }, // the library decodes
      check: async (value) => {
        const result = (await standard.validate(value)) as {
          value?: unknown;
          issues?: readonly { message: string; path?: readonly unknown[] }[];
        };
        if (!result.issues) return { value: result.value };
        return {
          issues: result.issues.map((i) => ({ code: "type" as const, path: pointerOf(i.path), message: i.message })),
        };
      },
    };
  }
  const schema = objectRoot(toJSONSchema(input), owner);
  return { schema, codec: codecOf(schema, branches), check: checkWith(builder(build, owner)(schema, { jit })) };
}

/** The guard builder, or a TypeError saying that these parameters need one and where it comes from. */
export function builder(build: GuardBuilder | undefined, owner: string): GuardBuilder {
  if (build) return build;
  throw new TypeError(
    `${owner}: a t descriptor or a JSON Schema is checked by a guard builder: make the tool with tool() from "tooltype/tools", pass compile from "tooltype/guard" as the definition's compile, or give a guard as parameters`,
  );
}

function isGuard(input: object): input is Guard<unknown> {
  const g = input as Partial<Guard<unknown>>;
  return (
    typeof input === "function" &&
    g["~standard"]?.vendor === "tooltype" &&
    typeof g.errors === "function" &&
    typeof g.schema === "object"
  );
}

function checkWith(guard: Guard<unknown>): Parameters["check"] {
  // One more than a result keeps, so the error text can say that more were left out.
  return (value) => (guard(value) ? { value } : { issues: guard.errors(value, { limit: MAX_RESULT_ISSUES + 1 }) });
}

/**
 * ArkType's Standard JSON Schema writes `{}` (anything) for what JSON Schema cannot say: a `Date`, a class
 * instance, a symbol or bigint, `undefined`. A model could then send anything there and the library would
 * refuse every call, so these are errors naming the construct, as ArkType's own `toJsonSchema()` makes them.
 * What only narrows a type (a predicate, a pattern intersection) keeps its JSON part: ArkType checks the rest.
 */
const ARKTYPE_OPTIONS = {
  fallback: Object.fromEntries(
    (["date", "proto", "domain", "unit", "symbolKey"] as const).map((code) => [
      code,
      (context: Record<string, unknown>) => {
        const { base: _, ...rest } = context;
        const what =
          typeof rest.proto === "function"
            ? `an instance of ${(rest.proto as { name?: string }).name || "a class"}`
            : code === "date"
              ? "a Date"
              : code === "domain"
                ? `a ${String(rest.domain)}`
                : code === "unit"
                  ? `the value ${String(rest.unit)}`
                  : code === "symbolKey"
                    ? "a symbol key"
                    : code;
        throw new Error(`${what} cannot be written as JSON Schema (ArkType's "${code}")`);
      },
    ]),
  ),
};

function standardJSONSchema(input: StandardLike, owner: string): JSONSchema {
  const vendor = input["~standard"].vendor;
  const library =
    vendor === "arktype"
      ? "ArkType"
      : vendor === "zod"
        ? "Zod"
        : vendor === "valibot"
          ? "Valibot"
          : vendor === "effect"
            ? "Effect Schema"
            : vendor || "Standard Schema";
  let produced: unknown;
  try {
    const json = input["~standard"].jsonSchema;
    produced = json
      ? json.input({ target: "draft-2020-12", ...(vendor === "arktype" && { libraryOptions: ARKTYPE_OPTIONS }) })
      : (input.toJSONSchema?.() ?? input.toJsonSchema?.());
  } catch (error) {
    throw new TypeError(
      `${owner}: the ${library} parameters cannot be written as JSON Schema: ${(error as Error).message}`,
    );
  }
  if (typeof produced !== "object" || produced === null) {
    const how =
      vendor === "zod"
        ? " (Zod mini schemas carry none: pass withJSONSchema(schema, z.toJSONSchema(schema)))"
        : vendor === "valibot"
          ? " (pass toStandardJsonSchema(schema) from @valibot/to-json-schema)"
          : vendor === "effect"
            ? " (pass Schema.toStandardJSONSchemaV1(Schema.toStandardSchemaV1(schema)))"
            : " (or pass withJSONSchema(schema, jsonSchema))";
    throw new TypeError(
      `${owner}: these ${library} parameters do not expose JSON Schema (~standard.jsonSchema, toJSONSchema() or toJsonSchema()); a model needs one to call the tool${how}`,
    );
  }
  const copy = { ...(produced as JSONSchema) };
  delete copy.$schema;
  return copy;
}

/**
 * A Standard Schema that also writes its JSON Schema (Standard JSON Schema v1), as `withJSONSchema` returns it.
 *
 * @example
 * const args: WithJSONSchema<typeof Args> = withJSONSchema(Args, z.toJSONSchema(Args));
 */
export interface WithJSONSchema<S extends StandardSchemaV1>
  extends StandardSchemaV1<StandardSchemaV1.InferInput<S>, StandardSchemaV1.InferOutput<S>> {
  readonly "~standard": StandardSchemaV1.Props<StandardSchemaV1.InferInput<S>, StandardSchemaV1.InferOutput<S>> & {
    readonly jsonSchema: {
      input(options?: { readonly target?: string }): Record<string, unknown>;
      output(options?: { readonly target?: string }): Record<string, unknown>;
    };
  };
}

/**
 * A Standard Schema (the library checks and transforms the arguments) with the JSON Schema a model is sent, for
 * a library whose schemas do not carry their own (Zod mini) or to send a hand-written schema. The result is a
 * Standard JSON Schema; `tool({ parameters })` takes it, typed from the library's schema.
 *
 * @example
 * import * as z from "zod/mini";
 * const Args = z.object({ city: z.string() });
 * tool({
 *   name: "get_weather",
 *   description: "Weather.",
 *   parameters: withJSONSchema(Args, z.toJSONSchema(Args)),
 *   execute: ({ city }) => city,
 * });
 */
export function withJSONSchema<S extends StandardSchemaV1>(schema: S, jsonSchema: object): WithJSONSchema<S> {
  const props = (schema as Partial<StandardSchemaV1>)?.["~standard"];
  if (!props || typeof props.validate !== "function")
    throw new TypeError("withJSONSchema: the first argument must be a Standard Schema (it has ~standard.validate)");
  if (typeof jsonSchema !== "object" || jsonSchema === null)
    throw new TypeError("withJSONSchema: the second argument must be a JSON Schema object");
  const frozen = JSON.parse(JSON.stringify(jsonSchema)) as object;
  const write = () => JSON.parse(JSON.stringify(frozen)) as Record<string, unknown>;
  return {
    "~standard": {
      version: 1,
      vendor: props.vendor,
      validate: props.validate.bind(props),
      jsonSchema: { input: write, output: write },
      types: props.types,
    },
  } as never;
}

// Any root: one that is not an object (a union, a primitive) is wrapped as { input: ... } by the provider
// formats (src/schema/dialects/wrap.ts), and Tool.execute unwraps it.
function objectRoot(schema: JSONSchema, owner: string): JSONSchema {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    throw new TypeError(`${owner}: parameters must be a JSON Schema object`);
  return schema;
}

function pointerOf(path: readonly unknown[] | undefined): string {
  if (!path?.length) return "";
  return (
    "/" +
    path
      .map((p) =>
        pointerSegment(
          String(
            typeof p === "object" && p !== null && "key" in p ? (p as { key: PropertyKey }).key : (p as PropertyKey),
          ),
        ),
      )
      .join("/")
  );
}
