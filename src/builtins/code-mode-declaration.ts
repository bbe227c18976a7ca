import { typeText } from "../schema/type-text.js";
import type { AnyTool } from "../tools/tool.js";

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The TypeScript text a program sees of the tools: `declare const tools: { name(input: {...}): Promise<...> }`, each
 * tool's description and each parameter's as JSDoc, the result type from the tool's `returns` (its MCP
 * `outputSchema`), `unknown` without one.
 *
 * @example
 * toolsDeclaration([weather]);
 * // declare const tools: {
 * //   /** Current weather for a city. *\/
 * //   get_weather(input: {
 * //     /** The city's name *\/
 * //     city: string;
 * //   }): Promise<unknown>;
 * // };
 */
export function toolsDeclaration(tools: readonly AnyTool[]): string {
  const members = tools.map((tool) => toolMember(tool)).join("\n");
  return `${sharedTypes(tools)}declare const tools: {\n${members}\n};`;
}

// The named types the tools' schemas refer to (`$defs`, as `t.named` and `t.recursive` write them), each once, as
// `type Name = ...;` lines: a name two tools define differently is written once, the first one's.
function sharedTypes(tools: readonly AnyTool[]): string {
  const written = new Map<string, string>();
  for (const tool of tools) {
    for (const schema of [tool.parameters, tool.returns] as (Record<string, unknown> | undefined)[]) {
      const defs = schema?.$defs;
      if (typeof defs !== "object" || defs === null) continue;
      for (const [name, def] of Object.entries(defs as Record<string, unknown>))
        if (IDENTIFIER.test(name) && !written.has(name)) written.set(name, `type ${name} = ${typeText(def)};\n`);
    }
  }
  return [...written.values()].join("");
}

/**
 * One tool as a member of `tools`: its description as JSDoc, its input and result types.
 *
 * @example
 * toolMember(weather);
 * // ' /** Current weather for a city. *\/\n get_weather(input: { city: string }): Promise<unknown>;'
 */
export function toolMember(tool: AnyTool): string {
  const name = IDENTIFIER.test(tool.name) ? tool.name : JSON.stringify(tool.name);
  const result = tool.returns ? typeText(tool.returns) : "unknown";
  return `${doc(tool.description, "  ")}  ${name}(input: ${inputType(tool.parameters)}): Promise<${result}>;`;
}

// The input object, a property a line with its description as JSDoc; another root as its type.
function inputType(schema: Record<string, unknown>): string {
  const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
  if (schema.type !== "object" || !properties || !Object.keys(properties).length) return typeText(schema);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const lines = Object.entries(properties).map(([key, property]) => {
    const shown = IDENTIFIER.test(key) ? key : JSON.stringify(key);
    const note = typeof property?.description === "string" ? property.description : "";
    return `${doc(note, "    ")}    ${shown}${required.has(key) ? "" : "?"}: ${typeText(property)};`;
  });
  return `{\n${lines.join("\n")}\n  }`;
}

// A JSDoc comment (nothing for no text); "*/" inside the text cannot end it.
function doc(text: string, indent: string): string {
  const clean = text.trim().replaceAll("*/", "*\\/");
  if (!clean) return "";
  const lines = clean.split("\n");
  return lines.length === 1
    ? `${indent}/** ${clean} */\n`
    : `${indent}/**\n${lines.map((line) => `${indent} * ${line}`.trimEnd()).join("\n")}\n${indent} */\n`;
}
