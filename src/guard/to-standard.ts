import { emitJSONSchema } from "../schema/emit.js";
import { compile, type CompileOptions, type GuardType } from "./compile.js";
import { standardProps, type GuardStandardProps, type StandardJSONSchemaOptions } from "./standard.js";
import { toDraft07 } from "../schema/draft-07.js";

/**
 * A Standard Schema (v1, with Standard JSON Schema) for a descriptor or a JSON Schema, compiled on first
 * use: hand it to a library that takes Standard Schemas (the AI SDK's `tool({ inputSchema })`, the MCP
 * SDK, Mastra, form libraries) without paying for a guard until it validates. `compile(d)` gives the same
 * interface with the guard's other methods.
 *
 * @example
 * import { tool as aiTool } from "ai";
 * aiTool({
 *   description: "Weather for a city.",
 *   inputSchema: standard(t.object({ city: t.string() })),
 *   execute: ({ city }) => city,
 * });
 */
export function standard<S extends object>(
  schema: S,
  options?: CompileOptions,
): { readonly "~standard": GuardStandardProps<GuardType<S>> } {
  let props: GuardStandardProps<GuardType<S>> | undefined;
  const compiled = () => (props ??= standardProps(compile(schema, options)));
  const write = (target?: StandardJSONSchemaOptions) => {
    if (props) return props.jsonSchema.input(target);
    const json = emitJSONSchema(schema) as Record<string, unknown>;
    const name = target?.target ?? "draft-2020-12";
    if (name === "draft-2020-12") return json;
    if (name === "draft-07") return toDraft07(json);
    return compiled().jsonSchema.input(target); // throws, naming the targets it writes
  };
  return {
    "~standard": {
      version: 1,
      vendor: "tooltype",
      validate: (value) => compiled().validate(value),
      jsonSchema: { input: write, output: write },
    },
  };
}
