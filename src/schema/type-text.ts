/**
 * Writes a descriptor (or JSON Schema) as a short TypeScript-like type, for generated parameter
 * descriptions (`Parameter days of type integer`).
 *
 * @example
 * typeText(t.array(t.enum(["a", "b"]))); // '("a" | "b")[]'
 */
export function typeText(schema: unknown, depth = 0): string {
  const s = schema as Record<string, unknown>;
  if (depth > 4) return "…";
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (branches) return branches.map((b) => typeText(b, depth + 1)).join(" | ");
  if (typeof s.$ref === "string") return s.$ref.split("/").pop()!;
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string | undefined];
  return types
    .map((type) => {
      switch (type) {
        case "string":
          return s.format === "date-time"
            ? "Date"
            : s.contentEncoding === "base64"
              ? "Uint8Array"
              : s.format
                ? `string (${s.format})`
                : "string";
        case "array": {
          if (Array.isArray(s.prefixItems))
            return `[${(s.prefixItems as unknown[]).map((p) => typeText(p, depth + 1)).join(", ")}]`;
          const item = s.items ? typeText(s.items, depth + 1) : "unknown";
          return s.uniqueItems ? `Set<${item}>` : /[| ]/.test(item) ? `(${item})[]` : `${item}[]`;
        }
        case "object": {
          const props = s.properties as Record<string, unknown> | undefined;
          if (props && Object.keys(props).length) {
            const required = new Set(s.required as string[] | undefined);
            return `{ ${Object.keys(props)
              .map((k) => `${k}${required.has(k) ? "" : "?"}: ${typeText(props[k], depth + 1)}`)
              .join("; ")} }`;
          }
          return typeof s.additionalProperties === "object"
            ? `Record<string, ${typeText(s.additionalProperties, depth + 1)}>`
            : "object";
        }
        case undefined:
          return "unknown";
        default:
          return type;
      }
    })
    .join(" | ");
}
