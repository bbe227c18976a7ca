// How keywords are read: each keyword module has a `KeywordReader` that checks its part of a schema object and
// writes it into the node, with these helpers for the refusals every reader words the same way.
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
  /** Keeps `node`'s `$ref` or (`dynamic`) `$dynamicRef` (found at `at`, in `schema`) to be pointed at its target after the pass. */
  reference(node: Node, pointer: string, at: string, schema: object, dynamic?: boolean): void;
  readonly options: ReadOptions;
}

/**
 * A keyword's reading: the schema keys it owns, and what it writes into the node from them. It is called once per
 * schema object holding any of its keys, after the object's keys were all found known, with the whole object (keys
 * read together, such as `items` with `prefixItems` or `properties` with `required`, are read by one reader).
 *
 * @example
 * const notReader: KeywordReader = { keys: ["not"], read: (s, node, at, r) => void (node.not = r.read(s.not, `${at}/not`)) };
 */
export interface KeywordReader {
  readonly keys: readonly string[];
  read(schema: Readonly<Record<string, unknown>>, node: Node, at: string, reader: SchemaReader): void;
}

/** The one way a schema is refused: what is wrong (a keyword, quoted), where (a JSON Pointer), and why. @example refuse('"$ref" "#/x"', "#", "points to nothing in this schema") */
export function refuse(what: string, at: string, why: string): SchemaError {
  return new SchemaError(`compile: ${what} at ${at} ${why}`);
}

/** A keyword whose value is not what the keyword takes. @example mustBe("minLength", "#", "a non-negative integer", -1) // compile: "minLength" at # must be a non-negative integer, received -1 */
export function mustBe(key: string, at: string, expected: string, value: unknown): SchemaError {
  let text: string;
  try {
    text =
      JSON.stringify(value, (_k, v) =>
        typeof v === "number" && !Number.isFinite(v) ? String(v) : typeof v === "bigint" ? `${v}n` : v,
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

/** A reader of one key holding a count, written into the node field of the same name. @example countReader("minLength") */
export function countReader(
  key:
    | "minLength"
    | "maxLength"
    | "minItems"
    | "maxItems"
    | "minContains"
    | "maxContains"
    | "minProperties"
    | "maxProperties",
): KeywordReader {
  return { keys: [key], read: (s, node, at) => void (node[key] = count(s[key], key, at)) };
}

/**
 * The reader of a bound (`minimum`, `maximum`) and the reader of its exclusive form, which is a number
 * (draft-06 on) or, in draft-04 and OpenAPI 3.0, a boolean saying the bound beside it is exclusive.
 *
 * @example
 * const [minimumReader, exclusiveMinimumReader] = boundReaders("minimum", "exclusiveMinimum");
 * // { minimum: 0, exclusiveMinimum: true } reads as { exclusiveMinimum: 0 }
 */
export function boundReaders(
  key: "minimum" | "maximum",
  exclusive: "exclusiveMinimum" | "exclusiveMaximum",
): [KeywordReader, KeywordReader] {
  return [
    {
      keys: [key],
      read: (s, node, at) =>
        void (s[exclusive] === true ? finite(s[key], key, at) : (node[key] = finite(s[key], key, at))),
    },
    {
      keys: [exclusive],
      read(s, node, at) {
        const value = s[exclusive];
        if (value === false) return;
        if (value !== true) node[exclusive] = finite(value, exclusive, at);
        else if (s[key] === undefined)
          throw refuse(
            `"${exclusive}": true`,
            at,
            `needs "${key}" beside it (draft-04 and OpenAPI 3.0 make that bound exclusive)`,
          );
        else node[exclusive] = finite(s[key], key, at);
      },
    },
  ];
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
