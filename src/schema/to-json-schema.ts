import { emitJSONSchema } from "./emit.js";
import type { JSONSchema } from "./json-schema.js";
import { DIALECTS } from "./targets/index.js";
import { ConversionError, type ConversionWarning } from "./targets/warnings.js";

/** The dialects `toJSONSchema` can write. */
export type Target = keyof typeof DIALECTS;

/** Options of `toJSONSchema`. */
export interface ToJSONSchemaOptions {
  /** The dialect to write; `"draft-2020-12"` (plain JSON Schema) by default. */
  readonly target?: Target;
  /**
   * Called for each change a provider dialect makes to what the schema means (a keyword moved into a
   * description, a recursion cut). With `"error"`, the first such change throws a `ConversionError`.
   */
  readonly onWarning?: ((warning: ConversionWarning) => void) | "error";
}

/**
 * Writes a descriptor (or a plain JSON Schema) as plain JSON: no symbols, safe for `JSON.stringify`,
 * a fresh object the caller may change. Named and recursive types are emitted once under the root's
 * `$defs` and referenced with `$ref`.
 *
 * @example
 * toJSONSchema(t.object({ location: t.string() }));
 * // { type: "object", properties: { location: { type: "string" } }, required: ["location"] }
 */
export function toJSONSchema(schema: object, options: ToJSONSchemaOptions = {}): JSONSchema {
  const target = options.target ?? "draft-2020-12";
  const write = Object.hasOwn(DIALECTS, target) ? DIALECTS[target] : undefined;
  if (!write) {
    throw new TypeError(`toJSONSchema: unknown target "${String(target)}"; supported: ${Object.keys(DIALECTS).join(", ")}`);
  }
  if (typeof schema !== "object" || schema === null) throw new TypeError("toJSONSchema: expects a descriptor or a JSON Schema object");
  const root = emitJSONSchema(schema);
  if (write === DIALECTS["draft-2020-12"]) return root;
  const onWarning = options.onWarning;
  return write(root, (path, message) => {
    if (onWarning === "error") throw new ConversionError(`${message} (at ${path || "/"})`);
    onWarning?.({ path, message });
  });
}
