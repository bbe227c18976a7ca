import { Kind, RefTarget, SourceDefault } from "../t/symbols.js";
import { SchemaError } from "./node.js";
import type { Issue } from "./issue.js";
import { eachSubschema } from "./subschemas.js";

/** What `checkDefaults` needs of a guard. */
interface Checker {
  (value: unknown): boolean;
  errors(value: unknown, options?: { readonly limit?: number }): Issue[];
}

/** Descriptors whose defaults and examples were found to be values of their types. */
const checked = new WeakSet<object>();

/**
 * Refuses a descriptor with a `default` or `examples` that is not a value of its own type, anywhere in it:
 * the function would receive that default, and a model copies examples. The builders leave this to here,
 * so that describing a type needs no guard. A default read from a function's source (`functionToTool`
 * with `defaults: true`) is written as the function has it, and is not checked.
 *
 * @example
 * checkDefaults(t.object({ unit: t.enum(["c", "f"], { default: "k" }) }), (d) => compile(d));
 * // throws SchemaError: compile: option "default" of t.enum at #/properties/unit is not a value of its type: Expected "c" | "f", received "k"
 */
export function checkDefaults(root: object, guardOf: (part: object) => Checker): void {
  if (checked.has(root)) return;
  const seen = new Set<object>();
  const visit = (d: unknown, at: string): void => {
    if (typeof d !== "object" || d === null || seen.has(d) || checked.has(d)) return;
    seen.add(d);
    const s = d as Record<string | symbol, unknown>;
    const box = s[RefTarget] as { target?: object } | undefined;
    if (box?.target) visit(box.target, at);
    if (s[Kind] !== undefined && !s[SourceDefault] && (s.default !== undefined || Array.isArray(s.examples)))
      checkValues(s, at, guardOf);
    eachSubschema(s as Record<string, unknown>, at, visit);
  };
  visit(root, "#");
  for (const d of seen) checked.add(d);
}

function checkValues(d: Record<string | symbol, unknown>, at: string, guardOf: (part: object) => Checker): void {
  let guard: Checker;
  try {
    guard = guardOf(d);
  } catch {
    return; // the type itself is refused by the compile that asked, with its own reason
  }
  const values: [string, unknown][] = [];
  if (d.default !== undefined) values.push(['"default"', d.default]);
  if (Array.isArray(d.examples)) d.examples.forEach((v, i) => void values.push([`"examples" (item ${i})`, v]));
  for (const [option, value] of values) {
    if (guard(value)) continue;
    const [first] = guard.errors(value, { limit: 1 });
    const where = first?.path ? `at ${first.path}: ` : "";
    throw new SchemaError(
      `compile: option ${option} of t.${String(d[Kind])} at ${at} is not a value of its type: ${where}${first?.message ?? "refused"}`,
    );
  }
}
