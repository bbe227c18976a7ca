/**
 * Symbol naming a descriptor's builder (`"string"`, `"object"`, ...). Never emitted.
 *
 * @example
 * t.integer()[Kind];
 * // "integer"
 */
export const Kind: unique symbol = Symbol.for("tooltype.kind") as never;
/** Symbol set by `t.optional`: the property may be absent. Never emitted. */
export const OptionalMark: unique symbol = Symbol.for("tooltype.optional") as never;
/** Symbol set by `t.named` / `t.recursive`: the name of the shared definition this node stands for. */
export const Named: unique symbol = Symbol.for("tooltype.named") as never;
/** Symbol set on the self reference of `t.recursive`: a box holding the finished definition. */
export const RefTarget: unique symbol = Symbol.for("tooltype.ref") as never;
/** Symbol set on a `t.recursive` definition (and so on its copies): the box its self references hold. */
export const RecursiveBox: unique symbol = Symbol.for("tooltype.recursive") as never;

/**
 * True when a value is a tooltype descriptor.
 *
 * @example
 * isDescriptor(t.string()); // true
 * isDescriptor({ type: "string" }); // false: plain JSON Schema
 */
export function isDescriptor(value: unknown): value is { readonly [Kind]: string } {
  return typeof value === "object" && value !== null && Kind in value;
}

/**
 * Symbol holding annotations of one use of a named type, written beside its `$ref` (`{ "$ref": ..., "description": ...
 * }`).
 */
export const RefAnnotations: unique symbol = Symbol.for("tooltype.refAnnotations") as never;

/** Symbol set by `derive` on a node whose `default` was read from a function's source: compile leaves it unchecked. */
export const SourceDefault: unique symbol = Symbol.for("tooltype.sourceDefault") as never;
