// What the `$ref` checks of one guard need to know of its whole schema; both guard paths read the same answers.
import type { Node } from "./node.js";
import { depthLimit, type DepthLimit } from "./limits.js";
import { GUARD_PARTS } from "./parts.js";
import { mayRevisit } from "./revisit.js";

/**
 * Facts of a whole schema that its `$ref` checks need, each worked out the first time a `$ref` is built (a schema
 * without one never pays for them), and shared by generated code and the interpreter so that they cannot differ.
 *
 * @example
 * const facts = recursionOf(readSchema({ type: "array", items: { $ref: "#" } }));
 * facts.revisits(); // false
 * facts.limit();    // { refs: 256, levels: 256 }
 */
export interface Recursion {
  /** Whether plain calls keep each target's verdicts per value (`mayRevisit`). */
  readonly revisits: () => boolean;
  /** How many `$ref` levels a check may follow (`depthLimit`). */
  readonly limit: () => DepthLimit;
  /** Whether some `$dynamicRef` resolves through the dynamic scope, so verdicts are kept per scope. */
  readonly scoped: () => boolean;
}

/** The `Recursion` facts of the schema read as `root`. @example generate(root, recursionOf(root)) */
export function recursionOf(root: Node): Recursion {
  let revisits: boolean | undefined;
  let limit: DepthLimit | undefined;
  return {
    revisits: () => (revisits ??= mayRevisit(root)),
    limit: () => (limit ??= depthLimit(root, GUARD_PARTS)),
    scoped: () => root.scopes !== undefined,
  };
}
