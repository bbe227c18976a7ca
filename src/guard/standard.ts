import type { StandardSchemaV1 } from "../util/standard-schema.js";
import type { JSONSchema } from "../schema/json-schema.js";
import { toDraft07 } from "../schema/draft-07.js";
import { readSegment } from "../util/pointer.js";
import type { Issue } from "./issue.js";

/** The options a Standard JSON Schema converter takes (https://standardschema.dev/json-schema). */
export interface StandardJSONSchemaOptions {
  /** `"draft-2020-12"` (the default) or `"draft-07"`; another target throws. */
  readonly target?: "draft-2020-12" | "draft-07" | (string & {});
  readonly libraryOptions?: Record<string, unknown>;
}

/** Standard Schema v1 `~standard` with Standard JSON Schema v1's `jsonSchema`, as guards carry it. */
export interface GuardStandardProps<T> extends StandardSchemaV1.Props<T, T> {
  readonly jsonSchema: {
    /** The JSON Schema of what the guard accepts. */
    input(options?: StandardJSONSchemaOptions): Record<string, unknown>;
    /** The same schema: a guard passes the value through unchanged. */
    output(options?: StandardJSONSchemaOptions): Record<string, unknown>;
  };
}

/** What a guard must have for `standardProps`. */
interface Checker {
  (value: unknown): boolean;
  errors(value: unknown): Issue[];
  readonly schema: JSONSchema;
}

/**
 * The Standard Schema and Standard JSON Schema properties of a guard: `validate` runs it and reports
 * issues with paths as key arrays; `jsonSchema.input` / `output` write the schema it checks.
 *
 * @example
 * compile(t.string())["~standard"].validate(42);
 * // { issues: [{ message: "Expected string, received integer", path: [] }] }
 * compile(t.string())["~standard"].jsonSchema.input({ target: "draft-2020-12" }); // { type: "string" }
 */
export function standardProps<T>(guard: Checker): GuardStandardProps<T> {
  const write = (options?: StandardJSONSchemaOptions) =>
    jsonSchemaFor(guard.schema, options?.target ?? "draft-2020-12");
  return {
    version: 1,
    vendor: "tooltype",
    validate(value) {
      if (guard(value)) return { value: value as T };
      return { issues: guard.errors(value).map((i) => ({ message: i.message, path: pathKeys(i.path, value) })) };
    },
    jsonSchema: { input: write, output: write },
  };
}

function jsonSchemaFor(schema: JSONSchema, target: string): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  if (target === "draft-2020-12") return copy;
  if (target === "draft-07") return toDraft07(copy);
  throw new TypeError(
    `tooltype: cannot write JSON Schema for target ${JSON.stringify(target)}; supported: "draft-2020-12", "draft-07"`,
  );
}

// A JSON Pointer as keys; an index into an array becomes a number.
function pathKeys(pointer: string, root: unknown): PropertyKey[] {
  if (pointer === "") return [];
  let here = root;
  return pointer
    .slice(1)
    .split("/")
    .map((raw) => {
      const key = readSegment(raw);
      const step: PropertyKey = Array.isArray(here) && /^\d+$/.test(key) ? Number(key) : key;
      here = typeof here === "object" && here !== null ? (here as Record<PropertyKey, unknown>)[step] : undefined;
      return step;
    });
}
