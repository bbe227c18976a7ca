/**
 * A draft-07 tuple (`items` a list, `additionalItems` for the rest, as TypeBox 0.34's `Type.Tuple` writes
 * it) in draft 2020-12's form (`prefixItems`, `items`), which the dialect writers encode; any other
 * schema is returned as it is.
 *
 * @example
 * prefixForm({ type: "array", items: [{ type: "number" }], additionalItems: false });
 * // { type: "array", prefixItems: [{ type: "number" }], items: false }
 */
export function prefixForm(schema: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(schema.items)) return schema;
  const { items, additionalItems, ...rest } = schema;
  return { ...rest, prefixItems: items, ...(additionalItems !== undefined && { items: additionalItems }) };
}
