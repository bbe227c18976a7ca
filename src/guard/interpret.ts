import { preview } from "../util/text.js";
import { describe, describeEnum } from "./describe.js";
import { jsonEqual } from "./equal.js";
import { elementsOk, arrayOnly, arrayCheck } from "./interpret/array.js";
import { always, miss, all, typed, type Check, type CallState, type Build } from "./interpret/check.js";
import { objectOnly, objectCheck, propertiesOk } from "./interpret/object.js";
import { refCheck, type RefChecks } from "./interpret/ref.js";
import { unionCheck } from "./interpret/union.js";
import { conditionalCheck } from "./interpret/conditional.js";
import { dependentCheck } from "./interpret/dependent.js";
import { unevaluatedItemsCheck, unevaluatedPropertiesCheck } from "./interpret/unevaluated.js";
import { ANY, ARRAY, INTEGER, NUMBER, OBJECT, STRING, type Node } from "./ir.js";
import { NUMBER_KEYWORDS, STRING_KEYWORDS } from "./keywords/index.js";
import type { ValueKeyword } from "./keywords/keyword.js";
import type { Recursion } from "./recursion.js";
import { isObject } from "./values.js";
import { Verdicts } from "./revisit.js";

/**
 * Makes the builder of interpreted checks for one guard: a tree of closures made once per schema (and
 * once per node, so a node reached twice shares its check), so checking a value walks no keyword lists.
 * It needs no `eval`, so it runs under any Content Security Policy. `recursion` holds what `$ref` checks
 * need of the whole schema (`recursionOf(root)`); it is asked when the first `$ref` is built.
 *
 * @example
 * const root = readSchema({ type: "string", minLength: 2 });
 * const check = interpreter({ depth: 0, call: 0, reporting: false }, recursionOf(root))(root);
 * check("ab");              // true
 * const issues: Issue[] = [];
 * check("a", issues, "");   // false; issues: [{ code: "min_length", path: "", ... }]
 */
export function interpreter(state: CallState, recursion: Recursion): (node: Node) => Check {
  const built = new Map<Node, Check>();
  const verdicts = new Map<Node, Verdicts>();
  const verdictsOf = (target: Node) => {
    let kept = verdicts.get(target);
    if (!kept) verdicts.set(target, (kept = new Verdicts()));
    return kept;
  };
  const refs: RefChecks = { state, recursion, verdictsOf };
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

function buildNode(node: Node, build: Build, refs: RefChecks): Check {
  if (node.never) return (_v, r, p) => r !== undefined && miss(r, "never", p);
  const types = node.types;
  const parts: Check[] = [];
  if (node.enum) parts.push(enumCheck(node));
  // A check for one JSON type runs as it is when the node allows only that type, else behind a type test.
  const add = (bits: number, is: (v: unknown) => boolean, check: Check | undefined) => {
    if (check) parts.push((types & ~bits) === 0 ? check : (v, r, p) => !is(v) || check(v, r, p));
  };
  add(STRING, (v) => typeof v === "string", valueCheck(node, STRING_KEYWORDS));
  add(NUMBER | INTEGER, (v) => typeof v === "number", valueCheck(node, NUMBER_KEYWORDS));
  add(ARRAY, Array.isArray, arrayCheck(node, build));
  add(OBJECT, isObject, objectCheck(node, build));
  add(OBJECT, isObject, dependentCheck(node, build));
  if (node.allOf) parts.push(...node.allOf.map(build));
  if (node.anyOf) parts.push(unionCheck(node.anyOf, build, false));
  if (node.oneOf) parts.push(unionCheck(node.oneOf, build, true));
  if (node.not) {
    const not = build(node.not);
    const target = node.not;
    parts.push((v, r, p) => !not(v) || (r !== undefined && miss(r, "not", p, describe(target))));
  }
  const conditional = conditionalCheck(node, build);
  if (conditional) parts.push(conditional);
  if (node.ref) parts.push(refCheck(node.ref.target!, build, refs));
  // Last: they count what the keywords above evaluated.
  add(ARRAY, Array.isArray, unevaluatedItemsCheck(node, build));
  add(OBJECT, isObject, unevaluatedPropertiesCheck(node, build));

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

/** The node's value keywords of one JSON type (`STRING_KEYWORDS`, `NUMBER_KEYWORDS`), each a check that lists its issue. */
function valueCheck(node: Node, keywords: readonly ValueKeyword<never, never>[]): Check | undefined {
  const parts: Check[] = [];
  for (const k of keywords) {
    const limit = node[k.key] as never;
    if (limit === undefined) continue;
    const holds = k.holds as (value: unknown, limit: unknown) => boolean;
    const received = k.received as (value: unknown) => string;
    let expected: string | undefined;
    parts.push((v, r, p) => holds(v, limit) || (r !== undefined && miss(r, k.code, p, (expected ??= k.expected(limit)), received(v))));
  }
  return parts.length ? all(parts) : undefined;
}

