import { emitJSONSchema } from "../schema/emit.js";
import type { JSONSchema } from "../schema/json-schema.js";
import { isDescriptor } from "../t/symbols.js";
import { aotHelpers } from "../guard/aot.js";
import { generate } from "../guard/codegen.js";
import { compile } from "../guard/compile.js";
import { SchemaError } from "../guard/node.js";
import { readSchema } from "../guard/ir.js";
import { ScopedVerdicts, Verdicts } from "../guard/revisit.js";

/** A guard compiled ahead of time, as text. @example const { schema, body }: GuardCode = guardCode(t.object({ q: t.string() })); */
export interface GuardCode {
  /** The JSON Schema the guard checks (a descriptor is written out as JSON Schema). */
  readonly schema: JSONSchema;
  /**
   * The body of a function of `H` (the `aotHelpers` of `tooltype/aot`) that returns the predicate: plain code,
   * its regular expressions, sets and helpers written out, nothing left to evaluate at run time.
   */
  readonly body: string;
}

const HELPER_NAMES = new Map<unknown, string>(
  Object.entries(aotHelpers)
    .filter(([name]) => name !== "formats" && name !== "Verdicts" && name !== "ScopedVerdicts")
    .map(([name, value]) => [value, name]),
);
const FORMAT_NAMES = new Map<unknown, string>(Object.entries(aotHelpers.formats).map(([name, check]) => [check, name]));

/**
 * Compiles a descriptor or a JSON Schema into guard code ahead of time: the same specialised code `tooltype/jit`
 * writes, with every value it closes over written as code (a `RegExp` as `new RegExp(...)`, an enum as a `Set`,
 * helpers from `tooltype/aot`). The schema is checked as `compile` checks it: an unsupported keyword, or a default
 * that is no value of its type, throws a `SchemaError` here.
 *
 * @example
 * const { schema, body } = guardCode({ type: "object", properties: { q: { type: "string" } }, required: ["q"] });
 * const isQuery = aotGuard(schema, new Function("H", body)(aotHelpers)); // in a test; a module writes it out instead
 */
export function guardCode(schema: object): GuardCode {
  compile(schema, { eval: false }); // checks it as compile does (keywords, defaults), before anything is written
  const json = (isDescriptor(schema) ? emitJSONSchema(schema) : schema) as JSONSchema;
  const root = readSchema(json);
  const generated = generate(root);
  const strict = '"use strict";\n';
  const source = generated.source.startsWith(strict) ? generated.source.slice(strict.length) : generated.source;
  const externals = generated.externals.map((value, i) => valueCode(value, i));
  return { schema: JSON.parse(JSON.stringify(json)) as JSONSchema, body: `${strict}const E = [${externals.join(", ")}];\n${source}` };
}

/**
 * A standalone ES module exporting the guard as its default (and the schema as `schema`), importing only
 * `tooltype/aot`. What `tooltype compile schema.json --out guard.js` writes.
 *
 * @example
 * writeFileSync("guard.js", guardModule(JSON.parse(readFileSync("schema.json", "utf8"))));
 * // the written file: `import isOrder from` its path, then isOrder(value)
 */
export function guardModule(schema: object, options: { readonly from?: string } = {}): string {
  const { schema: json, body } = guardCode(schema);
  const from = options.from ?? "tooltype/aot";
  return (
    `// Written by tooltype compile: a guard compiled ahead of time (no eval, no Function). Do not edit; compile again.\n` +
    `import { aotGuard, aotHelpers } from ${JSON.stringify(from)};\n\n` +
    `export const schema = ${JSON.stringify(json, null, 2)};\n\n` +
    `const predicate = (function (H) {\n${body}\n})(aotHelpers);\n\n` +
    `export default aotGuard(schema, predicate);\n`
  );
}

// A value generated code closes over, written as code.
function valueCode(value: unknown, index: number): string {
  if (typeof value === "function") {
    const helper = HELPER_NAMES.get(value);
    if (helper) return `H.${helper}`;
    const format = FORMAT_NAMES.get(value);
    if (format) return `H.formats[${JSON.stringify(format)}]`;
    throw new SchemaError(`guard code: value ${index} is a function tooltype cannot write out (a custom format check?); compile it at run time instead`);
  }
  if (value instanceof RegExp) return `new RegExp(${JSON.stringify(value.source)}, ${JSON.stringify(value.flags)})`;
  if (value instanceof Set) return `new Set(${JSON.stringify([...value])})`;
  if (value instanceof Verdicts) return "new H.Verdicts()";
  if (value instanceof ScopedVerdicts) return "new H.ScopedVerdicts()";
  if (Array.isArray(value)) return JSON.stringify(value);
  throw new SchemaError(`guard code: value ${index} (${Object.prototype.toString.call(value)}) cannot be written out`);
}
