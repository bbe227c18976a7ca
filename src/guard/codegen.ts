import { hasDuplicates, jsonEqual } from "./equal.js";
import { isBase64 } from "./formats.js";
import { ANY, ARRAY, BOOLEAN, INTEGER, NULL, NUMBER, OBJECT, STRING, isPrototypeKey, type Node } from "./ir.js";
import { MAX_DEPTH, isMultipleOf, longEnough, ownValue, shortEnough, typeBits } from "./values.js";

/** Helpers every generated guard receives, so the code itself stays small. */
const RUNTIME = { hasDuplicates, jsonEqual, isBase64, isMultipleOf, longEnough, shortEnough, ownValue, typeBits, hasOwn: Object.hasOwn };

/** The source of a generated guard and the values it closes over. */
export interface Generated {
  readonly source: string;
  readonly externals: readonly unknown[];
}

/**
 * Writes a node as the body of a specialised JavaScript function: one pass, no closures, no
 * allocation on the valid path. Every sub-schema reached by `$ref` or tested as a union branch
 * becomes its own named function; everything else is inlined.
 */
export function generate(root: Node): Generated {
  const gen = new Generator();
  const body = gen.body(root, "v");
  const functions = gen.functions.join("\n");
  const source =
    `"use strict";\nconst R = E[0];\n${gen.declarations.join("\n")}\nlet D = 0;\n${functions}\n` +
    `return function guard(v) {\n D = 0;\n try {\n${body}\n return true;\n } catch (e) {\n if (e instanceof RangeError) return false;\n throw e;\n }\n};`;
  return { source, externals: gen.externals };
}

class Generator {
  readonly functions: string[] = [];
  readonly declarations: string[] = [];
  readonly externals: unknown[] = [RUNTIME];
  private readonly named = new Map<Node, string>();
  private readonly counted = new Set<string>();
  private counter = 0;

  private id(prefix: string): string {
    return `${prefix}${this.counter++}`;
  }

  private external(value: unknown): string {
    const name = this.id("e");
    this.declarations.push(`const ${name} = E[${this.externals.length}];`);
    this.externals.push(value);
    return name;
  }

  /** The name of a function `(v) => boolean` for a node, written once. */
  fn(node: Node): string {
    let name = this.named.get(node);
    if (!name) {
      name = this.id("f");
      this.named.set(node, name);
      this.functions.push(`function ${name}(v) {\n${this.body(node, "v")}\n return true;\n}`);
    }
    return name;
  }

  /** Statements that `return false` unless `x` satisfies `node`. */
  body(node: Node, x: string): string {
    if (node.never) return "return false;";
    let out = "";
    const types = node.types;
    if (types !== ANY) out += `if (!(${typeTest(types, x)})) return false;\n`;
    if (node.enum) out += this.enumTest(node.enum, x);
    const only = (bits: number) => (types & ~bits) === 0;
    const guarded = (bits: number, test: string, code: string) => (code ? (only(bits) ? code : `if (${test}) {\n${code}}\n`) : "");
    out += guarded(STRING, `typeof ${x} === "string"`, this.string(node, x));
    out += guarded(NUMBER | INTEGER, `typeof ${x} === "number"`, this.number(node, x));
    out += guarded(ARRAY, `Array.isArray(${x})`, this.array(node, x));
    out += guarded(OBJECT, `typeof ${x} === "object" && ${x} !== null && !Array.isArray(${x})`, this.object(node, x));
    for (const branch of node.allOf ?? []) out += `{\n${this.body(branch, x)}}\n`;
    if (node.anyOf) out += `if (!(${node.anyOf.map((b) => `${this.fn(b)}(${x})`).join(" || ")})) return false;\n`;
    if (node.oneOf) {
      const n = this.id("n");
      out += `{ let ${n} = 0;\n${node.oneOf.map((b) => `if (${this.fn(b)}(${x}) && ++${n} > 1) return false;\n`).join("")}if (${n} !== 1) return false; }\n`;
    }
    if (node.not) out += `if (${this.fn(node.not)}(${x})) return false;\n`;
    if (node.ref) out += `if (!${this.refFn(node.ref.target!)}(${x})) return false;\n`;
    return out;
  }

  // A $ref call counts depth, so a hostile, deeply nested value is refused rather than overflowing the stack.
  private refFn(target: Node): string {
    const inner = this.fn(target);
    const name = `${inner}r`;
    if (!this.counted.has(name)) {
      this.counted.add(name);
      this.functions.push(`function ${name}(v) {\n if (D >= ${MAX_DEPTH}) return false;\n D++;\n const ok = ${inner}(v);\n D--;\n return ok;\n}`);
    }
    return name;
  }

  private enumTest(values: readonly unknown[], x: string): string {
    const primitive = values.every((v) => typeof v !== "object" || v === null);
    if (primitive && values.length <= 8) {
      return `if (${values.map((v) => `${x} !== ${jsLiteral(v)}`).join(" && ")}) return false;\n`;
    }
    if (primitive) return `if (!${this.external(new Set(values))}.has(${x})) return false;\n`;
    const list = this.external(values);
    return `if (!${list}.some((a) => R.jsonEqual(a, ${x}))) return false;\n`;
  }

  private string(node: Node, x: string): string {
    let out = "";
    if (node.minLength !== undefined) out += `if (!R.longEnough(${x}, ${node.minLength})) return false;\n`;
    if (node.maxLength !== undefined) out += `if (${x}.length > ${node.maxLength} && !R.shortEnough(${x}, ${node.maxLength})) return false;\n`;
    if (node.pattern) out += `if (!${this.external(node.pattern)}.test(${x})) return false;\n`;
    if (node.format) out += `if (!${this.external(node.format.check)}(${x})) return false;\n`;
    if (node.base64) out += `if (!R.isBase64(${x})) return false;\n`;
    return out;
  }

  private number(node: Node, x: string): string {
    let out = "";
    if (node.minimum !== undefined) out += `if (!(${x} >= ${node.minimum})) return false;\n`;
    if (node.maximum !== undefined) out += `if (!(${x} <= ${node.maximum})) return false;\n`;
    if (node.exclusiveMinimum !== undefined) out += `if (!(${x} > ${node.exclusiveMinimum})) return false;\n`;
    if (node.exclusiveMaximum !== undefined) out += `if (!(${x} < ${node.exclusiveMaximum})) return false;\n`;
    if (node.multipleOf !== undefined) out += `if (!R.isMultipleOf(${x}, ${node.multipleOf})) return false;\n`;
    return out;
  }

  private array(node: Node, x: string): string {
    let out = "";
    if (node.minItems !== undefined) out += `if (${x}.length < ${node.minItems}) return false;\n`;
    if (node.maxItems !== undefined) out += `if (${x}.length > ${node.maxItems}) return false;\n`;
    const prefix = node.prefixItems ?? [];
    prefix.forEach((item, i) => {
      const y = this.id("v");
      const body = this.body(item, y);
      if (body) out += `if (${x}.length > ${i}) {\n const ${y} = ${x}[${i}];\n${body}}\n`;
    });
    if (node.items) {
      const i = this.id("i"), y = this.id("v");
      const body = this.body(node.items, y);
      if (body) out += `for (let ${i} = ${prefix.length}; ${i} < ${x}.length; ${i}++) {\n const ${y} = ${x}[${i}];\n${body}}\n`;
    }
    if (node.uniqueItems) out += `if (R.hasDuplicates(${x})) return false;\n`;
    if (node.contains) {
      const c = this.id("c"), i = this.id("i"), f = this.fn(node.contains);
      const max = node.maxContains === undefined ? "" : ` || ${c} > ${node.maxContains}`;
      out += `{ let ${c} = 0;\nfor (let ${i} = 0; ${i} < ${x}.length; ${i}++) if (${f}(${x}[${i}])) ${c}++;\nif (${c} < ${node.minContains ?? 1}${max}) return false; }\n`;
    }
    return out;
  }

  private object(node: Node, x: string): string {
    let out = "";
    for (const prop of node.properties ?? []) {
      const y = this.id("v");
      const key = JSON.stringify(prop.key);
      const read = isPrototypeKey(prop.key) ? `R.ownValue(${x}, ${key})` : `${x}[${key}]`;
      const body = this.body(prop.node, y);
      if (!body && !prop.required) continue;
      out += `const ${y} = ${read};\n`;
      out += prop.required ? `if (${y} === undefined) return false;\n${body}` : body ? `if (${y} !== undefined) {\n${body}}\n` : "";
    }
    for (const key of node.requiredOnly ?? []) {
      const k = JSON.stringify(key);
      out += isPrototypeKey(key) ? `if (!R.hasOwn(${x}, ${k})) return false;\n` : `if (${x}[${k}] === undefined) return false;\n`;
    }
    return out + this.keys(node, x);
  }

  private keys(node: Node, x: string): string {
    const { additionalProperties: additional, patternProperties = [], propertyNames, minProperties, maxProperties } = node;
    if (!additional && !patternProperties.length && !propertyNames && minProperties === undefined && maxProperties === undefined) return "";
    const k = this.id("k"), count = this.id("n"), y = this.id("v");
    let loop = `${count}++;\n`;
    if (propertyNames) loop += `if (!${this.fn(propertyNames)}(${k})) return false;\n`;
    const declared = node.properties?.map((p) => p.key) ?? [];
    const matched = this.id("m");
    if (patternProperties.length) {
      loop += `let ${matched} = ${declared.length ? declaredTest(declared, k) : "false"};\n`;
      for (const p of patternProperties) {
        loop += `if (${this.external(p.pattern)}.test(${k})) { ${matched} = true; if (!${this.fn(p.node)}(${x}[${k}])) return false; }\n`;
      }
      if (additional) loop += `if (${matched}) continue;\n`;
    } else if (additional && declared.length) loop += `if (${declaredTest(declared, k)}) continue;\n`;
    if (additional) {
      const body = additional.never ? "return false;\n" : this.body(additional, y);
      if (body) loop += `const ${y} = ${x}[${k}];\n${body}`;
    }
    let out = `let ${count} = 0;\nfor (const ${k} in ${x}) {\n${loop}}\n`;
    if (minProperties !== undefined) out += `if (${count} < ${minProperties}) return false;\n`;
    if (maxProperties !== undefined) out += `if (${count} > ${maxProperties}) return false;\n`;
    return out;
  }
}

function declaredTest(keys: readonly string[], k: string): string {
  return keys.map((key) => `${k} === ${JSON.stringify(key)}`).join(" || ");
}

function jsLiteral(value: unknown): string {
  return typeof value === "number" && Object.is(value, -0) ? "0" : JSON.stringify(value);
}

/** A JavaScript expression testing `x` against `type` bits. */
function typeTest(bits: number, x: string): string {
  switch (bits) {
    case STRING:
      return `typeof ${x} === "string"`;
    case NUMBER:
    case NUMBER | INTEGER:
      return `typeof ${x} === "number" && Number.isFinite(${x})`;
    case INTEGER:
      return `Number.isInteger(${x})`;
    case BOOLEAN:
      return `typeof ${x} === "boolean"`;
    case NULL:
      return `${x} === null`;
    case ARRAY:
      return `Array.isArray(${x})`;
    case OBJECT:
      return `typeof ${x} === "object" && ${x} !== null && !Array.isArray(${x})`;
    default:
      return `(R.typeBits(${x}) & ${bits}) !== 0`;
  }
}
