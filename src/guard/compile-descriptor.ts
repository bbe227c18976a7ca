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
import { depthLimit, scanSchema, type NodeParts } from "./limits.js";
import { SchemaError, type Node } from "./node.js";

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
  const state: RefState = { depth: 0, call: 0, ...depthLimit(root, DESCRIPTOR_PARTS) };
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

// The sub-schemas checked against the node's own value (a union's branches), and one level down.
const sameValueParts = (node: Node): Node[] => [...(node.anyOf ?? []), ...(node.oneOf ?? [])];
const childParts = (node: Node): Node[] => [
  ...(node.prefixItems ?? []),
  ...(node.items ? [node.items] : []),
  ...(node.properties ?? []).map((property) => property.node),
  ...(node.additionalProperties ? [node.additionalProperties] : []),
];

// Every node reachable from the root, each once; parts pushed one by one, so a schema of any width fits.
function reachableNodes(root: Node): Node[] {
  const seen = new Set<Node>();
  const pending = [root];
  while (pending.length) {
    const node = pending.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const part of [...sameValueParts(node), ...childParts(node)]) pending.push(part);
    if (node.ref?.target) pending.push(node.ref.target);
  }
  return [...seen];
}

const DESCRIPTOR_PARTS: NodeParts = { sameValue: sameValueParts, children: childParts, reachable: reachableNodes };
