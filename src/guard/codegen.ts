import { hasDuplicates, jsonEqual } from "./equal.js";
import { NUMBER_SOURCES, STRING_SOURCES, type WithSource } from "./keywords/sources.js";
import type { SourceWriter } from "./keywords/keyword.js";
import { ANY, ARRAY, BOOLEAN, INTEGER, NULL, NUMBER, OBJECT, STRING, isPrototypeKey, type Node } from "./ir.js";
import { issueMessage } from "./issue.js";
import { pointerSegment } from "../util/pointer.js";
import { preview, typeName } from "../util/text.js";
import { Verdicts } from "./revisit.js";
import { recursionOf, type Recursion } from "./recursion.js";
import { ownValue, tooDeep, typeBits } from "./values.js";
import { testedBy, unevaluatedItemsOk, unevaluatedPropertiesOk } from "./evaluated.js";

/** Helpers generated code may call, each passed in (and declared) only when the code uses it. */
const RUNTIME = {
  hasDuplicates, jsonEqual, ownValue, typeBits, hasOwn: Object.hasOwn, issueMessage, pointerSegment, preview, typeName, tooDeep,
  unevaluatedItemsOk, unevaluatedPropertiesOk,
};
type Helper = keyof typeof RUNTIME;

/** Enums up to this size are written as comparisons; larger ones are a Set. */
const INLINE_ENUM = 8;

/** The source of a generated guard and the values it closes over. */
export interface Generated {
  readonly source: string;
  readonly externals: readonly unknown[];
}

/**
 * Writes a node as the body of a specialised JavaScript function: one pass, no closures, no
 * allocation on the valid path. Every sub-schema reached by `$ref` or tested as a union branch
 * becomes its own named function; everything else is inlined. One statement a line, no indentation:
 * the source is parsed on every `compile`, so it is kept short.
 */
export function generate(root: Node, recursion: Recursion = recursionOf(root)): Generated {
  const gen = new Generator(recursion);
  const body = gen.body(root, "v");
  let source = `"use strict";\n${gen.declarations}`;
  const guarded = `try {\n${body}return true;\n} catch (e) {\nif (e instanceof RangeError) return false;\nthrow e;\n}`;
  if (!gen.counted.size) source += `${gen.functions}return function guard(v) {\n${guarded}\n};`;
  else {
    // `D` counts `$ref` levels; with remembered verdicts, `C` is the call's number (`N` counts calls).
    // The caller's are put back after: a getter in the value may call this guard again.
    const calls = recursion.revisits();
    source += calls ? "let D = 0, C = 0, N = 0;\n" : "let D = 0;\n";
    source += `${gen.functions}return function guard(v) {\n`;
    source += calls ? "const d = D, c = C;\nD = 0;\nC = ++N * 4;\n" : "const d = D;\nD = 0;\n";
    source += `${guarded} finally {\n${calls ? "D = d;\nC = c;\n" : "D = d;\n"}}\n};`;
  }
  return { source, externals: gen.externals };
}

/** Writes guard source; its helpers (externals, runtime helpers, type and enum tests) serve `generateReport` too. */
export class Generator implements SourceWriter {
  functions = "";
  declarations = "";
  /** The `$ref` functions written, which count depth. */
  readonly counted = new Set<string>();
  readonly externals: unknown[] = [];
  private readonly named = new Map<Node, string>();
  private readonly used = new Set<string>();
  private readonly sets: [readonly unknown[], string][] = [];
  private counter = 0;

  /** What `$ref` functions need of the whole schema; the reporter, which writes none, has none. */
  constructor(private readonly recursion?: Recursion) {}

  id(prefix: string): string {
    return `${prefix}${this.counter++}`;
  }

  /** Declares a value the code closes over (`const eN = E[i]`) and returns its name. */
  external(value: unknown, name = this.id("e")): string {
    this.declarations += `const ${name} = E[${this.externals.length}];\n`;
    this.externals.push(value);
    return name;
  }

  /** The name of a runtime helper, declared on first use. */
  helper(name: Helper): string {
    return this.use(name, RUNTIME[name]);
  }

  /** The name of a function `(v) => boolean` for a node, written once. */
  fn(node: Node): string {
    let name = this.named.get(node);
    if (!name) {
      name = this.id("f");
      this.named.set(node, name);
      const body = this.body(node, "v");
      this.functions += `function ${name}(v) {\n${body}return true;\n}\n`;
    }
    return name;
  }

  /** Statements that `return false` unless `x` satisfies `node`. */
  body(node: Node, x: string): string {
    if (node.never) return "return false;\n";
    const types = node.types;
    let out = "";
    // A few enum values, compared one by one, make the type test redundant when each has an allowed type.
    const values = node.enum;
    const enumAlone = values !== undefined && values.length <= INLINE_ENUM && values.every((v) => (typeBits(v) & types) !== 0);
    if (types !== ANY && !enumAlone) out += failUnless(this.typeTest(types, x));
    if (values) out += failIf(this.enumFails(values, x));
    // Keywords of a type the node does not allow never apply: their group is skipped.
    if (types & STRING) out += this.onlyFor(types, STRING, x, this.values(node, x, STRING_SOURCES));
    if (types & (NUMBER | INTEGER)) out += this.onlyFor(types, NUMBER | INTEGER, x, this.values(node, x, NUMBER_SOURCES));
    if (types & ARRAY) out += this.onlyFor(types, ARRAY, x, this.array(node, x));
    if (types & OBJECT) out += this.onlyFor(types, OBJECT, x, this.object(node, x));
    for (const branch of node.allOf ?? []) out += this.body(branch, x);
    if (node.anyOf) out += failUnless(node.anyOf.map((b) => `${this.fn(b)}(${x})`).join(" || "));
    if (node.oneOf) {
      const n = this.id("n");
      out += `let ${n} = 0;\n${node.oneOf.map((b) => failIf(`${this.fn(b)}(${x}) && ++${n} > 1`)).join("")}${failIf(`${n} !== 1`)}`;
    }
    if (node.not) out += failIf(`${this.fn(node.not)}(${x})`);
    if (node.if && (node.then || node.else)) {
      const branch = (part: Node | undefined) => (part ? `!${this.fn(part)}(${x})` : "false");
      out += failIf(`${this.fn(node.if)}(${x}) ? ${branch(node.then)} : ${branch(node.else)}`);
    }
    if (node.ref) out += failIf(`!${this.refFn(node.ref.target!)}(${x})`);
    // Last, as in the interpreter: they count what the keywords above evaluated (./evaluated.ts).
    if (node.unevaluatedItems) out += this.onlyFor(types, ARRAY, x, failUnless(`${this.helper("unevaluatedItemsOk")}(${this.external(node)}, ${x}, ${this.tester(node)})`));
    if (node.unevaluatedProperties) out += this.onlyFor(types, OBJECT, x, failUnless(`${this.helper("unevaluatedPropertiesOk")}(${this.external(node)}, ${x}, ${this.tester(node)})`));
    return out;
  }

  /**
   * A function `(node, value) => boolean` answering with this code's own functions, for the nodes the
   * annotation walk of `unevaluated*` may test (./evaluated.ts), and for the unevaluated schemas themselves.
   */
  private tester(node: Node): string {
    const nodes = testedBy(node);
    for (const rest of [node.unevaluatedItems, node.unevaluatedProperties]) if (rest) nodes.push(rest);
    const entries = nodes.map((n) => `[${this.external(n)}, ${this.fn(n)}]`);
    const map = this.id("t");
    this.declarations += `const ${map} = new Map([${entries.join(", ")}]);\nconst ${map}f = (n, v) => ${map}.get(n)(v);\n`;
    return `${map}f`;
  }

  // A $ref call counts depth: a hostile, deeply nested value is refused as a whole rather than overflowing the
  // stack. Where the schema may check one value twice, each target keeps its verdicts per object (`Verdicts`).
  private refFn(target: Node): string {
    const inner = this.fn(target);
    const name = `${inner}r`;
    if (!this.counted.has(name)) {
      this.counted.add(name);
      const { refs, levels } = this.recursion!.limit();
      const call = `if (D >= ${refs}) ${this.helper("tooDeep")}(${levels});\nD++;\nconst ok = ${inner}(v);\nD--;\n`;
      if (!this.recursion!.revisits()) this.functions += `function ${name}(v) {\n${call}return ok;\n}\n`;
      else {
        const m = this.external(new Verdicts());
        this.functions +=
          `function ${name}(v) {\nconst o = typeof v === "object" && v !== null;\n` +
          `if (o) {\nconst k = ${m}.get(v, C, false);\nif (k !== -1) return k === 1;\n}\n${call}if (o) ${m}.set(v, C, ok, false);\nreturn ok;\n}\n`;
      }
    }
    return name;
  }

  /** `code` as it stands when `bits` are the only types the node allows, else behind a test for them. */
  onlyFor(types: number, bits: number, x: string, code: string): string {
    if (!code || (types & ~bits) === 0) return code;
    // typeof rather than Number.isFinite: NaN and Infinity meet numeric keywords too, as in the interpreter.
    return `if (${bits & NUMBER ? `typeof ${x} === "number"` : this.typeTest(bits, x)}) {\n${code}}\n`;
  }

  /** A JavaScript expression testing `x` against `type` bits. */
  typeTest(bits: number, x: string): string {
    switch (bits) {
      case STRING:
        return `typeof ${x} === "string"`;
      case NUMBER:
      case NUMBER | INTEGER:
        return `Number.isFinite(${x})`;
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
        return `(${this.helper("typeBits")}(${x}) & ${bits}) !== 0`;
    }
  }

  /** A Set of enum values, one per distinct list (a schema often repeats a list: from/to, item and field). */
  private setOf(values: readonly unknown[]): string {
    for (const [list, name] of this.sets) {
      if (list.length === values.length && list.every((v, i) => v === values[i])) return name;
    }
    const name = this.external(new Set(values));
    this.sets.push([values, name]);
    return name;
  }

  /** An expression true when `x` is none of the enum's values. */
  enumFails(values: readonly unknown[], x: string): string {
    if (!values.length) return "true";
    const primitive = values.every((v) => typeof v !== "object" || v === null);
    if (primitive && values.length <= INLINE_ENUM) {
      return values.map((v) => `${x} !== ${JSON.stringify(v)}`).join(" && "); // -0 is written 0
    }
    if (primitive) return `!${this.setOf(values)}.has(${x})`;
    return `!${this.external(values)}.some((a) => ${this.helper("jsonEqual")}(a, ${x}))`;
  }

  /** Statements refusing `x` unless it meets each of the node's value keywords of one JSON type. */
  private values(node: Node, x: string, keywords: readonly WithSource[]): string {
    let out = "";
    for (const [k, source] of keywords) {
      const limit = node[k.key] as never;
      if (limit !== undefined) out += failUnless(source.holds(x, limit, this));
    }
    return out;
  }

  /** Declares a named value the code closes over, once per name (`SourceWriter`). */
  use(name: string, value: unknown): string {
    if (!this.used.has(name)) {
      this.used.add(name);
      this.external(value, name);
    }
    return name;
  }

  private array(node: Node, x: string): string {
    const { minItems = 0, maxItems, prefixItems = [] } = node;
    let out = "";
    if (minItems === maxItems) out += failIf(`${x}.length !== ${minItems}`);
    else {
      if (minItems > 0) out += failIf(`${x}.length < ${minItems}`);
      if (maxItems !== undefined) out += failIf(`${x}.length > ${maxItems}`);
    }
    prefixItems.forEach((item, i) => {
      const y = this.id("v");
      const body = this.body(item, y);
      const load = `const ${y} = ${x}[${i}];\n${body}`;
      // Below minItems the item is known to be there.
      if (body) out += i < minItems ? load : `if (${x}.length > ${i}) {\n${load}}\n`;
    });
    if (node.items) {
      const i = this.id("i"), y = this.id("v");
      const body = this.body(node.items, y);
      if (body) out += `for (let ${i} = ${prefixItems.length}; ${i} < ${x}.length; ${i}++) {\nconst ${y} = ${x}[${i}];\n${body}}\n`;
    }
    if (node.uniqueItems) out += failIf(`${this.helper("hasDuplicates")}(${x})`);
    if (node.contains) {
      const c = this.id("c"), i = this.id("i"), f = this.fn(node.contains);
      const max = node.maxContains === undefined ? "" : ` || ${c} > ${node.maxContains}`;
      out += `let ${c} = 0;\nfor (let ${i} = 0; ${i} < ${x}.length; ${i}++) if (${f}(${x}[${i}])) ${c}++;\n${failIf(`${c} < ${node.minContains ?? 1}${max}`)}`;
    }
    return out;
  }

  private object(node: Node, x: string): string {
    let out = "";
    for (const prop of node.properties ?? []) {
      const y = this.id("v");
      const read = isPrototypeKey(prop.key) ? `${this.helper("ownValue")}(${x}, ${JSON.stringify(prop.key)})` : member(x, prop.key);
      const body = this.body(prop.node, y);
      const load = `const ${y} = ${read};\n`;
      // A required property's type test refuses undefined by itself.
      if (prop.required) out += load + (prop.node.types === ANY && !prop.node.never ? failIf(`${y} === undefined`) : "") + body;
      else if (body) out += `${load}if (${y} !== undefined) {\n${body}}\n`;
    }
    const missing = (key: string) => (isPrototypeKey(key) ? `!${this.helper("hasOwn")}(${x}, ${JSON.stringify(key)})` : `${member(x, key)} === undefined`);
    for (const key of node.requiredOnly ?? []) out += failIf(missing(key));
    for (const { key, required } of node.dependentRequired ?? []) {
      if (required.length) out += failIf(`!(${missing(key)}) && (${required.map(missing).join(" || ")})`);
    }
    for (const { key, node: schema } of node.dependentSchemas ?? []) out += failIf(`!(${missing(key)}) && !${this.fn(schema)}(${x})`);
    return out + this.keys(node, x);
  }

  private keys(node: Node, x: string): string {
    const { additionalProperties: additional, patternProperties = [], propertyNames, minProperties, maxProperties } = node;
    if (!additional && !patternProperties.length && !propertyNames && minProperties === undefined && maxProperties === undefined) return "";
    const k = this.id("k"), count = this.id("n");
    let loop = `${count}++;\n`;
    if (propertyNames) loop += failIf(`!${this.fn(propertyNames)}(${k})`);
    const declared = node.properties?.map((p) => p.key) ?? [];
    if (patternProperties.length) {
      const matched = this.id("m");
      loop += `let ${matched} = ${declared.length ? declaredTest(declared, k) : "false"};\n`;
      for (const p of patternProperties) {
        loop += `if (${this.external(p.pattern)}.test(${k})) {\n${matched} = true;\n${failIf(`!${this.fn(p.node)}(${x}[${k}])`)}}\n`;
      }
      if (additional) loop += `if (${matched}) continue;\n`;
    } else if (additional && declared.length) loop += `if (${declaredTest(declared, k)}) continue;\n`;
    if (additional) {
      const y = this.id("v");
      const body = this.body(additional, y);
      if (body) loop += additional.never ? body : `const ${y} = ${x}[${k}];\n${body}`;
    }
    let out = `let ${count} = 0;\nfor (const ${k} in ${x}) {\n${loop}}\n`;
    if (minProperties !== undefined) out += failIf(`${count} < ${minProperties}`);
    if (maxProperties !== undefined) out += failIf(`${count} > ${maxProperties}`);
    return out;
  }
}

/** A statement refusing the value when `condition` holds. */
function failIf(condition: string): string {
  return `if (${condition}) return false;\n`;
}

/** A statement refusing the value unless `test` holds. */
function failUnless(test: string): string {
  return failIf(`!(${test})`);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `x.key`, or `x["key"]` when the key is not an identifier. */
export function member(x: string, key: string): string {
  return IDENTIFIER.test(key) ? `${x}.${key}` : `${x}[${JSON.stringify(key)}]`;
}

function declaredTest(keys: readonly string[], k: string): string {
  return keys.map((key) => `${k} === ${JSON.stringify(key)}`).join(" || ");
}

