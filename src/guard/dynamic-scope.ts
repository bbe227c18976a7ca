// `$dynamicRef` resolved through the dynamic scope (draft 2020-12 section 8.2.3.2), as a value to pass to `compile`:
// apps whose schemas never need it do not ship it. The root entry's `compile` passes it.
import type { CallState, Check } from "./interpret/check.js";
import { refTarget, type DynamicScope, type Node, type Scope, type ScopeDocument, type ScopeEntry } from "./node.js";
import { ScopedVerdicts } from "./revisit.js";
import { tooDeep } from "./values.js";

/**
 * `compile(schema, { dynamicScope })`: a `$dynamicRef` whose fragment is an anchor name, and whose first target has a
 * `$dynamicAnchor` of that name, names the outermost schema with that `$dynamicAnchor` in the dynamic scope, found at
 * run time when the document has more than one; any other is a `$ref` and costs nothing more. Where a check enters a
 * resource that holds such an anchor (its root, a `$ref` target in it), the anchor comes into the call's scope and
 * leaves it after. Without this value such a `$dynamicRef` is a `SchemaError` naming it.
 *
 * @example
 * import { compile, dynamicScope } from "tooltype/guard";
 * compile(extendedTreeSchema, { dynamicScope })(tree); // the tree's nodes checked by the extending schema
 */
export const dynamicScope: DynamicScope = {
  read(ref, target, document) {
    const hash = ref.pointer.indexOf("#");
    const name = hash < 0 ? "" : ref.pointer.slice(hash + 1);
    if (!name || (target as { $dynamicAnchor?: unknown } | null)?.$dynamicAnchor !== name) return;
    const schemas = anchored(document, name);
    if (schemas.length < 2) return; // the first target is the only one
    let slot = document.slots.get(name);
    if (slot === undefined) document.slots.set(name, (slot = document.slots.size));
    ref.dynamic = {
      slot,
      candidates: schemas.map((schema) => document.read(schema, `${document.resources.baseOf(schema)}#${name}`)),
    };
  },
  mark(document) {
    const { resources, slots } = document;
    const byResource = new Map<string, ScopeEntry[]>();
    for (const [name, slot] of slots) {
      anchored(document, name).forEach((schema, index) => {
        const uri = resources.baseOf(schema);
        byResource.set(uri, [...(byResource.get(uri) ?? []), { slot, index }]);
      });
    }
    // A check enters a resource at its root and wherever a `$ref` leads into it (from the same resource it enters
    // nothing new, at no cost but a test).
    const targets = new Set(
      document.refNodes.flatMap((node) => [node.ref!.target!, ...(node.ref!.dynamic?.candidates ?? [])]),
    );
    for (const [schema, node] of document.nodes) {
      const entries = byResource.get(resources.baseOf(schema));
      const root = resources.find(resources.baseOf(schema), schema, "#") === schema; // a resource's root
      if (entries && (targets.has(node) || root)) node.enters = entries;
    }
  },
  enter(entries, check, state) {
    return entering(entries, check, state);
  },
  refCheck(ref, build, { state, recursion }) {
    const keepAlways = recursion.revisits();
    const { refs, levels } = recursion.limit();
    return (value, report, path) => {
      if (state.depth >= refs) tooDeep(levels);
      const target = refTarget(ref, state.scope);
      const keep = (keepAlways || state.reporting) && typeof value === "object" && value !== null;
      const kept = keep ? verdictsOf(target).at(state.scope.join()) : undefined;
      if (kept) {
        const known = kept.get(value as object, state.call, report !== undefined);
        if (known !== -1) return known === 1;
      }
      state.depth++;
      const ok = build(target)(value, report, path);
      state.depth--;
      if (kept) kept.set(value as object, state.call, ok, report !== undefined);
      return ok;
    };
  },
};

// Each `$ref` target's verdicts per scope: a target's verdict may depend on the scope it is reached in.
const scopedVerdicts = new WeakMap<Node, ScopedVerdicts>();

function verdictsOf(target: Node): ScopedVerdicts {
  let kept = scopedVerdicts.get(target);
  if (!kept) scopedVerdicts.set(target, (kept = new ScopedVerdicts()));
  return kept;
}

/** Every schema of the document with a `$dynamicAnchor` named `name`, in document order. */
function anchored(document: ScopeDocument, name: string): object[] {
  return [...document.resources.schemas()].filter(
    (schema) => (schema as { $dynamicAnchor?: unknown }).$dynamicAnchor === name,
  );
}

function entering(entries: readonly ScopeEntry[], check: Check, state: CallState): Check {
  return (value, report, path) => {
    const set = enterScope(state.scope, entries);
    const ok = check(value, report, path);
    leaveScope(state.scope, set);
    return ok;
  };
}

/** Enters a resource: each entry whose name no outer resource set takes its slot; returns the slots it set. */
function enterScope(scope: Scope, entries: readonly ScopeEntry[]): number[] | undefined {
  let set: number[] | undefined;
  for (const { slot, index } of entries) {
    if (scope[slot] !== undefined) continue;
    scope[slot] = index;
    (set ??= []).push(slot);
  }
  return set;
}

function leaveScope(scope: Scope, set: number[] | undefined): void {
  if (set) for (const slot of set) scope[slot] = undefined;
}
