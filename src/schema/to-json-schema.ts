import { emitJSONSchema } from "./emit.js";
import type { JSONSchema } from "./json-schema.js";
import { ConversionError, type ConversionWarning, type Dialect } from "./dialects/warnings.js";

/** Options of `toJSONSchema`. */
export interface ToJSONSchemaOptions {
  /** The dialect to write (`import { openaiStrict } from "tooltype/dialects"`); plain draft 2020-12 without one. */
  readonly target?: Dialect;
  /**
   * Called for each change a provider dialect makes to what the schema means (a keyword moved into a
   * description, a recursion cut). With `"error"`, the first such change throws a `ConversionError`.
   */
  readonly onWarning?: ((warning: ConversionWarning) => void) | "error";
}

/**
 * Writes a descriptor (or a plain JSON Schema) as plain JSON: no symbols, safe for `JSON.stringify`,
 * a fresh object the caller may change. Named and recursive types are emitted once under the root's
 * `$defs` and referenced with `$ref`. A dialect from `tooltype/dialects` rewrites it for a provider.
 *
 * @example
 * toJSONSchema(t.object({ location: t.string() }));
 * // { type: "object", properties: { location: { type: "string" } }, required: ["location"] }
 */
export function toJSONSchema(schema: object, options: ToJSONSchemaOptions = {}): JSONSchema {
  const dialect = options.target;
  if (dialect !== undefined && (typeof dialect !== "object" || dialect === null || typeof dialect.write !== "function")) {
    throw new TypeError(`toJSONSchema: target must be a dialect such as openaiStrict from "tooltype/dialects", received ${JSON.stringify(dialect)} (the root "tooltype" entry also takes its name)`);
  }
  if (typeof schema !== "object" || schema === null) throw new TypeError("toJSONSchema: expects a descriptor or a JSON Schema object");
  const root = emitJSONSchema(schema);
  if (dialect === undefined) return root;
  const onWarning = options.onWarning;
  return dialect.write(root, (path, message) => {
    if (onWarning === "error") throw new ConversionError(`${message} (at ${path || "/"})`);
    onWarning?.({ path, message });
  });
}
