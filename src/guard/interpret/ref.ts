// `$ref`: depth counted, verdicts kept per value where the schema may check one value twice.
import type { Check, CallState, Build } from "./check.js";
import type { Node } from "../ir.js";
import { Verdicts } from "../revisit.js";
import type { Recursion } from "../recursion.js";
import { tooDeep } from "../values.js";
/** What `$ref` checks need: the call's state, the schema's `Recursion` facts, and each target's verdicts. */
export interface RefChecks {
  readonly state: CallState;
  readonly recursion: Recursion;
  readonly verdictsOf: (target: Node) => Verdicts;
}

/**
 * A `$ref` counts depth: past the schema's `depthLimit` the whole value is refused (a RangeError, which the
 * guard answers with false and `errors` with a `too_deep` issue), so a hostile, deeply nested value
 * never overflows the stack and no verdict depends on the depth it was reached at. A target's verdict
 * on an object is kept for the call where the schema may check one value twice (`mayRevisit`), and
 * whenever the call lists issues, since reporting checks again what a union tried: a second check
 * answers at once and lists no issue twice.
 */
export function refCheck(node: Node, build: Build, { state, recursion, verdictsOf }: RefChecks): Check {
  const target = build(node); // an ancestor still being built answers through its reserved slot
  const verdicts = verdictsOf(node);
  const keepAlways = recursion.revisits();
  const { refs, levels } = recursion.limit();
  return (v, r, p) => {
    if (state.depth >= refs) tooDeep(levels);
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
