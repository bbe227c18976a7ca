import { make, type Descriptor } from "../t/descriptor.js";

/**
 * A descriptor for a plain JSON Schema (an MCP server's `inputSchema`, a schema from a file), so it can
 * stand wherever a `t` descriptor can: as tool parameters, as a property inside `t.object`, in `compile`.
 * Its JSON is copied and frozen; `toJSONSchema` writes it back unchanged (a draft-07 tuple as `prefixItems`), and
 * a provider's dialect in draft 2020-12 form (`definitions` as `$defs`, ...). Its static type is the one you
 * give, `unknown` by default. A `$ref` inside it is read against the root it ends up in: keep a schema
 * that has `$defs` at the root.
 *
 * @example
 * const Search = fromJSONSchema<{ query: string }>({
 *   type: "object",
 *   properties: { query: { type: "string" } },
 *   required: ["query"],
 * });
 * tool({ name: "search", description: "Search the web.", parameters: Search, execute: ({ query }) => query });
 */
/* @__NO_SIDE_EFFECTS__ */
export function fromJSONSchema<T = unknown>(schema: object | boolean): Descriptor<T> {
  if (schema === true) return make("json", {});
  if (schema === false) return make("json", { not: {} });
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    throw new TypeError(
      `fromJSONSchema: expects a JSON Schema object or a boolean, received ${schema === null ? "null" : Array.isArray(schema) ? "an array" : typeof schema}`,
    );
  }
  let copy: Record<string, unknown>;
  try {
    copy = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  } catch (error) {
    throw new TypeError(`fromJSONSchema: the schema is not JSON (${(error as Error).message})`);
  }
  return make("json", deepFreeze(copy) as Record<string, unknown>);
}

function deepFreeze(value: unknown): unknown {
  if (typeof value === "object" && value !== null) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}
