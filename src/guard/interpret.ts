import { always, all, miss, type Check, type CallState, type Build } from "./interpret/check.js";
import { ANY, ARRAY, INTEGER, NUMBER, OBJECT, STRING, type DynamicScope, type Node } from "./node.js";
import { allOfCheck } from "./keywords/all-of.js";
import { containsCheck } from "./keywords/contains.js";
import { dependentRequiredCheck } from "./keywords/dependent-required.js";
import { dependentSchemasCheck } from "./keywords/dependent-schemas.js";
import { enumCheck } from "./keywords/enum.js";
import { conditionalCheck } from "./keywords/if-then-else.js";
import { NUMBER_KEYWORDS, STRING_KEYWORDS } from "./keywords/index.js";
import { arrayCheck, arrayOnly, elementsOk } from "./keywords/array-walk.js";
import type { ValueKeyword } from "./keywords/keyword.js";
import { notCheck } from "./keywords/not.js";
import { objectCheck, objectOnly, propertiesOk } from "./keywords/object-walk.js";
import { refCheck, type RefChecks } from "./keywords/ref.js";
import { neverCheck, typed } from "./keywords/type.js";
import { unevaluatedItemsCheck, unevaluatedPropertiesCheck } from "./keywords/unevaluated.js";
import { unionCheck } from "./keywords/union.js";
import { uniqueItemsCheck } from "./keywords/unique-items.js";
import type { Recursion } from "./recursion.js";
import { Verdicts } from "./revisit.js";
import { isObject } from "./values.js";
import type { Issue, IssueCode } from "./issue.js";
import { PatternUnevaluated } from "./keywords/pattern.js";

/**
 * Makes the builder of interpreted checks for one guard: a tree of closures made once per schema (and
 * once per node, so a node reached twice shares its check), so checking a value walks no keyword lists.
 * It needs no `eval`, so it runs under any Content Security Policy. `recursion` holds what `$ref` checks
 * need of the whole schema (`recursionOf(root)`); it is asked when the first `$ref` is built. `dynamic` builds the
 * checks of nodes that enter a resource, where a `$dynamicRef` resolves through the dynamic scope.
 *
 * @example
 * const root = readSchema({ type: "string", minLength: 2 });
 * const check = interpreter({ depth: 0, call: 0, reporting: false, scope: [] }, recursionOf(root))(root);
 * check("ab");              // true
 * const issues: Issue[] = [];
 * check("a", issues, "");   // false; issues: [{ code: "min_length", path: "", ... }]
 */
export function interpreter(state: CallState, recursion: Recursion, dynamic?: DynamicScope): (node: Node) => Check {
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
        inner = buildNode(node, build, refs, dynamic);
        if (node.enters) inner = dynamic!.enter(node.enters, inner, state);
        built.set(node, (check = inner));
      }
      return check;
    },
    { leaves: new Map(), lists: new Map(), shapes: new Map(), state },
  );
  return build;
}

// The keywords in the order they run and list their issues; each keyword's check is its module's (./keywords/).
function buildNode(node: Node, build: Build, refs: RefChecks, dynamic: DynamicScope | undefined): Check {
  if (node.never) return neverCheck;
  const types = node.types;
  const parts: Check[] = [];
  // A check for one JSON type runs as it is when the node allows only that type, else behind a type test.
  const add = (check: Check | undefined, bits?: number, is?: (v: unknown) => boolean) => {
    if (check) parts.push(bits === undefined || (types & ~bits) === 0 ? check : (v, r, p) => !is!(v) || check(v, r, p));
  };
  add(enumCheck(node));
  add(valueCheck(node, STRING_KEYWORDS), STRING, (v) => typeof v === "string");
  add(valueCheck(node, NUMBER_KEYWORDS), NUMBER | INTEGER, (v) => typeof v === "number");
  add(arrayCheck(node, build), ARRAY, Array.isArray);
  add(uniqueItemsCheck(node), ARRAY, Array.isArray);
  add(containsCheck(node, build), ARRAY, Array.isArray);
  add(objectCheck(node, build), OBJECT, isObject);
  add(dependentRequiredCheck(node), OBJECT, isObject);
  add(dependentSchemasCheck(node, build), OBJECT, isObject);
  add(allOfCheck(node, build));
  if (node.anyOf) add(unionCheck(node.anyOf, build, false));
  if (node.oneOf) add(unionCheck(node.oneOf, build, true));
  add(notCheck(node, build));
  add(conditionalCheck(node, build));
  if (node.ref)
    add(
      dynamic && refs.recursion.scoped()
        ? dynamic.refCheck(node.ref, build, refs)
        : refCheck(node.ref.target!, build, refs),
    );
  // Last: they count what the keywords above evaluated.
  add(unevaluatedItemsCheck(node, build), ARRAY, Array.isArray);
  add(unevaluatedPropertiesCheck(node, build), OBJECT, isObject);

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

/** A value keyword's reporting check; a pattern the engine could not evaluate is its own issue at the value's path. */
function reportValue(r: Issue[], p: string | undefined, check: () => boolean): boolean {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof PatternUnevaluated)) throw error;
    return miss(r, "pattern_unevaluated", p, error.pattern, String(error.length));
  }
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
    parts.push((v, r, p) =>
      r === undefined
        ? holds(v, limit)
        : reportValue(
            r,
            p,
            () => holds(v, limit) || miss(r, k.code as IssueCode, p, (expected ??= k.expected(limit)), received(v)),
          ),
    );
  }
  return parts.length ? all(parts) : undefined;
}
