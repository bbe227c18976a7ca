import { isDescriptor, make, type Descriptor, type Infer, type InferJSON, type WithDefault } from "./descriptor.js";
import { ANNOTATION_KEYS, schemaOptions, type Annotations } from "./options.js";
import { RefTarget } from "./symbols.js";
import { jsonType } from "./literal.js";

/**
 * A `t.union([...])` descriptor.
 *
 * @example
 * const id: TUnion<[TString, TNumber]> = t.union([t.string(), t.integer()]);
 */
export type TUnion<B extends readonly Descriptor[]> = Descriptor<Infer<B[number]>, InferJSON<B[number]>>;

const ALL = ["null", "boolean", "integer", "number", "string", "array", "object"];

/**
 * One of several types. Emitted as `oneOf` when no value can match two branches (their JSON types
 * are pairwise disjoint), else as `anyOf`, since `oneOf` would reject a
 * value that fits two branches. Guards check exactly what is emitted.
 *
 * @example
 * t.union([t.string(), t.integer()]);            // {"oneOf":[{"type":"string"},{"type":"integer"}]}
 * t.union([t.integer(), t.number({ minimum: 0.5 })]); // anyOf: 1 is both
 */
/* @__NO_SIDE_EFFECTS__ */
export function union<const B extends readonly Descriptor[], const O extends Annotations<Infer<B[number]>> = {}>(
  branches: B,
  options?: O,
): TUnion<B> & WithDefault<O> {
  if (!Array.isArray(branches) || branches.length === 0 || !branches.every(isDescriptor)) {
    throw new TypeError("t.union: expects a non-empty array of descriptors");
  }
  const keyword = disjoint(branches.map(jsonTypes)) ? "oneOf" : "anyOf";
  return make("union", {
    [keyword]: Object.freeze([...branches]),
    ...schemaOptions("union", options, ANNOTATION_KEYS),
  });
}

/** The JSON types a schema can match (`integer` and `number` count as overlapping). */
function jsonTypes(schema: unknown): Set<string> {
  const s = schema as Record<string | symbol, unknown>;
  const box = s[RefTarget] as { target?: unknown } | undefined;
  if (box) return box.target ? jsonTypes(box.target) : new Set(ALL);
  if (typeof s.type === "string") return new Set([s.type]);
  if (Array.isArray(s.type)) return new Set(s.type as string[]);
  if (Array.isArray(s.enum))
    return new Set((s.enum as unknown[]).map((v) => jsonType(v) ?? (Array.isArray(v) ? "array" : "object")));
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (branches) return new Set(branches.flatMap((b) => [...jsonTypes(b)]));
  return new Set(ALL);
}

function disjoint(sets: Set<string>[]): boolean {
  const seen = new Set<string>();
  for (const types of sets) {
    const widened = new Set(types);
    if (widened.has("integer") || widened.has("number")) widened.add("integer").add("number");
    for (const type of widened) if (seen.has(type)) return false;
    for (const type of widened) seen.add(type);
  }
  return true;
}
