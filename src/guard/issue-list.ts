// How `guard.errors` runs a reporter: the issue limit, and a value too deep to check. Shared by `compile`'s guards and
// guards compiled ahead of time, so both list the same issues.
import type { Issue } from "./issue.js";
import { TooDeep } from "./values.js";

// Thrown by a bounded list when it is full, to stop the report there.
const ENOUGH = { reason: "issue limit reached" };

/**
 * Runs `report` on `value` and returns what it listed, at most `limit` issues. A report that goes too deep (a
 * RangeError: past the `$ref` limit, a pattern the engine could not evaluate, or out of stack) ends with the issues
 * found so far and `tooDeep`'s issue for the whole value (given the error); so does a report that found nothing (the
 * guard went past the `$ref` limit where the report,
 * walking in another order, did not), naming `levels()`. `tooDeep` builds that issue.
 *
 * @example
 * listIssues(
 *   (value, issues) => void issues.push(issue("type", "", "string", typeName(value))),
 *   1,
 *   Infinity,
 *   (levels) => issue("too_deep", "", levels),
 *   () => undefined,
 * );
 * // [{ code: "type", ... }]
 */
export function listIssues(
  report: (value: unknown, issues: Issue[]) => void,
  value: unknown,
  limit: number,
  tooDeep: (levels: string | undefined, error?: RangeError) => Issue,
  levels: () => string | undefined,
): Issue[] {
  const out: Issue[] = limit === Infinity ? [] : bounded(limit);
  try {
    report(value, out);
  } catch (error) {
    if (error === ENOUGH) return out.slice();
    if (!(error instanceof RangeError)) throw error;
    if (out.length < limit) out.push(tooDeep(error instanceof TooDeep ? String(error.levels) : undefined, error));
  }
  if (!out.length) out.push(tooDeep(levels()));
  return limit === Infinity ? out : out.slice();
}

/**
 * An issue list that stops the report (throws ENOUGH) once it holds `limit` issues. Reporters only
 * `push`; its own `push` makes this list's call sites polymorphic, not every list's. Copied to a plain
 * array before it is returned.
 */
function bounded(limit: number): Issue[] {
  const list: Issue[] = [];
  list.push = (...items: Issue[]) => {
    for (const item of items) {
      if (list.length >= limit) throw ENOUGH;
      list[list.length] = item;
    }
    return list.length;
  };
  return list;
}
