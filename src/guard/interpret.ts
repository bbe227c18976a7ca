import { alternatives, describe, describeEnum, describeShape, describeTypes, typesOf } from "./describe.js";
import { hasDuplicates, jsonEqual } from "./equal.js";
import { isBase64 } from "./format-checks.js";
import { ANY, ARRAY, BOOLEAN, INTEGER, NULL, NUMBER, OBJECT, STRING, isPrototypeKey, type Node } from "./ir.js";
import { issue, type Issue, type IssueCode } from "./issue.js";
import { pointerSegment } from "../util/pointer.js";
import { preview, typeName } from "../util/text.js";
import { Verdicts } from "./revisit.js";
import { MAX_DEPTH, codePoints, isMultipleOf, isObject, longEnough, ownValue, shortEnough, tooDeep, typeBits } from "./values.js";

/**
 * A check built for one node. Called with a value alone it answers and stops at the first problem.
 * Called with an issue list (`report`) and the value's JSON Pointer (`path`), it also lists every issue
 * it finds and keeps going. One closure serves both, so a verdict and its errors cannot disagree.
 */
export type Check = (value: unknown, report?: Issue[], path?: string) => boolean;

/** What a guard's `$ref` checks share within one call. */
export interface CallState {
  /** `$ref` levels entered so far. */
  depth: number;
  /** The call's own number, a multiple of 4 (see `Verdicts`). */
  call: number;
  /** The call lists issues, so it re-checks values: `$ref` targets keep their verdicts whatever `mayRevisit` says. */
  reporting: boolean;
}

/** Builds a node's check (once per node), and keeps this guard's memos of what nodes are as direct parts. */
interface Build {
  (node: Node): Check;
  readonly leaves: Map<Node, Leaf | null>;
  readonly lists: Map<Node, Elements | null>;
  readonly shapes: Map<Node, Shape | null>;
}

const always: Check = () => true;

/** Lists an issue when reporting. Always false, so a failed check can end with `|| (report && miss(...))`. */
function miss(report: Issue[], code: IssueCode, path: string | undefined, expected?: string, received?: string): false {
  report.push(issue(code, path!, expected, received));
  return false;
}

/**
 * Makes the builder of interpreted checks for one guard: a tree of closures made once per schema (and
 * once per node, so a node reached twice shares its check), so checking a value walks no keyword lists.
 * It needs no `eval`, so it runs under any Content Security Policy. `remember()` says whether plain
 * calls keep `$ref` verdicts (see `mayRevisit`); it is asked when the first `$ref` is built.
 *
 * @example
 * const build = interpreter({ depth: 0, call: 0, reporting: false });
 * const check = build(readSchema({ type: "string", minLength: 2 }));
 * check("ab");              // true
 * const issues: Issue[] = [];
 * check("a", issues, "");   // false; issues: [{ code: "min_length", path: "", ... }]
 */
export function interpreter(state: CallState, remember: () => boolean = () => false): (node: Node) => Check {
  const built = new Map<Node, Check>();
  const verdicts = new Map<Node, Verdicts>();
  const verdictsOf = (target: Node) => {
    let kept = verdicts.get(target);
    if (!kept) verdicts.set(target, (kept = new Verdicts()));
    return kept;
  };
  const refs: RefChecks = { state, remember, verdictsOf };
  // Plain Maps, made per guard: module-wide WeakMaps keyed by every guard's nodes made the collector
  // work through their entries (a third of an interpreter compile's time went to it).
  const build: Build = Object.assign(
    (node: Node) => {
      let check = built.get(node);
      if (!check) {
        // Reserve the slot first: a `$ref` cycle reaches this node again before it is finished.
        let inner: Check = always;
        built.set(node, (v, r, p) => inner(v, r, p));
        inner = buildNode(node, build, refs);
        built.set(node, (check = inner));
      }
      return check;
    },
    { leaves: new Map(), lists: new Map(), shapes: new Map() },
  );
  return build;
}

/** What `$ref` checks need: the call's state, whether plain calls keep verdicts, and each target's. */
interface RefChecks {
  readonly state: CallState;
  readonly remember: () => boolean;
  readonly verdictsOf: (target: Node) => Verdicts;
}

function buildNode(node: Node, build: Build, refs: RefChecks): Check {
  if (node.never) return (_v, r, p) => r !== undefined && miss(r, "never", p);
  const types = node.types;
  const parts: Check[] = [];
  if (node.enum) parts.push(enumCheck(node));
  // A check for one JSON type runs as it is when the node allows only that type, else behind a type test.
  const add = (bits: number, is: (v: unknown) => boolean, check: Check | undefined) => {
    if (check) parts.push((types & ~bits) === 0 ? check : (v, r, p) => !is(v) || check(v, r, p));
  };
  add(STRING, (v) => typeof v === "string", stringCheck(node));
  add(NUMBER | INTEGER, (v) => typeof v === "number", numberCheck(node));
  add(ARRAY, Array.isArray, arrayCheck(node, build));
  add(OBJECT, isObject, objectCheck(node, build));
  if (node.allOf) parts.push(...node.allOf.map(build));
  if (node.anyOf) parts.push(unionCheck(node.anyOf, build, false));
  if (node.oneOf) parts.push(unionCheck(node.oneOf, build, true));
  if (node.not) {
    const not = build(node.not);
    const target = node.not;
    parts.push((v, r, p) => !not(v) || (r !== undefined && miss(r, "not", p, describe(target))));
  }
  if (node.ref) parts.push(refCheck(node.ref.target!, build, refs));

  const body = all(parts);
  // A list, a tuple or an object with properties and nothing more: the type test and the rest in one call.
  const elements = arrayOnly(node, build);
  if (elements !== null) {
    const full = typed(types, body);
    return (v, r, p) => (r === undefined ? Array.isArray(v) && elementsOk(v, elements) : full(v, r, p));
  }
  const shape = objectOnly(node, build);
  if (shape !== null) {
    const full = typed(types, body);
    return (v, r, p) => (r === undefined ? isObject(v) && propertiesOk(v, shape) : full(v, r, p));
  }
  if (types === ANY) return body;
  return typed(types, body);
}

/** `body` behind the node's type test; a value of another type is reported as such. */
function typed(types: number, body: Check): Check {
  const expected = describeTypes(types);
  const wrongType: Check = (v, r, p) => r !== undefined && miss(r, "type", p, expected, typeName(v));
  return body === always ? (v, r, p) => hasType(v, types) || wrongType(v, r, p) : (v, r, p) => (hasType(v, types) ? body(v, r, p) : wrongType(v, r, p));
}

/** All parts must pass: the first failure ends a plain check; a reporting one runs every part. */
function all(parts: Check[]): Check {
  switch (parts.length) {
    case 0:
      return always;
    case 1:
      return parts[0]!;
    case 2: {
      const [a, b] = parts as [Check, Check];
      return (v, r, p) => (a(v, r, p) ? b(v, r, p) : r !== undefined && (b(v, r, p), false));
    }
    default:
      return (v, r, p) => {
        let ok = true;
        for (let i = 0; i < parts.length; i++) {
          if (!parts[i]!(v, r, p)) {
            if (r === undefined) return false;
            ok = false;
          }
        }
        return ok;
      };
  }
}

/**
 * What a simple node asks, as data: its types, a set of primitive values, numeric bounds. Every leaf has
 * the same shape and one function tests them all, so the loops over properties and items make a call
 * the engine can inline, where calling each node's own closure would go megamorphic.
 */
interface Leaf {
  /** Which test decides: one of the `LEAF_*` kinds. */
  readonly kind: number;
  readonly bits: number;
  readonly values: ReadonlySet<unknown> | null;
  readonly min: number;
  readonly max: number;
  readonly exclusiveMin: number;
  readonly exclusiveMax: number;
}

// A leaf of one type and nothing else, of numbers with bounds, or of values (each of an allowed type) is
// tested by one case; any other leaf by the general test. The bounds default to ±Infinity, and an
// exclusive one of ±Infinity refuses NaN and the infinities, as `Number.isFinite` would.
const LEAF_STRING = 0, LEAF_NUMBER = 1, LEAF_INTEGER = 2, LEAF_BOOLEAN = 3, LEAF_VALUES = 4, LEAF_GENERAL = 5;

const LEAF_KEYS = new Set(["id", "types", "enum", "isConst", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]);

/** The node as a `Leaf` when it asks nothing a leaf cannot hold, else null; made once per node. */
function leafOf(node: Node, build: Build): Leaf | null {
  return once(build.leaves, node, () => makeLeaf(node));
}

function makeLeaf(node: Node): Leaf | null {
  if (node.types === ANY && !node.enum) return null; // `never` is not among LEAF_KEYS
  for (const key in node) {
    if (!LEAF_KEYS.has(key) && (node as unknown as Record<string, unknown>)[key] !== undefined) return null;
  }
  const values = node.enum;
  if (values && !values.every((v) => typeof v !== "object" || v === null)) return null;
  const bits = node.types;
  const bounded = node.minimum !== undefined || node.maximum !== undefined || node.exclusiveMinimum !== undefined || node.exclusiveMaximum !== undefined;
  let kind = LEAF_GENERAL;
  if (values) {
    if (!bounded && values.every((v) => (typeBits(v) & bits) !== 0)) kind = LEAF_VALUES;
  } else if (bits === STRING || bits === BOOLEAN) {
    kind = bits === STRING ? LEAF_STRING : LEAF_BOOLEAN;
  } else if (bits === NUMBER || bits === (NUMBER | INTEGER)) {
    kind = LEAF_NUMBER;
  } else if (bits === INTEGER) {
    kind = LEAF_INTEGER;
  }
  return {
    kind,
    bits,
    values: values ? new Set(values) : null,
    min: node.minimum ?? -Infinity,
    max: node.maximum ?? Infinity,
    exclusiveMin: node.exclusiveMinimum ?? -Infinity,
    exclusiveMax: node.exclusiveMaximum ?? Infinity,
  };
}

function leafOk(v: unknown, leaf: Leaf): boolean {
  switch (leaf.kind) {
    case LEAF_STRING:
      return typeof v === "string";
    case LEAF_NUMBER:
      return typeof v === "number" && inBounds(v, leaf);
    case LEAF_INTEGER:
      return Number.isInteger(v) && inBounds(v as number, leaf);
    case LEAF_BOOLEAN:
      return typeof v === "boolean";
    case LEAF_VALUES:
      return leaf.values!.has(v);
  }
  if (!hasType(v, leaf.bits) || (leaf.values !== null && !leaf.values.has(v))) return false;
  return typeof v !== "number" || inBounds(v, leaf);
}

function inBounds(n: number, leaf: Leaf): boolean {
  return n >= leaf.min && n <= leaf.max && n > leaf.exclusiveMin && n < leaf.exclusiveMax;
}

/** Whether a value has one of the type bits, inline for the single types. */
function hasType(v: unknown, bits: number): boolean {
  switch (bits) {
    case STRING:
      return typeof v === "string";
    case NUMBER:
    case NUMBER | INTEGER:
      return typeof v === "number" && Number.isFinite(v);
    case INTEGER:
      return Number.isInteger(v);
    case BOOLEAN:
      return typeof v === "boolean";
    case OBJECT:
      return typeof v === "object" && v !== null && !Array.isArray(v);
    case ARRAY:
      return Array.isArray(v);
    case NULL:
      return v === null;
    case ANY:
      return true;
    default:
      return (typeBits(v) & bits) !== 0;
  }
}

function enumCheck(node: Node): Check {
  const values = node.enum!;
  const code = node.isConst ? "const" : "enum";
  let expected: string | undefined;
  const fail: Check = (v, r, p) => r !== undefined && miss(r, code, p, (expected ??= node.isConst ? preview(values[0]) : describeEnum(values)), preview(v));
  if (values.every((v) => typeof v !== "object" || v === null)) {
    const set = new Set(values);
    return (v, r, p) => set.has(v) || fail(v, r, p);
  }
  return (v, r, p) => values.some((allowed) => jsonEqual(allowed, v)) || fail(v, r, p);
}

function stringCheck(node: Node): Check | undefined {
  type StringCheck = (s: string, r?: Issue[], p?: string) => boolean;
  const parts: StringCheck[] = [];
  const { minLength: min, maxLength: max, pattern, format } = node;
  if (min !== undefined) parts.push((s, r, p) => longEnough(s, min) || (r !== undefined && miss(r, "min_length", p, String(min), String(codePoints(s)))));
  if (max !== undefined) parts.push((s, r, p) => shortEnough(s, max) || (r !== undefined && miss(r, "max_length", p, String(max), String(codePoints(s)))));
  if (pattern) parts.push((s, r, p) => pattern.test(s) || (r !== undefined && miss(r, "pattern", p, pattern.source, preview(s))));
  if (format) parts.push((s, r, p) => format.check(s) || (r !== undefined && miss(r, "format", p, format.name, preview(s))));
  if (node.base64) parts.push((s, r, p) => isBase64(s) || (r !== undefined && miss(r, "content_encoding", p, "base64", preview(s))));
  return parts.length ? all(parts as Check[]) : undefined;
}

function numberCheck(node: Node): Check | undefined {
  type NumberCheck = (n: number, r?: Issue[], p?: string) => boolean;
  const parts: NumberCheck[] = [];
  const bound = (code: IssueCode, limit: number | undefined, ok: (n: number, limit: number) => boolean) => {
    if (limit !== undefined) parts.push((n, r, p) => ok(n, limit) || (r !== undefined && miss(r, code, p, String(limit), String(n))));
  };
  bound("minimum", node.minimum, (n, m) => n >= m);
  bound("maximum", node.maximum, (n, m) => n <= m);
  bound("exclusive_minimum", node.exclusiveMinimum, (n, m) => n > m);
  bound("exclusive_maximum", node.exclusiveMaximum, (n, m) => n < m);
  bound("multiple_of", node.multipleOf, isMultipleOf);
  return parts.length ? all(parts as Check[]) : undefined;
}

/** What an array's plain check needs: length bounds and element checks, as leaves where they can be. */
interface Elements {
  readonly min: number;
  readonly max: number;
  readonly prefix: readonly Check[];
  readonly prefixLeaves: readonly (Leaf | null)[];
  readonly item: Check | null;
  readonly itemLeaf: Leaf | null;
  /** The item when it is a list or tuple itself (a table's rows), checked by a direct call. */
  readonly itemElements: Elements | null;
}

function elementsOf(node: Node, build: Build): Elements {
  return {
    min: node.minItems ?? 0,
    max: node.maxItems ?? Infinity,
    prefix: node.prefixItems?.map(build) ?? [],
    prefixLeaves: node.prefixItems?.map((item) => leafOf(item, build)) ?? [],
    item: node.items ? build(node.items) : null,
    itemLeaf: node.items ? leafOf(node.items, build) : null,
    itemElements: node.items ? arrayOnly(node.items, build) : null,
  };
}

/** An array's lengths and elements, in one function: a row of a table is one call, not one per keyword. */
function elementsOk(a: unknown[], e: Elements): boolean {
  if (a.length < e.min || a.length > e.max) return false;
  const { prefix, prefixLeaves, item, itemLeaf, itemElements } = e;
  const n = Math.min(a.length, prefix.length);
  for (let i = 0; i < n; i++) {
    const leaf = prefixLeaves[i]!;
    if (leaf !== null ? !leafOk(a[i], leaf) : !prefix[i]!(a[i])) return false;
  }
  if (itemLeaf !== null) {
    for (let i = prefix.length; i < a.length; i++) if (!leafOk(a[i], itemLeaf)) return false;
  } else if (itemElements !== null) {
    for (let i = prefix.length; i < a.length; i++) {
      const row = a[i];
      if (!Array.isArray(row) || !elementsOk(row, itemElements)) return false;
    }
  } else if (item !== null) {
    for (let i = prefix.length; i < a.length; i++) if (!item(a[i])) return false;
  }
  return true;
}

const ELEMENT_KEYS = new Set(["id", "types", "prefixItems", "items", "minItems", "maxItems"]);

/** The node's elements when it is an array and asks nothing else (a list, a tuple), else null. */
function arrayOnly(node: Node, build: Build): Elements | null {
  return once(build.lists, node, () => (asksOnly(node, ARRAY, ELEMENT_KEYS) ? elementsOf(node, build) : null));
}

/** A value made once per node. (Direct parts never reach a `$ref`, so making one never meets its own node.) */
function once<T>(memo: Map<Node, T | null>, node: Node, make: () => T | null): T | null {
  let value = memo.get(node);
  if (value === undefined) memo.set(node, (value = make()));
  return value;
}

/** Whether the node allows exactly `types` and sets no keyword outside `keys`. */
function asksOnly(node: Node, types: number, keys: ReadonlySet<string>): boolean {
  if (node.types !== types) return false;
  for (const key in node) if (!keys.has(key) && (node as unknown as Record<string, unknown>)[key] !== undefined) return false;
  return true;
}

function arrayCheck(node: Node, build: Build): Check | undefined {
  type ArrayCheck = (a: unknown[], r?: Issue[], p?: string) => boolean;
  // Reporting runs these one by one; a plain check runs `elementsOk`, then the rest.
  const reports: ArrayCheck[] = [];
  const rest: ArrayCheck[] = [];
  const { minItems, maxItems, minContains, maxContains } = node;
  if (minItems !== undefined) reports.push((a, r, p) => a.length >= minItems || miss(r!, "min_items", p, String(minItems), String(a.length)));
  if (maxItems !== undefined) reports.push((a, r, p) => a.length <= maxItems || miss(r!, "max_items", p, String(maxItems), String(a.length)));
  const elements = arrayOnly(node, build) ?? elementsOf(node, build);
  const { prefix, item } = elements;
  if (prefix.length) {
    reports.push((a, r, p) => {
      let ok = true;
      const n = Math.min(a.length, prefix.length);
      for (let i = 0; i < n; i++) if (!prefix[i]!(a[i], r, `${p}/${i}`)) ok = false;
      return ok;
    });
  }
  if (item) {
    reports.push((a, r, p) => {
      let ok = true;
      for (let i = prefix.length; i < a.length; i++) if (!item(a[i], r, `${p}/${i}`)) ok = false;
      return ok;
    });
  }
  if (node.uniqueItems) rest.push((a, r, p) => !hasDuplicates(a) || (r !== undefined && miss(r, "unique_items", p, undefined, "some items are equal")));
  if (node.contains) {
    const target = node.contains;
    const contains = build(target);
    const least = minContains ?? 1;
    rest.push((a, r, p) => {
      let count = 0;
      for (let i = 0; i < a.length; i++) if (contains(a[i])) count++;
      if (count >= least && (maxContains === undefined || count <= maxContains)) return true;
      const range = maxContains === undefined ? `at least ${least}` : `${least} to ${maxContains}`;
      return r !== undefined && miss(r, "contains", p, `${range} ${describe(target)}`, String(count));
    });
  }
  if (!reports.length && !rest.length) return undefined;
  const report = all([...reports, ...rest] as Check[]);
  const others = rest.length ? all(rest as Check[]) : undefined;
  return (a, r, p) => (r === undefined ? elementsOk(a as unknown[], elements) && (others === undefined || others(a)) : report(a, r, p));
}

type ObjectCheck = (o: Record<string, unknown>, r?: Issue[], p?: string) => boolean;

/**
 * A declared property, with what its checks need precomputed. Its value is tested by a direct call when
 * its node is a leaf, a list or tuple, or an object with properties and nothing more (most of a tool's
 * schema), else by the node's check: a few functions, where calling each node's closure goes megamorphic.
 */
interface Property {
  readonly leaf: Leaf | null;
  readonly elements: Elements | null;
  readonly shape: Shape | null;
  readonly check: Check;
  readonly key: string;
  /** `/key` with the key escaped for a JSON Pointer. */
  readonly segment: string;
  readonly required: boolean;
  /** The key is an `Object.prototype` name, so it must be read as an own property. */
  readonly own: boolean;
  readonly node: Node;
}

/** A declared property's value, read by name. */
const read = (o: Record<string, unknown>, q: Property) => (q.own ? ownValue(o, q.key) : o[q.key]);

/** An object's declared properties, found by key, as the plain walk needs them. */
interface Shape {
  readonly props: readonly Property[];
  readonly byKey: ReadonlyMap<string, Property>;
  readonly required: number;
  /** Keys walked before the value is read by name instead (a value with many extra keys). */
  readonly walkLimit: number;
}

function shapeOf(node: Node, build: Build): Shape {
  const props: Property[] = (node.properties ?? []).map((p) => ({
    leaf: leafOf(p.node, build),
    elements: arrayOnly(p.node, build),
    shape: objectOnly(p.node, build),
    check: build(p.node),
    key: p.key,
    segment: `/${pointerSegment(p.key)}`,
    required: p.required,
    own: isPrototypeKey(p.key),
    node: p.node,
  }));
  return { props, byKey: new Map(props.map((q) => [q.key, q])), required: props.filter((q) => q.required).length, walkLimit: 2 * props.length + 16 };
}

/**
 * Whether an object's declared properties pass. The value's keys are walked: V8 reads `o[key]` inside
 * `for...in` from the enum cache, where reading each declared key by name is a megamorphic lookup. Keys
 * usually come in declared order, so a cursor finds most of them and the map the rest. A walked value is
 * what a read by name gives, so the walk's verdict stands when it met every declared key; objects with
 * many extra keys are read by name, as generated code does.
 */
function propertiesOk(o: Record<string, unknown>, shape: Shape): boolean {
  const { props, byKey } = shape;
  let next = 0;
  let found = 0;
  let seen = 0;
  let walked = 0;
  for (const key in o) {
    if (++walked > shape.walkLimit) return propertiesByName(o, shape);
    let q: Property | undefined;
    if (next < props.length && props[next]!.key === key) q = props[next++]!;
    else if ((q = byKey.get(key)) === undefined) continue;
    const value = o[key];
    if (value === undefined || (q.own && !Object.hasOwn(o, key))) continue;
    if (!propertyOk(value, q)) return false;
    seen++;
    if (q.required) found++;
  }
  if (seen === props.length) return true;
  // An optional key the walk did not meet is absent from a plain object. Anything else (a required key
  // missing from the walk, a class instance's getter, an Error's message) may still be readable by name
  // (a property defined as not enumerable), so it is read so, as generated code reads it.
  if (found === shape.required) {
    const proto = Object.getPrototypeOf(o);
    if (proto === Object.prototype || proto === null) return true;
  }
  return propertiesByName(o, shape);
}

function propertiesByName(o: Record<string, unknown>, shape: Shape): boolean {
  for (const q of shape.props) {
    const value = read(o, q);
    if (value === undefined ? q.required : !propertyOk(value, q)) return false;
  }
  return true;
}

function propertyOk(value: unknown, q: Property): boolean {
  if (q.leaf !== null) return leafOk(value, q.leaf);
  if (q.elements !== null) return Array.isArray(value) && elementsOk(value, q.elements);
  if (q.shape !== null) return isObject(value) && propertiesOk(value, q.shape);
  return q.check(value);
}

const PROPERTY_KEYS = new Set(["id", "types", "properties"]);

/** The node's shape when it is an object with declared properties and asks nothing else, else null. */
function objectOnly(node: Node, build: Build): Shape | null {
  return once(build.shapes, node, () => (node.properties?.length && asksOnly(node, OBJECT, PROPERTY_KEYS) ? shapeOf(node, build) : null));
}

function objectCheck(node: Node, build: Build): Check | undefined {
  const parts: ObjectCheck[] = [];
  const shape = objectOnly(node, build) ?? shapeOf(node, build);
  if (shape.props.length) {
    parts.push((o, r, p) => {
      if (r === undefined) return propertiesOk(o, shape);
      let ok = true;
      for (const q of shape.props) {
        const value = read(o, q);
        if (value === undefined) {
          if (q.required) ok = miss(r, "required", p + q.segment, describe(q.node));
        } else if (!q.check(value, r, p + q.segment)) ok = false;
      }
      return ok;
    });
  }
  for (const key of node.requiredOnly ?? []) {
    const own = isPrototypeKey(key);
    parts.push((o, r, p) => (own ? Object.hasOwn(o, key) : o[key] !== undefined) || (r !== undefined && miss(r, "required", `${p}/${pointerSegment(key)}`, "any value")));
  }
  const keys = keyCheck(node, build);
  if (keys) parts.push(keys);
  return parts.length ? all(parts as Check[]) : undefined;
}

// Checks that walk every key: additionalProperties, patternProperties, propertyNames, min/maxProperties.
function keyCheck(node: Node, build: Build): ObjectCheck | undefined {
  const { minProperties: min, maxProperties: max, propertyNames } = node;
  const closed = node.additionalProperties?.never === true;
  const additional = node.additionalProperties && !closed ? build(node.additionalProperties) : undefined;
  const patterns = node.patternProperties?.map((p) => ({ pattern: p.pattern, check: build(p.node) })) ?? [];
  const names = propertyNames && build(propertyNames);
  if (!closed && !additional && !patterns.length && !names && min === undefined && max === undefined) return undefined;
  const declared = new Set(node.properties?.map((p) => p.key));
  let allowedText: string | undefined;
  const allowed = () => (allowedText ??= declared.size ? `allowed properties are ${[...declared].join(", ")}` : "no properties are allowed");
  return (o, r, p) => {
    let ok = true;
    let count = 0;
    for (const key in o) {
      count++;
      const at = r && `${p}/${pointerSegment(key)}`;
      if (names && !names(key)) {
        if (r === undefined) return false;
        ok = miss(r, "property_name", at, describe(propertyNames!), preview(key));
      }
      let matched = declared.has(key);
      for (const q of patterns) {
        if (!q.pattern.test(key)) continue;
        matched = true;
        if (!q.check(o[key], r, at)) {
          if (r === undefined) return false;
          ok = false;
        }
      }
      if (matched) continue;
      if (closed) {
        if (r === undefined) return false;
        ok = miss(r, "additional_property", at, allowed(), preview(key));
      } else if (additional && !additional(o[key], r, at)) {
        if (r === undefined) return false;
        ok = false;
      }
    }
    if (min !== undefined && count < min) ok = r !== undefined && miss(r, "min_properties", p, String(min), String(count));
    if (max !== undefined && count > max) ok = r !== undefined && miss(r, "max_properties", p, String(max), String(count));
    return ok;
  };
}

// anyOf (one: false) or oneOf (one: true). Branches are tested plainly; only the verdict is reported.
function unionCheck(nodes: readonly Node[], build: Build, one: boolean): Check {
  const branches = nodes.map(build);
  let blame: Blame | undefined; // made on the first report
  // No branch matched: the issues of the one branch the value picks, else one issue naming the choices.
  const noBranch = (v: unknown, r: Issue[], p: string | undefined) => {
    blame ??= blameOf(nodes);
    const picked = pick(blame, v);
    if (picked !== undefined) return build(picked)(v, r, p);
    if (!blame.branches.some((b) => (b.types & typeBits(v)) !== 0)) return miss(r, "union", p, blame.types, typeName(v));
    return miss(r, "union", p, blame.shapes, preview(v));
  };
  if (!one) {
    return (v, r, p) => {
      for (let i = 0; i < branches.length; i++) if (branches[i]!(v)) return true;
      return r !== undefined && noBranch(v, r, p);
    };
  }
  return (v, r, p) => {
    let matched = 0;
    for (let i = 0; i < branches.length; i++) if (branches[i]!(v) && ++matched > 1 && r === undefined) return false;
    if (matched === 1) return true;
    if (r === undefined) return false;
    return matched === 0 ? noBranch(v, r, p) : miss(r, "one_of", p, (blame ??= blameOf(nodes)).shapes, `${matched} branches`);
  };
}

/** What a union's report needs to pick the branch to blame, and its expected texts. */
interface Blame {
  readonly branches: readonly { readonly node: Node; readonly types: number; readonly tags: readonly Tag[] }[];
  /** The branches' types, for a value of none of them: `object | string`. */
  readonly types: string;
  /** The branches' shapes, for a value of a type several take: `{ kind: "a", x: number } | { kind: "b", y: string }`. */
  readonly shapes: string;
}

/** A discriminating property: its schema allows one value (a const, a one-value enum). */
interface Tag {
  readonly key: string;
  readonly value: unknown;
  readonly own: boolean;
}

function blameOf(nodes: readonly Node[]): Blame {
  return {
    branches: nodes.map((node) => ({ node, types: typesOf(node), tags: tagsOf(node) })),
    types: alternatives(nodes.map((b) => describe(b))),
    shapes: alternatives(nodes.map(describeShape)),
  };
}

function tagsOf(node: Node): Tag[] {
  const tags: Tag[] = [];
  for (let n: Node | undefined = node, hops = 0; n !== undefined && hops < 8; n = n.ref?.target, hops++) {
    for (const p of n.properties ?? []) if (p.node.enum?.length === 1) tags.push({ key: p.key, value: p.node.enum[0], own: isPrototypeKey(p.key) });
  }
  return tags;
}

/**
 * The branch to blame: the only one that takes the value's JSON type, or else the only one whose
 * discriminating properties all hold the value's. Reads a few properties; checks no subtree.
 */
function pick(blame: Blame, v: unknown): Node | undefined {
  const bits = typeBits(v);
  const typed = blame.branches.filter((b) => (b.types & bits) !== 0);
  if (typed.length === 1) return typed[0]!.node;
  if (!isObject(v)) return undefined;
  let picked: Node | undefined;
  for (const b of typed) {
    if (!b.tags.length || !b.tags.every((t) => jsonEqual(t.own ? ownValue(v, t.key) : v[t.key], t.value))) continue;
    if (picked !== undefined) return undefined;
    picked = b.node;
  }
  return picked;
}

/**
 * A `$ref` counts depth: past `MAX_DEPTH` levels the whole value is refused (a RangeError, which the
 * guard answers with false and `errors` with a `too_deep` issue), so a hostile, deeply nested value
 * never overflows the stack and no verdict depends on the depth it was reached at. A target's verdict
 * on an object is kept for the call where the schema may check one value twice (`mayRevisit`), and
 * whenever the call lists issues, since reporting checks again what a union tried: a second check
 * answers at once and lists no issue twice.
 */
function refCheck(node: Node, build: Build, { state, remember, verdictsOf }: RefChecks): Check {
  const target = build(node); // an ancestor still being built answers through its reserved slot
  const verdicts = verdictsOf(node);
  const keepAlways = remember();
  return (v, r, p) => {
    if (state.depth >= MAX_DEPTH) tooDeep();
    const keep = (keepAlways || state.reporting) && typeof v === "object" && v !== null;
    if (keep) {
      const known = verdicts.get(v, state.call, r !== undefined);
      if (known !== -1) return known === 1;
    }
    state.depth++;
    const ok = target(v, r, p);
    state.depth--;
    if (keep) verdicts.set(v, state.call, ok, r !== undefined);
    return ok;
  };
}
