// How keywords are read: each keyword module's declaration has a `read` that checks its part of a schema object and
// writes it into the node, with these helpers for the refusals every reading words the same way.
import { cut } from "../../util/text.js";
import { SchemaError, type Node, type ReadOptions } from "../node.js";

/**
 * What a keyword's reader may ask of the schema reader (`../ir.ts`): a sub-schema read, a `$ref` kept for
 * resolving once the whole document is read, and the read options.
 *
 * @example
 * node.not = reader.read(schema.not, `${at}/not`);
 */
export interface SchemaReader {
  /** Reads a sub-schema found at `at` (a JSON Pointer of the document) into its node. */
  read(schema: unknown, at: string): Node;
  /**
   * Keeps `node`'s `$ref` or (`dynamic`) `$dynamicRef` (found at `at`, in `schema`) to be pointed at its target after
   * the pass.
   */
  reference(node: Node, pointer: string, at: string, schema: object, dynamic?: boolean): void;
  readonly options: ReadOptions;
}

/** A keyword's reading (`KeywordDeclaration.read`). */
export type ReadKeyword = (
  schema: Readonly<Record<string, unknown>>,
  node: Node,
  at: string,
  reader: SchemaReader,
) => void;

/** A list of schemas, each read at its index under `key`. @example node.allOf = readList(list, "allOf", at, reader) */
export function readList(list: readonly unknown[], key: string, at: string, reader: SchemaReader): Node[] {
  return list.map((item, i) => reader.read(item, `${at}/${key}/${i}`));
}

/**
 * The reading of `allOf`, `anyOf` or `oneOf`: a non-empty array of schemas, read before any a `$ref` beside a
 * `$dynamicRef` put under `allOf`.
 *
 * @example
 * const readAnyOf = readSchemaList("anyOf");
 */
export function readSchemaList(key: "allOf" | "anyOf" | "oneOf"): ReadKeyword {
  return (schema, node, at, reader) => {
    const list = schema[key];
    if (!Array.isArray(list) || list.length === 0) throw mustBe(key, at, "a non-empty array of schemas", list);
    node[key] = [...readList(list, key, at, reader), ...(node[key] ?? [])];
  };
}

/** A list of property names. @example namesOf(["a"], "required", "#") // ["a"] */
export function namesOf(value: unknown, key: string, at: string): string[] {
  if (!Array.isArray(value) || !value.every((name) => typeof name === "string"))
    throw mustBe(key, at, "an array of strings", value);
  return value;
}

/**
 * The one way a schema is refused: what is wrong (a keyword, quoted), where (a JSON Pointer), and why.
 *
 * @example
 * refuse('"$ref" "#/x"', "#", "points to nothing in this schema")
 */
export function refuse(what: string, at: string, why: string): SchemaError {
  return new SchemaError(`compile: ${what} at ${at} ${why}`);
}

/**
 * A keyword whose value is not what the keyword takes.
 *
 * @example
 * mustBe("minLength", "#", "a non-negative integer", -1)
 * // compile: "minLength" at # must be a non-negative integer, received -1
 */
export function mustBe(key: string, at: string, expected: string, value: unknown): SchemaError {
  let text: string;
  try {
    text =
      JSON.stringify(value, (_k, value) =>
        typeof value === "number" && !Number.isFinite(value)
          ? String(value)
          : typeof value === "bigint"
            ? `${value}n`
            : value,
      ) ?? String(value);
  } catch {
    text = typeof value; // a cycle
  }
  return refuse(`"${key}"`, at, `must be ${expected}, received ${cut(text, 80)}`);
}

/** A keyword's value as a count (`minLength`, `maxItems`, ...). @example count(2, "minItems", "#") // 2 */
export function count(value: unknown, key: string, at: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw mustBe(key, at, "a non-negative integer", value);
  return value as number;
}

/** A keyword's value as a finite number (`minimum`, ...). @example finite(0.5, "maximum", "#") // 0.5 */
export function finite(value: unknown, key: string, at: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw mustBe(key, at, "a finite number", value);
  return value;
}

/** The node fields a keyword's number is read into (not the node's own `id`, `types` and `scopes`). */
type CountField = Exclude<
  { [K in keyof Node]-?: Node[K] extends number | undefined ? K : never }[keyof Node],
  "id" | "types" | "scopes"
>;

/**
 * The reading of one key holding a count, written into the node field of the same name.
 *
 * @example
 * readCount("minLength")
 */
export function readCount(key: CountField): ReadKeyword {
  return (schema, node, at) => void (node[key] = count(schema[key], key, at));
}

/**
 * The reading of a bound (`minimum`, `maximum`): a finite number, left to the exclusive form beside it when that is
 * `true` (draft-04 and OpenAPI 3.0).
 *
 * @example
 * const readMinimum = readBound("minimum", "exclusiveMinimum");
 */
export function readBound(key: "minimum" | "maximum", exclusive: "exclusiveMinimum" | "exclusiveMaximum"): ReadKeyword {
  return (schema, node, at) =>
    void (schema[exclusive] === true ? finite(schema[key], key, at) : (node[key] = finite(schema[key], key, at)));
}

/**
 * The reading of an exclusive bound, which is a number (draft-06 on) or, in draft-04 and OpenAPI 3.0, a boolean
 * saying the bound beside it is exclusive.
 *
 * @example
 * const readExclusiveMinimum = readExclusiveBound("minimum", "exclusiveMinimum");
 * // { minimum: 0, exclusiveMinimum: true } reads as { exclusiveMinimum: 0 }
 */
export function readExclusiveBound(
  key: "minimum" | "maximum",
  exclusive: "exclusiveMinimum" | "exclusiveMaximum",
): ReadKeyword {
  return (schema, node, at) => {
    const value = schema[exclusive];
    if (value === false) return;
    if (value !== true) node[exclusive] = finite(value, exclusive, at);
    else if (schema[key] === undefined)
      throw refuse(
        `"${exclusive}": true`,
        at,
        `needs "${key}" beside it (draft-04 and OpenAPI 3.0 make that bound exclusive)`,
      );
    else node[exclusive] = finite(schema[key], key, at);
  };
}

/**
 * A regular expression from a schema (`pattern`, a `patternProperties` key), as JSON Schema reads it: with the `u`
 * flag (code points, `\p{...}`). A pattern that is no valid `u` expression but a valid plain one (`[a-z\_]`,
 * `\@`: escapes many generators and other languages write) is compiled without it, so a real-world schema is
 * checked as its author meant rather than refused.
 *
 * @example
 * regex("^a+$", "pattern", "#", options).flags;     // "u"
 * regex("^[a-z\\_]+$", "pattern", "#", options).flags; // ""
 */
export function regex(source: unknown, key: string, at: string, options: ReadOptions): RegExp {
  if (typeof source !== "string") throw mustBe(key, at, "a string", source);
  const hazard = options.untrusted?.patternHazard(source); // the one hook of pattern-safety.ts
  if (hazard) throw refuse(`"${key}" ${JSON.stringify(source)}`, at, `is refused for an untrusted schema: ${hazard}`);
  try {
    return new RegExp(source, "u");
  } catch (error) {
    try {
      return new RegExp(source);
    } catch {
      throw refuse(
        `"${key}" ${JSON.stringify(source)}`,
        at,
        `is not a valid regular expression: ${(error as Error).message}`,
      );
    }
  }
}
