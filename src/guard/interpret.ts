import { always, all, miss, type Check, type CallState, type Build } from "./interpret/check.js";
import { ANY, type DynamicScope, type Node } from "./node.js";
import { arrayOnly, elementsOk } from "./keywords/array-walk.js";
import { keywords } from "./keywords/index.js";
import { APPLIES_BITS, limitField, valueCode, type KeywordDeclaration, type ValueKeyword } from "./keywords/keyword.js";
import { objectOnly, propertiesOk } from "./keywords/object-walk.js";
import type { RefChecks } from "./keywords/ref.js";
import { neverCheck, typed } from "./keywords/type.js";
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
        built.set(node, (value, report, path) => inner(value, report, path));
        inner = buildNode(node, build);
        if (node.enters) inner = dynamic!.enter(node.enters, inner, state);
        built.set(node, (check = inner));
      }
      return check;
    },
    { leaves: new Map(), lists: new Map(), shapes: new Map(), state, refs, dynamic },
  );
  return build;
}

/** The test of a value of each `applies`' JSON type (`APPLIES_BITS` has its type bits). */
const IS_APPLIED_TYPE = {
  string: (value: unknown) => typeof value === "string",
  number: (value: unknown) => typeof value === "number",
  array: Array.isArray,
  object: isObject,
} as const;

// Each keyword's check (./keywords/), in the order of the keyword list (a value keyword's from its `holds`). The
// checks of consecutive keywords for one JSON type run together, as they stand when the node allows only that type,
// else behind one test for it.
function buildNode(node: Node, build: Build): Check {
  if (node.never) return neverCheck;
  const types = node.types;
  const parts: Check[] = [];
  let run: Check[] = [];
  let applies: KeywordDeclaration["applies"];
  const endRun = () => {
    if (!run.length) return;
    const bits = APPLIES_BITS[applies!];
    const is = IS_APPLIED_TYPE[applies!];
    const check = all(run);
    // A node that does not allow the type never runs them: its type test refuses such a value first.
    if (types & bits)
      parts.push((types & ~bits) === 0 ? check : (value, report, path) => !is(value) || check(value, report, path));
    run = [];
  };
  for (const keyword of keywords()) {
    const check =
      "holds" in keyword ? limitCheck(node, keyword as ValueKeyword<never, never>) : keyword.check?.(node, build);
    if (!check) continue;
    if (keyword.applies !== applies) endRun();
    applies = keyword.applies;
    (applies ? run : parts).push(check);
  }
  endRun();

  const body = all(parts);
  // A list, a tuple or an object with properties and nothing more: the type test and the rest in one call.
  const elements = arrayOnly(node, build);
  if (elements !== null) {
    const full = typed(types, body);
    return (value, report, path) =>
      report === undefined ? Array.isArray(value) && elementsOk(value, elements) : full(value, report, path);
  }
  const shape = objectOnly(node, build);
  if (shape !== null) {
    const full = typed(types, body);
    return (value, report, path) =>
      report === undefined ? isObject(value) && propertiesOk(value, shape) : full(value, report, path);
  }
  if (types === ANY) return body;
  return typed(types, body);
}

/** A value keyword's reporting check; a pattern the engine could not evaluate is its own issue at the value's path. */
function reportValue(report: Issue[], path: string | undefined, check: () => boolean): boolean {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof PatternUnevaluated)) throw error;
    return miss(report, "pattern_unevaluated", path, error.pattern, String(error.length));
  }
}

/** A value keyword's check of the node, when the node has the keyword. */
function limitCheck(node: Node, keyword: ValueKeyword<never, never>): Check | undefined {
  const limit = node[limitField(keyword)];
  return limit === undefined ? undefined : valueCheck(limit as never, keyword);
}

/** A value keyword's check of its limit, listing its issue. */
function valueCheck(limit: never, keyword: ValueKeyword<never, never>): Check {
  const holds = keyword.holds as (value: unknown, limit: unknown) => boolean;
  const received = keyword.received as (value: unknown) => string;
  const code = valueCode(keyword) as IssueCode;
  let expected: string | undefined;
  return (value, report, path) =>
    report === undefined
      ? holds(value, limit)
      : reportValue(
          report,
          path,
          () =>
            holds(value, limit) || miss(report, code, path, (expected ??= keyword.expected(limit)), received(value)),
        );
}
