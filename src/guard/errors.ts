import { hasDuplicates, jsonEqual } from "./equal.js";
import { isBase64 } from "./formats.js";
import { ANY, ARRAY, BOOLEAN, INTEGER, NULL, NUMBER, OBJECT, STRING, isPrototypeKey, type Node } from "./ir.js";
import { issue, pointerSegment, preview, typeName, type Issue } from "./issue.js";
import type { Check, DepthState } from "./interpret.js";
import { MAX_DEPTH, codePoints, isMultipleOf, isObject, ownValue, typeBits } from "./values.js";

/**
 * Lists every issue of a value against a node. Built on the interpreted checks (for union branches),
 * so a guard's verdict and its errors always agree.
 */
export function collectErrors(root: Node, value: unknown, checkOf: (node: Node) => Check, state: DepthState): Issue[] {
  const out: Issue[] = [];
  state.depth = 0;
  try {
    new Collector(checkOf, state, out).node(root, value, "");
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    out.push(issue("too_deep", "", String(MAX_DEPTH)));
  }
  return out;
}

class Collector {
  constructor(
    private readonly checkOf: (node: Node) => Check,
    private readonly state: DepthState,
    private readonly out: Issue[],
  ) {}

  node(node: Node, v: unknown, path: string): void {
    if (node.never) return void this.out.push(issue("never", path));
    if (node.types !== ANY && (typeBits(v) & node.types) === 0) {
      return void this.out.push(issue("type", path, describeTypes(node.types), typeName(v)));
    }
    if (node.enum && !node.enum.some((allowed) => jsonEqual(allowed, v))) {
      const expected = node.isConst ? preview(node.enum[0]) : describeEnum(node.enum);
      this.out.push(issue(node.isConst ? "const" : "enum", path, expected, preview(v)));
    }
    if (typeof v === "string") this.string(node, v, path);
    else if (typeof v === "number") this.number(node, v, path);
    else if (Array.isArray(v)) this.array(node, v, path);
    else if (isObject(v)) this.object(node, v, path);
    this.combinators(node, v, path);
  }

  private string(node: Node, s: string, path: string): void {
    const { minLength, maxLength, pattern, format } = node;
    if (minLength !== undefined || maxLength !== undefined) {
      const n = codePoints(s);
      if (minLength !== undefined && n < minLength) this.out.push(issue("min_length", path, String(minLength), String(n)));
      if (maxLength !== undefined && n > maxLength) this.out.push(issue("max_length", path, String(maxLength), String(n)));
    }
    if (pattern && !pattern.test(s)) this.out.push(issue("pattern", path, pattern.source, preview(s)));
    if (format && !format.check(s)) this.out.push(issue("format", path, format.name, preview(s)));
    if (node.base64 && !isBase64(s)) this.out.push(issue("content_encoding", path, "base64", preview(s)));
  }

  private number(node: Node, n: number, path: string): void {
    const { minimum, maximum, exclusiveMinimum: xmin, exclusiveMaximum: xmax, multipleOf } = node;
    if (minimum !== undefined && !(n >= minimum)) this.out.push(issue("minimum", path, String(minimum), String(n)));
    if (maximum !== undefined && !(n <= maximum)) this.out.push(issue("maximum", path, String(maximum), String(n)));
    if (xmin !== undefined && !(n > xmin)) this.out.push(issue("exclusive_minimum", path, String(xmin), String(n)));
    if (xmax !== undefined && !(n < xmax)) this.out.push(issue("exclusive_maximum", path, String(xmax), String(n)));
    if (multipleOf !== undefined && !isMultipleOf(n, multipleOf)) this.out.push(issue("multiple_of", path, String(multipleOf), String(n)));
  }

  private array(node: Node, a: unknown[], path: string): void {
    const { minItems, maxItems, prefixItems = [], items, contains } = node;
    if (minItems !== undefined && a.length < minItems) this.out.push(issue("min_items", path, String(minItems), String(a.length)));
    if (maxItems !== undefined && a.length > maxItems) this.out.push(issue("max_items", path, String(maxItems), String(a.length)));
    for (let i = 0; i < a.length; i++) {
      const itemNode = i < prefixItems.length ? prefixItems[i] : items;
      if (itemNode) this.node(itemNode, a[i], `${path}/${i}`);
    }
    if (node.uniqueItems && hasDuplicates(a)) this.out.push(issue("unique_items", path, undefined, "some items are equal"));
    if (contains) {
      const check = this.checkOf(contains);
      let count = 0;
      for (const item of a) if (check(item)) count++;
      const least = node.minContains ?? 1;
      if (count < least || (node.maxContains !== undefined && count > node.maxContains)) {
        const range = node.maxContains === undefined ? `at least ${least}` : `${least} to ${node.maxContains}`;
        this.out.push(issue("contains", path, `${range} ${describe(contains)}`, String(count)));
      }
    }
  }

  private object(node: Node, o: Record<string, unknown>, path: string): void {
    for (const prop of node.properties ?? []) {
      const value = isPrototypeKey(prop.key) ? ownValue(o, prop.key) : o[prop.key];
      const at = `${path}/${pointerSegment(prop.key)}`;
      if (value === undefined) {
        if (prop.required) this.out.push(issue("required", at, describe(prop.node)));
      } else this.node(prop.node, value, at);
    }
    for (const key of node.requiredOnly ?? []) {
      if ((isPrototypeKey(key) ? ownValue(o, key) : o[key]) === undefined) this.out.push(issue("required", `${path}/${pointerSegment(key)}`, "any value"));
    }
    const { additionalProperties: additional, patternProperties = [], propertyNames, minProperties, maxProperties } = node;
    if (!additional && !patternProperties.length && !propertyNames && minProperties === undefined && maxProperties === undefined) return;
    const declared = new Set(node.properties?.map((p) => p.key));
    let count = 0;
    for (const key in o) {
      count++;
      const at = `${path}/${pointerSegment(key)}`;
      if (propertyNames && !this.checkOf(propertyNames)(key)) this.out.push(issue("property_name", at, describe(propertyNames), preview(key)));
      let matched = declared.has(key);
      for (const p of patternProperties) {
        if (p.pattern.test(key)) {
          matched = true;
          this.node(p.node, o[key], at);
        }
      }
      if (matched || !additional) continue;
      if (additional.never) {
        const allowed = node.properties?.length ? `allowed properties are ${node.properties.map((p) => p.key).join(", ")}` : "no properties are allowed";
        this.out.push(issue("additional_property", at, allowed, preview(key)));
      } else this.node(additional, o[key], at);
    }
    if (minProperties !== undefined && count < minProperties) this.out.push(issue("min_properties", path, String(minProperties), String(count)));
    if (maxProperties !== undefined && count > maxProperties) this.out.push(issue("max_properties", path, String(maxProperties), String(count)));
  }

  private combinators(node: Node, v: unknown, path: string): void {
    for (const branch of node.allOf ?? []) this.node(branch, v, path);
    if (node.anyOf && !node.anyOf.some((b) => this.checkOf(b)(v))) this.noBranch(node.anyOf, v, path);
    if (node.oneOf) {
      const matched = node.oneOf.filter((b) => this.checkOf(b)(v)).length;
      if (matched === 0) this.noBranch(node.oneOf, v, path);
      else if (matched > 1) this.out.push(issue("one_of", path, node.oneOf.map(describe).join(" | "), `${matched} branches`));
    }
    if (node.not && this.checkOf(node.not)(v)) this.out.push(issue("not", path, describe(node.not)));
    if (node.ref) {
      if (this.state.depth >= MAX_DEPTH) return void this.out.push(issue("too_deep", path, String(MAX_DEPTH)));
      this.state.depth++;
      this.node(node.ref.target!, v, path);
      this.state.depth--;
    }
  }

  // No branch matched. When exactly one branch takes this JSON type, its own issues say more than "no match".
  private noBranch(branches: readonly Node[], v: unknown, path: string): void {
    const bits = typeBits(v);
    const candidates = branches.filter((b) => (typesOf(b) & bits) !== 0);
    if (candidates.length === 1) return this.node(candidates[0]!, v, path);
    this.out.push(issue("union", path, branches.map(describe).join(" | "), typeName(v)));
  }
}

function typesOf(node: Node, seen = 0): number {
  if (node.ref?.target && seen < 8) return node.types & typesOf(node.ref.target, seen + 1);
  const branches = node.anyOf ?? node.oneOf;
  if (branches && seen < 8) return node.types & branches.reduce((bits, b) => bits | typesOf(b, seen + 1), 0);
  return node.types;
}

const TYPE_NAMES: [number, string][] = [[NULL, "null"], [BOOLEAN, "boolean"], [NUMBER, "number"], [INTEGER, "integer"], [STRING, "string"], [ARRAY, "array"], [OBJECT, "object"]];

// `expected` texts depend only on the schema, so each is written once: by type bits, and per enum list.
const typeTexts = new Map<number, string>();
const enumTexts = new WeakMap<readonly unknown[], string>();

function describeTypes(bits: number): string {
  let text = typeTexts.get(bits);
  if (text === undefined) typeTexts.set(bits, (text = writeTypes(bits)));
  return text;
}

function writeTypes(bits: number): string {
  if (bits === ANY) return "any value";
  return TYPE_NAMES.filter(([bit, name]) => (bits & bit) !== 0 && !(name === "integer" && bits & NUMBER)).map(([, name]) => name).join(" | ");
}

function describeEnum(values: readonly unknown[]): string {
  let text = enumTexts.get(values);
  if (text === undefined) enumTexts.set(values, (text = writeEnum(values)));
  return text;
}

function writeEnum(values: readonly unknown[]): string {
  const shown = values.slice(0, 8).map((v) => preview(v, 24));
  return (values.length > 8 ? [...shown, `… (${values.length} values)`] : shown).join(" | ");
}

const nodeTexts = new WeakMap<Node, string>();

/** A short TypeScript-like description of what a node accepts, for `expected` (written once per node). */
export function describe(node: Node): string {
  let text = nodeTexts.get(node);
  if (text === undefined) nodeTexts.set(node, (text = writeNode(node, 0)));
  return text;
}

function writeNode(node: Node, depth: number): string {
  if (node.never) return "nothing";
  if (node.enum) return describeEnum(node.enum);
  if (node.ref?.target && depth < 3) return writeNode(node.ref.target, depth + 1);
  const branches = node.anyOf ?? node.oneOf;
  if (branches && node.types === ANY && depth < 3) return branches.map((b) => writeNode(b, depth + 1)).join(" | ");
  const base = describeTypes(node.types);
  return node.format ? `${base} (${node.format.name})` : node.base64 ? `${base} (base64)` : base;
}
