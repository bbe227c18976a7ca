import { jsonEqual, hasDuplicates } from "./equal.js";
import { ANY, ARRAY, BOOLEAN, INTEGER, NULL, NUMBER, OBJECT, STRING, isPrototypeKey, type Node } from "./ir.js";
import { isBase64 } from "./formats.js";
import { MAX_DEPTH, isMultipleOf, isObject, longEnough, ownValue, shortEnough, typeBits } from "./values.js";

/** A check built for one node. */
export type Check = (value: unknown) => boolean;

/** The depth counter a guard shares between its `$ref` checks; reset on each call. */
export interface DepthState {
  depth: number;
}

const never: Check = () => false;
const always: Check = () => true;

/**
 * Builds the interpreted check of a node: a tree of closures made once per schema, so checking a value
 * walks no keyword lists. It needs no `eval`, so it runs under any Content Security Policy.
 */
export function interpret(root: Node, state: DepthState): Check {
  const built = new Map<Node, Check>();
  const build = (node: Node): Check => {
    let check = built.get(node);
    if (!check) {
      // Reserve the slot first: a $ref cycle reaches this node again before it is finished.
      let inner: Check = always;
      built.set(node, (v) => inner(v));
      inner = buildNode(node, build, state);
      built.set(node, (check = inner));
    }
    return check;
  };
  return build(root);
}

function buildNode(node: Node, build: (node: Node) => Check, state: DepthState): Check {
  if (node.never) return never;
  const parts: Check[] = [];
  const types = node.types;
  if (types !== ANY) parts.push(typeCheck(types));
  if (node.enum) parts.push(enumCheck(node.enum));
  const only = (bits: number) => (types & ~bits) === 0 || (bits === NUMBER && (types & ~(NUMBER | INTEGER)) === 0);

  const str = stringCheck(node);
  if (str) parts.push(only(STRING) ? (str as Check) : (v) => typeof v !== "string" || str(v));
  const num = numberCheck(node);
  if (num) parts.push(only(NUMBER) ? (num as Check) : (v) => typeof v !== "number" || num(v));
  const arr = arrayCheck(node, build);
  if (arr) parts.push(only(ARRAY) ? (arr as Check) : (v) => !Array.isArray(v) || arr(v));
  const obj = objectCheck(node, build);
  if (obj) parts.push(only(OBJECT) ? (obj as Check) : (v) => !isObject(v) || obj(v));

  if (node.allOf) parts.push(...node.allOf.map(build));
  if (node.anyOf) {
    const branches = node.anyOf.map(build);
    parts.push((v) => branches.some((b) => b(v)));
  }
  if (node.oneOf) {
    const branches = node.oneOf.map(build);
    parts.push((v) => {
      let matched = 0;
      for (const b of branches) if (b(v) && ++matched > 1) return false;
      return matched === 1;
    });
  }
  if (node.not) {
    const not = build(node.not);
    parts.push((v) => !not(v));
  }
  if (node.ref) {
    const ref = node.ref;
    let target: Check | undefined;
    parts.push((v) => {
      if (state.depth >= MAX_DEPTH) return false;
      state.depth++;
      const ok = (target ??= build(ref.target!))(v);
      state.depth--;
      return ok;
    });
  }
  return all(parts);
}

function all(parts: Check[]): Check {
  switch (parts.length) {
    case 0:
      return always;
    case 1:
      return parts[0]!;
    case 2: {
      const [a, b] = parts as [Check, Check];
      return (v) => a(v) && b(v);
    }
    case 3: {
      const [a, b, c] = parts as [Check, Check, Check];
      return (v) => a(v) && b(v) && c(v);
    }
    default:
      return (v) => {
        for (let i = 0; i < parts.length; i++) if (!parts[i]!(v)) return false;
        return true;
      };
  }
}

const ANNOTATION_ONLY = new Set(["id", "types"]);

/** A node's type bits when a type test is all it asks (`{"type":"string"}`), else 0. */
function plainType(node: Node): number {
  if (node.types === ANY || node.never) return 0;
  for (const key of Object.keys(node)) {
    if (!ANNOTATION_ONLY.has(key) && (node as unknown as Record<string, unknown>)[key] !== undefined) return 0;
  }
  return node.types;
}

/** Whether a value has one of the type bits, inline for the common single types. */
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
    default:
      return (typeBits(v) & bits) !== 0;
  }
}

/** The check for a node's `type` bits. */
export function typeCheck(bits: number): Check {
  switch (bits) {
    case STRING:
      return (v) => typeof v === "string";
    case NUMBER:
    case NUMBER | INTEGER:
      return (v) => typeof v === "number" && Number.isFinite(v);
    case INTEGER:
      return (v) => Number.isInteger(v);
    case BOOLEAN:
      return (v) => typeof v === "boolean";
    case NULL:
      return (v) => v === null;
    case ARRAY:
      return (v) => Array.isArray(v);
    case OBJECT:
      return isObject;
    default:
      return (v) => (typeBits(v) & bits) !== 0;
  }
}

function enumCheck(values: readonly unknown[]): Check {
  if (values.every((v) => typeof v !== "object" || v === null)) {
    const set = new Set(values);
    return (v) => set.has(v);
  }
  return (v) => values.some((allowed) => jsonEqual(allowed, v));
}

type StringCheck = (value: string) => boolean;

function stringCheck(node: Node): StringCheck | undefined {
  const parts: StringCheck[] = [];
  const { minLength: min, maxLength: max, pattern, format } = node;
  if (min !== undefined) parts.push((s) => longEnough(s, min));
  if (max !== undefined) parts.push((s) => shortEnough(s, max));
  if (pattern) parts.push((s) => pattern.test(s));
  if (format) parts.push(format.check);
  if (node.base64) parts.push(isBase64);
  return parts.length ? (all(parts as Check[]) as StringCheck) : undefined;
}

type NumberCheck = (value: number) => boolean;

function numberCheck(node: Node): NumberCheck | undefined {
  const parts: NumberCheck[] = [];
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = node;
  if (minimum !== undefined) parts.push((n) => n >= minimum);
  if (maximum !== undefined) parts.push((n) => n <= maximum);
  if (exclusiveMinimum !== undefined) parts.push((n) => n > exclusiveMinimum);
  if (exclusiveMaximum !== undefined) parts.push((n) => n < exclusiveMaximum);
  if (multipleOf !== undefined) parts.push((n) => isMultipleOf(n, multipleOf));
  return parts.length ? (all(parts as Check[]) as NumberCheck) : undefined;
}

type ArrayCheck = (value: unknown[]) => boolean;

function arrayCheck(node: Node, build: (node: Node) => Check): ArrayCheck | undefined {
  const parts: ArrayCheck[] = [];
  const { minItems, maxItems, minContains, maxContains } = node;
  if (minItems !== undefined) parts.push((a) => a.length >= minItems);
  if (maxItems !== undefined) parts.push((a) => a.length <= maxItems);
  const prefix = node.prefixItems?.map(build) ?? [];
  if (prefix.length) {
    parts.push((a) => {
      const n = Math.min(a.length, prefix.length);
      for (let i = 0; i < n; i++) if (!prefix[i]!(a[i])) return false;
      return true;
    });
  }
  if (node.items) {
    const item = build(node.items);
    const bits = plainType(node.items);
    const start = prefix.length;
    parts.push(
      bits
        ? (a) => {
            for (let i = start; i < a.length; i++) if (!hasType(a[i], bits)) return false;
            return true;
          }
        : (a) => {
            for (let i = start; i < a.length; i++) if (!item(a[i])) return false;
            return true;
          },
    );
  }
  if (node.uniqueItems) parts.push((a) => !hasDuplicates(a));
  if (node.contains) {
    const contains = build(node.contains);
    const least = minContains ?? 1;
    parts.push((a) => {
      let count = 0;
      for (let i = 0; i < a.length; i++) if (contains(a[i])) count++;
      return count >= least && (maxContains === undefined || count <= maxContains);
    });
  }
  return parts.length ? (all(parts as Check[]) as ArrayCheck) : undefined;
}

type ObjectCheck = (value: Record<string, unknown>) => boolean;

// One loop over the declared properties; a property that is only a type test is tested inline (no call),
// which is most of them, so checking a typical tool's arguments makes few calls.
function objectCheck(node: Node, build: (node: Node) => Check): ObjectCheck | undefined {
  const parts: ObjectCheck[] = [];
  const props = (node.properties ?? []).map((p) => ({ key: p.key, required: p.required, own: isPrototypeKey(p.key), bits: plainType(p.node), check: build(p.node) }));
  if (props.length) {
    parts.push((o) => {
      for (let i = 0; i < props.length; i++) {
        const p = props[i]!;
        const value = p.own ? ownValue(o, p.key) : o[p.key];
        if (value === undefined) {
          if (p.required) return false;
        } else if (p.bits ? !hasType(value, p.bits) : !p.check(value)) return false;
      }
      return true;
    });
  }
  for (const key of node.requiredOnly ?? []) {
    parts.push(isPrototypeKey(key) ? (o) => Object.hasOwn(o, key) : (o) => o[key] !== undefined);
  }
  const keys = keyCheck(node, build);
  if (keys) parts.push(keys);
  return parts.length ? (all(parts as Check[]) as ObjectCheck) : undefined;
}

// Checks that walk every key: additionalProperties, patternProperties, propertyNames, min/maxProperties.
function keyCheck(node: Node, build: (node: Node) => Check): ObjectCheck | undefined {
  const { minProperties, maxProperties } = node;
  const additional = node.additionalProperties && build(node.additionalProperties);
  const patterns = node.patternProperties?.map((p) => ({ pattern: p.pattern, check: build(p.node) })) ?? [];
  const names = node.propertyNames && build(node.propertyNames);
  if (!additional && !patterns.length && !names && minProperties === undefined && maxProperties === undefined) return undefined;
  const declared = new Set(node.properties?.map((p) => p.key));
  return (o) => {
    let count = 0;
    for (const key in o) {
      count++;
      if (names && !names(key)) return false;
      let matched = declared.has(key);
      for (const p of patterns) if (p.pattern.test(key) && ((matched = true), !p.check(o[key]))) return false;
      if (!matched && additional && !additional(o[key])) return false;
    }
    return (minProperties === undefined || count >= minProperties) && (maxProperties === undefined || count <= maxProperties);
  };
}
