// What every interpreted check shares: its signature, the per-guard builder, and the ways checks combine.
import type { Elements } from "../keywords/array-walk.js";
import type { Leaf } from "./leaf.js";
import type { Shape } from "../keywords/object-walk.js";
import type { DynamicScope, Node, Scope } from "../node.js";
import type { RefChecks } from "../keywords/ref.js";
import { issue, type Issue, type IssueCode } from "../issue.js";

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
  /** The call's dynamic scope (`$dynamicRef`), a fresh one per call of a guard whose schema needs one. */
  scope: Scope;
}

/** Builds a node's check (once per node), and keeps this guard's memos of what nodes are as direct parts. */
export interface Build {
  (node: Node): Check;
  readonly leaves: Map<Node, Leaf | null>;
  readonly lists: Map<Node, Elements | null>;
  readonly shapes: Map<Node, Shape | null>;
  /** The guard's call state. */
  readonly state: CallState;
  /** What its `$ref` checks share. */
  readonly refs: RefChecks;
  /** The checks of a schema whose `$dynamicRef`s resolve at run time (`compile(s, { dynamicScope })`). */
  readonly dynamic: DynamicScope | undefined;
}

export const always: Check = () => true;

/** Lists an issue when reporting. Always false, so a failed check can end with `|| (report && miss(...))`. */
export function miss(
  report: Issue[],
  code: IssueCode,
  path: string | undefined,
  expected?: string,
  received?: string,
): false {
  report.push(issue(code, path!, expected, received));
  return false;
}

/** All parts must pass: the first failure ends a plain check; a reporting one runs every part. */
export function all(parts: Check[]): Check {
  switch (parts.length) {
    case 0:
      return always;
    case 1:
      return parts[0]!;
    case 2: {
      const [a, b] = parts as [Check, Check];
      return (value, report, path) =>
        a(value, report, path) ? b(value, report, path) : report !== undefined && (b(value, report, path), false);
    }
    default:
      return (value, report, path) => {
        let ok = true;
        for (let i = 0; i < parts.length; i++) {
          if (!parts[i]!(value, report, path)) {
            if (report === undefined) return false;
            ok = false;
          }
        }
        return ok;
      };
  }
}

/** A value made once per node. (Direct parts never reach a `$ref`, so making one never meets its own node.) */
export function once<T>(memo: Map<Node, T | null>, node: Node, make: () => T | null): T | null {
  let value = memo.get(node);
  if (value === undefined) memo.set(node, (value = make()));
  return value;
}

/** Whether the node allows exactly `types` and sets no keyword outside `keys`. */
export function asksOnly(node: Node, types: number, keys: ReadonlySet<string>): boolean {
  if (node.types !== types) return false;
  for (const key in node)
    if (!keys.has(key) && (node as unknown as Record<string, unknown>)[key] !== undefined) return false;
  return true;
}
