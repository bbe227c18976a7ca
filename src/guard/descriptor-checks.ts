// The checks of `compileDescriptor`: one closure per node of the `t` builders' subset (`./descriptor-reader.ts`),
// made once per schema (no generated code: they run under any Content Security Policy). Each answers alone, or with an
// issue list and a path lists every issue, in the order and with the messages of `compile`'s interpreter.
import { pointerSegment } from "../util/pointer.js";
import { preview, typeName } from "../util/text.js";
import { describe, describeEnum, describeTypes } from "./describe.js";
import { hasDuplicates, jsonEqual } from "./equal.js";
import type { Check } from "./interpret/check.js";
import type { Issue, IssueCode } from "./issue.js";
import { additionalPropertyMessage } from "./keywords/additional-properties.js";
import { unionMessage } from "./keywords/any-of.js";
import { contentEncodingMessage } from "./keywords/content-encoding.js";
import { enumMessage } from "./keywords/enum.js";
import { exclusiveMaximumMessage } from "./keywords/exclusive-maximum.js";
import { exclusiveMinimumMessage } from "./keywords/exclusive-minimum.js";
import { formatMessage } from "./keywords/format.js";
import type { Message } from "./keywords/keyword.js";
import { maxItemsMessage } from "./keywords/max-items.js";
import { maxLengthMessage } from "./keywords/max-length.js";
import { maxPropertiesMessage } from "./keywords/max-properties.js";
import { maximumMessage } from "./keywords/maximum.js";
import { minItemsMessage } from "./keywords/min-items.js";
import { minLengthMessage } from "./keywords/min-length.js";
import { minPropertiesMessage } from "./keywords/min-properties.js";
import { minimumMessage } from "./keywords/minimum.js";
import { multipleOfMessage } from "./keywords/multiple-of.js";
import { oneOfMessage } from "./keywords/one-of.js";
import { matches, reportPattern } from "./keywords/pattern.js";
import { requiredMessage } from "./keywords/required.js";
import { hasType, neverMessage, typeMessage } from "./keywords/type.js";
import { blameOf, pick, type Blame } from "./keywords/union.js";
import { uniqueItemsMessage } from "./keywords/unique-items.js";
import { isBase64 } from "./formats/base64.js";
import { ANY, isPrototypeKey, type Node, type PropertyNode } from "./node.js";
import { Verdicts } from "./revisit.js";
import {
  codePoints,
  hasProperty,
  isMultipleOf,
  isObject,
  longEnough,
  ownValue,
  shortEnough,
  tooDeep,
  typeBits,
} from "./values.js";

/** What one guard's `$ref` checks share: the levels entered in this call, its number (see `Verdicts`), the limits. */
export interface RefState {
  depth: number;
  call: number;
  readonly refs: number;
  readonly levels: number;
}

/** Lists an issue, worded by its keyword's message; always false. */
function miss(
  report: Issue[],
  code: IssueCode,
  message: Message,
  path: string,
  expected?: string,
  received?: string,
): false {
  const text = message(expected, received);
  report.push(
    expected === undefined
      ? received === undefined
        ? { code, path, message: text }
        : { code, path, message: text, received }
      : received === undefined
        ? { code, path, message: text, expected }
        : { code, path, message: text, expected, received },
  );
  return false;
}

const always: Check = () => true;

/** Every check holds: the first failure answers, unless reporting, which runs them all. */
function all(parts: readonly Check[]): Check {
  if (!parts.length) return always;
  if (parts.length === 1) return parts[0]!;
  return (value, report, path) => {
    let ok = true;
    for (const part of parts) {
      if (part(value, report, path)) continue;
      if (report === undefined) return false;
      ok = false;
    }
    return ok;
  };
}

/**
 * The builder of one guard's checks: each node's check made once, a `$ref` cycle answered through the slot its
 * target reserved.
 *
 * @example
 * const build = descriptorChecks({ depth: 0, call: 4, refs: 256, levels: 256 });
 * const check = build(readDescriptorSchema({ type: "string" }));
 * check(1); // false
 */
export function descriptorChecks(state: RefState): (node: Node) => Check {
  const built = new Map<Node, Check>();
  const build = (node: Node): Check => {
    let check = built.get(node);
    if (!check) {
      let inner: Check = always;
      built.set(node, (value, report, path) => inner(value, report, path));
      inner = nodeCheck(node, build, state);
      built.set(node, (check = inner));
    }
    return check;
  };
  return build;
}

// A node's keywords in `compile`'s order, behind its type test.
function nodeCheck(node: Node, build: (node: Node) => Check, state: RefState): Check {
  if (node.never) return (_value, report, path) => report !== undefined && miss(report, "never", neverMessage, path!);
  const parts: Check[] = [];
  if (node.enum) parts.push(enumCheck(node, node.enum));
  const only = <T>(
    test: (value: unknown) => boolean,
    checks: ((value: T, report?: Issue[], path?: string) => boolean)[],
  ) => {
    if (!checks.length) return;
    const check = all(checks as Check[]);
    parts.push((value, report, path) => !test(value) || check(value, report, path));
  };
  only((value) => typeof value === "string", stringChecks(node));
  only((value) => typeof value === "number", numberChecks(node));
  only(Array.isArray, arrayChecks(node, build));
  only(isObject, objectChecks(node, build));
  if (node.anyOf) parts.push(unionCheck(node.anyOf, build, false));
  if (node.oneOf) parts.push(unionCheck(node.oneOf, build, true));
  if (node.ref) parts.push(refCheck(build(node.ref.target!), state, new Verdicts()));
  const body = all(parts);
  const types = node.types;
  if (types === ANY) return body;
  const expected = describeTypes(types);
  const wrong = (value: unknown, report: Issue[] | undefined, path: string | undefined) =>
    report !== undefined && miss(report, "type", typeMessage, path!, expected, typeName(value));
  // A type alone (most leaves): no call into an empty body.
  if (body === always) return (value, report, path) => hasType(value, types) || wrong(value, report, path);
  return (value, report, path) => (hasType(value, types) ? body(value, report, path) : wrong(value, report, path));
}

function enumCheck(node: Node, values: readonly unknown[]): Check {
  const code = node.isConst ? "const" : "enum";
  const primitive = values.every((value) => typeof value !== "object" || value === null);
  const set = new Set(values);
  const holds = primitive
    ? (value: unknown) => set.has(value)
    : (value: unknown) => values.some((v) => jsonEqual(v, value));
  return (value, report, path) =>
    holds(value) ||
    (report !== undefined &&
      miss(report, code, enumMessage, path!, node.isConst ? preview(values[0]) : describeEnum(values), preview(value)));
}

type StringCheck = (text: string, report?: Issue[], path?: string) => boolean;

/** A keyword on one value: whether it holds, else its issue (`expected` and `received` texts). */
function limit<V>(
  holds: (value: V) => boolean,
  code: IssueCode,
  message: Message,
  expected: string,
  received: (value: V) => string,
) {
  return (value: V, report?: Issue[], path?: string) =>
    holds(value) || (report !== undefined && miss(report, code, message, path!, expected, received(value)));
}

function stringChecks(node: Node): StringCheck[] {
  const checks: StringCheck[] = [];
  const { minLength: min, maxLength: max, pattern: re, format } = node;
  const length = (text: string) => String(codePoints(text));
  if (min !== undefined)
    checks.push(limit((text: string) => longEnough(text, min), "min_length", minLengthMessage, String(min), length));
  if (max !== undefined)
    checks.push(limit((text: string) => shortEnough(text, max), "max_length", maxLengthMessage, String(max), length));
  if (re)
    checks.push((text, report, path) =>
      report === undefined ? matches(re, text) : reportPattern(text, re, report, path!),
    );
  if (format) checks.push(limit(format.check, "format", formatMessage, format.name, preview));
  if (node.base64) checks.push(limit(isBase64, "content_encoding", contentEncodingMessage, "base64", preview));
  return checks;
}

type NumberCheck = (n: number, report?: Issue[], path?: string) => boolean;

function numberChecks(node: Node): NumberCheck[] {
  const checks: NumberCheck[] = [];
  const add = (
    bound: number | undefined,
    holds: (n: number, bound: number) => boolean,
    code: IssueCode,
    message: Message,
  ) => {
    if (bound !== undefined) checks.push(limit((n: number) => holds(n, bound), code, message, String(bound), String));
  };
  add(node.minimum, (n, b) => n >= b, "minimum", minimumMessage);
  add(node.maximum, (n, b) => n <= b, "maximum", maximumMessage);
  add(node.exclusiveMinimum, (n, b) => n > b, "exclusive_minimum", exclusiveMinimumMessage);
  add(node.exclusiveMaximum, (n, b) => n < b, "exclusive_maximum", exclusiveMaximumMessage);
  add(node.multipleOf, isMultipleOf, "multiple_of", multipleOfMessage);
  return checks;
}

type ArrayCheck = (array: unknown[], report?: Issue[], path?: string) => boolean;

function arrayChecks(node: Node, build: (node: Node) => Check): ArrayCheck[] {
  const checks: ArrayCheck[] = [];
  const { minItems: min, maxItems: max } = node;
  const count = (array: unknown[]) => String(array.length);
  if (min !== undefined)
    checks.push(limit((array: unknown[]) => array.length >= min, "min_items", minItemsMessage, String(min), count));
  if (max !== undefined)
    checks.push(limit((array: unknown[]) => array.length <= max, "max_items", maxItemsMessage, String(max), count));
  const prefix = (node.prefixItems ?? []).map(build);
  const rest = node.items && build(node.items);
  if (prefix.length || rest) {
    checks.push((array, report, path) => {
      let ok = true;
      for (let i = 0; i < array.length; i++) {
        const check = i < prefix.length ? prefix[i] : rest;
        if (!check || check(array[i], report, report && `${path}/${i}`)) continue;
        if (report === undefined) return false;
        ok = false;
      }
      return ok;
    });
  }
  if (node.uniqueItems)
    checks.push(
      (array, report, path) =>
        !hasDuplicates(array) ||
        (report !== undefined &&
          miss(report, "unique_items", uniqueItemsMessage, path!, undefined, "some items are equal")),
    );
  return checks;
}

type ObjectCheck = (object: Record<string, unknown>, report?: Issue[], path?: string) => boolean;

function objectChecks(node: Node, build: (node: Node) => Check): ObjectCheck[] {
  const checks: ObjectCheck[] = (node.properties ?? []).map((property) =>
    propertyCheck(property, build(property.node)),
  );
  for (const key of node.requiredOnly ?? []) {
    const segment = `/${pointerSegment(key)}`;
    checks.push(
      (object, report, path) =>
        hasProperty(object, key) ||
        (report !== undefined && miss(report, "required", requiredMessage, path + segment, "any value")),
    );
  }
  const keys = keysCheck(node, build);
  if (keys) checks.push(keys);
  return checks;
}

function propertyCheck(property: PropertyNode, check: Check): ObjectCheck {
  const { key, required } = property;
  const own = isPrototypeKey(key);
  const segment = `/${pointerSegment(key)}`;
  let expected: string | undefined;
  return (object, report, path) => {
    const value = own ? ownValue(object, key) : object[key];
    if (value !== undefined) return check(value, report, report && path + segment);
    if (!required) return true;
    return (
      report !== undefined &&
      miss(report, "required", requiredMessage, path + segment, (expected ??= describe(property.node)))
    );
  };
}

// The walk over every key: properties no declaration names (closed, or checked), and how many there are.
function keysCheck(node: Node, build: (node: Node) => Check): ObjectCheck | undefined {
  const { minProperties: min, maxProperties: max, additionalProperties: additional } = node;
  const closed = additional?.never === true;
  const extra = additional && !closed ? build(additional) : undefined;
  if (!closed && !extra && min === undefined && max === undefined) return undefined;
  const declared = new Set(node.properties?.map((property) => property.key));
  const allowed = declared.size ? `allowed properties are ${[...declared].join(", ")}` : "no properties are allowed";
  return (object, report, path) => {
    let ok = true;
    let count = 0;
    for (const key in object) {
      count++;
      if (declared.has(key) || (!closed && !extra)) continue;
      const at = report && `${path}/${pointerSegment(key)}`;
      if (
        closed
          ? report !== undefined &&
            miss(report, "additional_property", additionalPropertyMessage, at!, allowed, preview(key))
          : extra!(object[key], report, at)
      )
        continue;
      if (report === undefined) return false;
      ok = false;
    }
    if (min !== undefined && count < min)
      ok =
        report !== undefined && miss(report, "min_properties", minPropertiesMessage, path!, String(min), String(count));
    if (max !== undefined && count > max)
      ok =
        report !== undefined && miss(report, "max_properties", maxPropertiesMessage, path!, String(max), String(count));
    return ok;
  };
}

// anyOf (`one` false) or oneOf: when no branch matched, the issues of the branch the value picks, as compile blames.
function unionCheck(nodes: readonly Node[], build: (node: Node) => Check, one: boolean): Check {
  const branches = nodes.map(build);
  let blame: Blame | undefined;
  const noBranch = (value: unknown, report: Issue[], path: string) => {
    blame ??= blameOf(nodes);
    const picked = pick(blame, value);
    if (picked !== undefined) return build(picked)(value, report, path);
    const typed = blame.branches.some((branch) => (branch.types & typeBits(value)) !== 0);
    return miss(
      report,
      "union",
      unionMessage,
      path,
      typed ? blame.shapes : blame.types,
      typed ? preview(value) : typeName(value),
    );
  };
  return (value, report, path) => {
    let matched = 0;
    for (const branch of branches)
      if (branch(value) && (++matched > 1 || !one) && (!one || report === undefined)) break;
    if (matched === 1) return true;
    if (report === undefined) return false;
    if (matched === 0) return noBranch(value, report, path!);
    return miss(report, "one_of", oneOfMessage, path!, (blame ??= blameOf(nodes)).shapes, `${matched} branches`);
  };
}

// A `$ref`: levels counted, so that a value deeper than the guard follows is refused (`too_deep`), never a stack
// overflow; each object's verdict kept for the call, so that branches recursing alike cost n steps, not 2^n, and a
// report lists no issue twice (as compile keeps them where its schema may revisit a value, and whenever it reports).
function refCheck(target: Check, state: RefState, verdicts: Verdicts): Check {
  return (value, report, path) => {
    if (state.depth >= state.refs) tooDeep(state.levels);
    const keep = typeof value === "object" && value !== null;
    if (keep) {
      const known = verdicts.get(value, state.call, report !== undefined);
      if (known !== -1) return known === 1;
    }
    state.depth++;
    const ok = target(value, report, path);
    state.depth--;
    if (keep) verdicts.set(value, state.call, ok, report !== undefined);
    return ok;
  };
}
