import { emit } from "../schema/emit.js";
import type { JSONSchema } from "../schema/json-schema.js";
import { isDescriptor } from "../t/symbols.js";
import { finishGuard, type Guard, type GuardType, type Jit } from "./compile.js";
import { checkDefaults, eachDescriptorPart } from "./defaults.js";
import { descriptorChecks, type RefState } from "./descriptor-checks.js";
import { readDescriptorSchema } from "./descriptor-reader.js";
import type { Issue } from "./issue.js";
import { listIssues } from "./issue-list.js";
import { tooDeepMessage } from "./keywords/ref.js";
import { scanSchema } from "./limits.js";
import { SchemaError, type Node } from "./node.js";
import { MAX_DEPTH } from "./values.js";

/** Options of `compileDescriptor`. */
export interface CompileDescriptorOptions {
  /**
   * Generated code (`import { jit } from "tooltype/jit"`): the schema is handed to the full `compile` with it, which
   * generated code needs, and the guard is that compile's.
   */
  readonly jit?: Jit;
}

/**
 * Compiles a `t` descriptor, or a plain JSON Schema within what the `t` builders write, into a guard: the same
 * `Guard` as `compile` (a type predicate, `errors` with the same issues and messages, Standard Schema v1 with
 * `~standard.jsonSchema`), from closures made once per schema (no generated code, so it runs under any Content
 * Security Policy), without the reader of any JSON Schema. A keyword outside that subset (`not`, `if`, `allOf`,
 * `patternProperties`, a `$ref` elsewhere than the root's `$defs`...) is a `SchemaError` naming it and where it is:
 * pass `compile` from `tooltype/guard` for full JSON Schema. What `tool()` from `tooltype/tools` checks with.
 *
 * @example
 * import { compileDescriptor } from "tooltype/guard";
 * const isCity = compileDescriptor(t.object({ city: t.string({ minLength: 1 }) }));
 * isCity({ city: "Oslo" });    // true
 * isCity.errors({ city: "" }); // [{ code: "min_length", path: "/city", ... }]
 */
export function compileDescriptor<S extends object>(
  schema: S,
  options: CompileDescriptorOptions = {},
): Guard<GuardType<S>> {
  if (options.jit) return options.jit.compile(schema, { jit: options.jit });
  const descriptor = isDescriptor(schema);
  const json = (descriptor ? emit(schema) : schema) as JSONSchema;
  try {
    if (descriptor) checkDefaults(schema, (part) => guardOf(emit(part)), eachDescriptorPart);
    return guardOf(json) as Guard<GuardType<S>>;
  } catch (error) {
    if (error instanceof RangeError)
      throw new SchemaError(`compileDescriptor: the schema is too large or too deeply nested (${error.message})`);
    throw error;
  }
}

function guardOf(json: JSONSchema): Guard<unknown> {
  scanSchema(json, {});
  const root = readDescriptorSchema(json);
  const state: RefState = { depth: 0, call: 0, ...refLimit(root) };
  const check = descriptorChecks(state)(root);
  let calls = 0;
  // Each call numbered, and the caller's state put back after: a getter in the value may call this guard again.
  const run = <T>(body: () => T): T => {
    const { depth, call } = state;
    state.depth = 0;
    state.call = ++calls * 4;
    try {
      return body();
    } finally {
      state.depth = depth;
      state.call = call;
    }
  };
  const test = (value: unknown) =>
    run(() => {
      try {
        return check(value);
      } catch (error) {
        if (error instanceof RangeError) return false;
        throw error;
      }
    });
  const report = (value: unknown, issues: Issue[]) => void check(value, issues, "");
  const levels = () => String(state.levels);
  const errors = (value: unknown, limit: number) => run(() => listIssues(report, value, limit, tooDeepIssue, levels));
  return finishGuard(test, errors, json, "interpret", undefined);
}

// The refusal of a whole value nested past the limit (`levels` of them), as compile words it.
function tooDeepIssue(levels: string | undefined): Issue {
  const message = tooDeepMessage(levels, undefined);
  return levels === undefined
    ? { code: "too_deep", path: "", message }
    : { code: "too_deep", path: "", message, expected: levels };
}

/**
 * How many `$ref` levels a check may follow, and the value levels that lets it enter (at most 512), counted as
 * compile counts them: from the most value levels one `$ref` enters before the next.
 *
 * @example
 * refLimit(readDescriptorSchema(toJSONSchema(t.recursive("Tree", (self) => t.object({ kids: t.array(self) })))));
 * // { refs: 256, levels: 512 }
 */
function refLimit(root: Node): { refs: number; levels: number } {
  const strides = new Map<Node, number>();
  const strideOf = (node: Node): number => {
    let known = strides.get(node);
    if (known !== undefined) return known;
    known = node.ref ? 0 : -1;
    for (const part of sameValueParts(node)) known = Math.max(known, strideOf(part));
    for (const child of childParts(node)) {
      const below = strideOf(child);
      if (below >= 0) known = Math.max(known, below + 1);
    }
    strides.set(node, known);
    return known;
  };
  let stride = 1;
  const seen = new Set<Node>();
  const pending = [root];
  while (pending.length) {
    const node = pending.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    stride = Math.max(stride, strideOf(node));
    for (const part of [...sameValueParts(node), ...childParts(node)]) pending.push(part); // no spread: any width
    if (node.ref?.target) pending.push(node.ref.target);
  }
  const refs = Math.max(1, Math.min(MAX_DEPTH, Math.floor(512 / stride)));
  return { refs, levels: refs * stride };
}

// The sub-schemas checked against the node's own value (a union's branches), and one level down.
const sameValueParts = (node: Node): Node[] => [...(node.anyOf ?? []), ...(node.oneOf ?? [])];
const childParts = (node: Node): Node[] => [
  ...(node.prefixItems ?? []),
  ...(node.items ? [node.items] : []),
  ...(node.properties ?? []).map((property) => property.node),
  ...(node.additionalProperties ? [node.additionalProperties] : []),
];
