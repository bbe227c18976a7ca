import { Kind, RefTarget, SourceDefault } from "../t/symbols.js";
import { SchemaError } from "./node.js";
import type { Issue } from "./issue.js";
import { SUBSCHEMAS } from "../schema/subschemas.js";
import type { eachSubschema } from "./subschemas.js";
import { pointerSegment } from "../util/pointer.js";

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
 * // throws SchemaError: compile: option "default" of t.enum at #/properties/unit is not a value of its type: Expected
 * // "c" | "f", received "k"
 */
export function checkDefaults(root: object, guardOf: (part: object) => Checker, eachPart: typeof eachSubschema): void {
  if (checked.has(root)) return;
  const seen = new Set<object>();
  const visit = (descriptor: unknown, at: string): void => {
    if (typeof descriptor !== "object" || descriptor === null || seen.has(descriptor) || checked.has(descriptor))
      return;
    seen.add(descriptor);
    const s = descriptor as Record<string | symbol, unknown>;
    const box = s[RefTarget] as { target?: object } | undefined;
    if (box?.target) visit(box.target, at);
    if (s[Kind] !== undefined && !s[SourceDefault] && (s.default !== undefined || Array.isArray(s.examples)))
      checkValues(s, at, guardOf);
    eachPart(s as Record<string, unknown>, at, visit);
  };
  visit(root, "#");
  for (const d of seen) checked.add(d);
}

function checkValues(
  descriptor: Record<string | symbol, unknown>,
  at: string,
  guardOf: (part: object) => Checker,
): void {
  let guard: Checker;
  try {
    guard = guardOf(descriptor);
  } catch {
    return; // the type itself is refused by the compile that asked, with its own reason
  }
  const values: [string, unknown][] = [];
  if (descriptor.default !== undefined) values.push(['"default"', descriptor.default]);
  if (Array.isArray(descriptor.examples))
    descriptor.examples.forEach((value, i) => void values.push([`"examples" (item ${i})`, value]));
  for (const [option, value] of values) {
    if (guard(value)) continue;
    const [first] = guard.errors(value, { limit: 1 });
    const where = first?.path ? `at ${first.path}: ` : "";
    throw new SchemaError(
      `compile: option ${option} of t.${String(descriptor[Kind])} at ${at} is not a value of its type: ${where}${first?.message ?? "refused"}`,
    );
  }
}

/**
 * A descriptor's sub-descriptors, where the emitter finds them (the t builders write no other keyword): the walk of
 * `checkDefaults` that needs no keyword list, so a guard of descriptors alone (`compileDescriptor`) carries none.
 *
 * @example
 * eachDescriptorPart(t.object({ a: t.string() }), "#", (part, at) => console.log(at)); // #/properties/a
 */
export function eachDescriptorPart(
  schema: Readonly<Record<string, unknown>>,
  at: string,
  visit: (part: object, at: string) => void,
): void {
  for (const key of Object.keys(schema)) {
    const slot = SUBSCHEMAS.get(key);
    const value = schema[key];
    if (slot === undefined || typeof value !== "object" || value === null) continue;
    if (Array.isArray(value)) value.forEach((item: object, i) => void visit(item, `${at}/${key}/${i}`));
    else if (slot === "one") visit(value, `${at}/${key}`);
    else
      for (const name of Object.keys(value))
        visit((value as Record<string, object>)[name]!, `${at}/${key}/${pointerSegment(name)}`);
  }
}
