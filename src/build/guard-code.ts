import { emitJSONSchema } from "../schema/emit.js";
import type { JSONSchema } from "../schema/json-schema.js";
import { isDescriptor } from "../t/symbols.js";
import * as aot from "../guard/aot.js";
import { generate, type Generated } from "../guard/codegen.js";
import { compile } from "../guard/compile.js";
import { dynamicScope } from "../guard/dynamic-scope.js";
import { SchemaError, type Node } from "../guard/node.js";
import { readSchema } from "../guard/ir.js";
import { generateReport } from "../guard/report.js";
import { ScopedVerdicts, Verdicts } from "../guard/revisit.js";

/**
 * A guard compiled ahead of time, as text.
 *
 * @example
 * const { schema, body }: GuardCode = guardCode(t.object({ q: t.string() }));
 */
export interface GuardCode {
  /** The JSON Schema the guard checks (a descriptor is written out as JSON Schema). */
  readonly schema: JSONSchema;
  /**
   * The body of a function of `H` (the `aotHelpers` of `tooltype/aot`) that returns the predicate: plain code,
   * its regular expressions, sets and helpers written out, nothing left to evaluate at run time.
   */
  readonly body: string;
}

/**
 * A guard compiled ahead of time as module code that imports from `tooltype/aot` only what it calls.
 *
 * @example
 * const { imports, call } = guardSource(schema);
 * `import { ${imports.join(", ")} } from "tooltype/aot";\nexport default ${call("schema")};`
 */
export interface GuardSource {
  /** The JSON Schema the guard checks. */
  readonly schema: JSONSchema;
  /** The names the code imports from `tooltype/aot`. */
  readonly imports: readonly string[];
  /** The expression making the guard, given an expression for its schema. */
  call(schema: string): string;
}

/** Each function `tooltype/aot` exports, by value: what generated code calls, written as an import. */
const AOT_EXPORTS = new Map<unknown, string>(
  Object.entries(aot)
    .filter(([name, value]) => typeof value === "function" && name !== "aotGuard" && name !== "generatedGuard")
    .map(([name, value]) => [value, name]),
);
const HELPER_NAMES = new Map<unknown, string>(
  Object.entries(aot.aotHelpers)
    .filter(([name]) => name !== "formats" && name !== "Verdicts" && name !== "ScopedVerdicts")
    .map(([name, value]) => [value, name]),
);
const FORMAT_NAMES = new Map<unknown, string>(
  Object.entries(aot.aotHelpers.formats).map(([name, check]) => [check, name]),
);

// A node the error reporter hands to the interpreter: its errors then come from the interpreter.
const HANDED_OFF = () => false;

/** The schema checked as `compile` checks it (keywords, defaults), read into its checked form. */
function readChecked(schema: object): { json: JSONSchema; root: Node } {
  compile(schema, { eval: false, dynamicScope }); // before anything is written
  const json = (isDescriptor(schema) ? emitJSONSchema(schema) : schema) as JSONSchema;
  return { json: JSON.parse(JSON.stringify(json)) as JSONSchema, root: readSchema(json, { dynamicScope }) };
}

/**
 * Compiles a descriptor or a JSON Schema into guard code ahead of time: the same specialised code `tooltype/jit`
 * writes, with every value it closes over written as code (a `RegExp` as `new RegExp(...)`, an enum as a `Set`,
 * helpers from `tooltype/aot`'s `aotHelpers`). The schema is checked as `compile` checks it: an unsupported keyword,
 * or a default that is no value of its type, throws a `SchemaError` here.
 *
 * @example
 * const { schema, body } = guardCode({ type: "object", properties: { q: { type: "string" } }, required: ["q"] });
 * const isQuery = aotGuard(schema, new Function("H", body)(aotHelpers)); // in a test; a module writes it out instead
 */
export function guardCode(schema: object): GuardCode {
  const { json, root } = readChecked(schema);
  const generated = generate(root);
  const externals = generated.externals.map((value, i) => valueCode(value, i, helperCode));
  return {
    schema: json,
    body: `"use strict";\nconst E = [${externals.join(", ")}];\n${withoutStrict(generated.source)}`,
  };
}

/**
 * Compiles a descriptor or a JSON Schema into module code ahead of time: the predicate and, where no part of the
 * schema needs the interpreter for its issues (unions, `not`, `$ref` and a few rarer keywords do), the error reporter,
 * both generated, calling helpers imported one by one from `tooltype/aot` (`alias` names them in the code), so a
 * bundle carries only those. Checked as `compile` checks it.
 *
 * @example
 * const { imports, call } = guardSource({ type: "string", format: "date" });
 * imports; // ["generatedGuard", "isDate", "preview"]
 */
export function guardSource(schema: object, alias: (name: string) => string = (name) => name): GuardSource {
  const { json, root } = readChecked(schema);
  const imports = new Set<string>();
  const name = (exported: string) => (imports.add(exported), alias(exported));
  const code = (value: unknown, i: number) =>
    valueCode(
      value,
      i,
      (fn) => (fn === Object.hasOwn ? "Object.hasOwn" : AOT_EXPORTS.has(fn) ? name(AOT_EXPORTS.get(fn)!) : undefined),
      name,
    );
  const predicate = run(generate(root), code);
  const report = generateReport(root, () => HANDED_OFF);
  const reported = !report.externals.includes(HANDED_OFF);
  const reporter = reported ? run(report, code) : "";
  const make = name(reported ? "generatedGuard" : "aotGuard");
  return {
    schema: json,
    imports: [...imports].sort(),
    call: (schemaExpression) => `${make}(${schemaExpression}, ${predicate}${reported ? `, ${reporter}` : ""})`,
  };
}

/** Generated source as an expression: a function of its values, called with them written as code. */
function run(generated: Generated, code: (value: unknown, index: number) => string): string {
  return `/* @__PURE__ */ (function (E) {\n${withoutStrict(generated.source)}\n})([${generated.externals.map(code).join(", ")}])`;
}

const withoutStrict = (source: string) =>
  source.startsWith('"use strict";\n') ? source.slice('"use strict";\n'.length) : source;

/**
 * A standalone ES module exporting the guard as its default (and the schema as `schema`), importing from
 * `tooltype/aot` only the helpers its code calls. What `tooltype compile schema.json --out guard.js` writes.
 *
 * @example
 * writeFileSync("guard.js", guardModule(JSON.parse(readFileSync("schema.json", "utf8"))));
 * // the written file: `import isOrder from` its path, then isOrder(value)
 */
export function guardModule(schema: object, options: { readonly from?: string } = {}): string {
  const source = guardSource(schema);
  const from = options.from ?? "tooltype/aot";
  return (
    `// Written by tooltype compile: a guard compiled ahead of time (no eval, no Function). Do not edit; compile again.\n` +
    `import { ${source.imports.join(", ")} } from ${JSON.stringify(from)};\n\n` +
    `export const schema = ${JSON.stringify(source.schema, null, 2)};\n\n` +
    `export default ${source.call("schema")};\n`
  );
}

/** `H.name` for a helper of `aotHelpers`, or `H.formats[...]` for a format check. */
function helperCode(fn: unknown): string | undefined {
  const helper = HELPER_NAMES.get(fn);
  if (helper) return `H.${helper}`;
  const format = FORMAT_NAMES.get(fn);
  return format ? `H.formats[${JSON.stringify(format)}]` : undefined;
}

// A value generated code closes over, written as code: functions by `functionCode`, classes through `name`.
function valueCode(
  value: unknown,
  index: number,
  functionCode: (fn: unknown) => string | undefined,
  name = (exported: string) => `H.${exported}`,
): string {
  if (typeof value === "function") {
    const code = functionCode(value);
    if (code) return code;
    throw new SchemaError(
      `guard code: value ${index} is a function tooltype cannot write out (a custom format check?); compile it at run time instead`,
    );
  }
  if (value instanceof RegExp) return `new RegExp(${JSON.stringify(value.source)}, ${JSON.stringify(value.flags)})`;
  if (value instanceof Set) return `new Set(${JSON.stringify([...value])})`;
  if (value instanceof Verdicts) return `new ${name("Verdicts")}()`;
  if (value instanceof ScopedVerdicts) return `new ${name("ScopedVerdicts")}()`;
  if (Array.isArray(value)) return JSON.stringify(value);
  throw new SchemaError(`guard code: value ${index} (${Object.prototype.toString.call(value)}) cannot be written out`);
}
