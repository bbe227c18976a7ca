// What `anyOf` and `oneOf` (`./any-of.ts`, `./one-of.ts`) share: their checks, their generated code, their reading,
// and which branch a report blames when none matched.
import { preview, typeName } from "../../util/text.js";
import { describe, describeShape, typesOf, alternatives } from "../describe.js";
import { jsonEqual } from "../equal.js";
import { miss, type Check, type Build } from "../interpret/check.js";
import { isPrototypeKey, type Node } from "../node.js";
import type { Issue } from "../issue.js";
import { isObject, ownValue, typeBits } from "../values.js";
import { failIf, failUnless, type StructureWriter } from "./keyword.js";

/**
 * anyOf (`one: false`) or oneOf (`one: true`). Branches are tested plainly; when none matched, the report lists
 * the issues of the one branch the value picks (by JSON type or a discriminating property), else one issue naming
 * the choices.
 *
 * @example
 * unionCheck(readSchema({ anyOf: [{ type: "string" }, { type: "null" }] }).anyOf!, build, false)(1); // false
 */
export function unionCheck(nodes: readonly Node[], build: Build, one: boolean): Check {
  const branches = nodes.map(build);
  let blame: Blame | undefined; // made on the first report
  // No branch matched: the issues of the one branch the value picks, else one issue naming the choices.
  const noBranch = (value: unknown, report: Issue[], path: string | undefined) => {
    blame ??= blameOf(nodes);
    const picked = pick(blame, value);
    if (picked !== undefined) return build(picked)(value, report, path);
    if (!blame.branches.some((b) => (b.types & typeBits(value)) !== 0))
      return miss(report, "union", path, blame.types, typeName(value));
    return miss(report, "union", path, blame.shapes, preview(value));
  };
  if (!one) {
    return (value, report, path) => {
      for (let i = 0; i < branches.length; i++) if (branches[i]!(value)) return true;
      return report !== undefined && noBranch(value, report, path);
    };
  }
  return (value, report, path) => {
    let matched = 0;
    for (let i = 0; i < branches.length; i++)
      if (branches[i]!(value) && ++matched > 1 && report === undefined) return false;
    if (matched === 1) return true;
    if (report === undefined) return false;
    return matched === 0
      ? noBranch(value, report, path)
      : miss(report, "one_of", path, (blame ??= blameOf(nodes)).shapes, `${matched} branches`);
  };
}

/** What a union's report needs to pick the branch to blame, and its expected texts. */
export interface Blame {
  readonly branches: readonly { readonly node: Node; readonly types: number; readonly tags: readonly Tag[] }[];
  /** The branches' types, for a value of none of them: `object | string`. */
  readonly types: string;
  /**
   * The branches' shapes, for a value of a type several take: `{ kind: "a", x: number } | { kind: "b", y: string }`.
   */
  readonly shapes: string;
}

/** A discriminating property: its schema allows one value (a const, a one-value enum). */
interface Tag {
  readonly key: string;
  readonly value: unknown;
  readonly own: boolean;
}

/**
 * What a union's report needs of its branches, made once on its first report.
 *
 * @example
 * blameOf(readSchema({ anyOf: [{ type: "string" }, { type: "null" }] }).anyOf!).types; // "string | null"
 */
export function blameOf(nodes: readonly Node[]): Blame {
  return {
    branches: nodes.map((node) => ({ node, types: typesOf(node), tags: tagsOf(node) })),
    types: alternatives(nodes.map((b) => describe(b))),
    shapes: alternatives(nodes.map(describeShape)),
  };
}

function tagsOf(node: Node): Tag[] {
  const tags: Tag[] = [];
  for (let n: Node | undefined = node, hops = 0; n !== undefined && hops < 8; n = n.ref?.target, hops++) {
    for (const property of n.properties ?? [])
      if (property.node.enum?.length === 1)
        tags.push({ key: property.key, value: property.node.enum[0], own: isPrototypeKey(property.key) });
  }
  return tags;
}

/**
 * The branch to blame: the only one that takes the value's JSON type, or else the only one whose
 * discriminating properties all hold the value's. Reads a few properties; checks no subtree.
 *
 * @example
 * pick(blameOf(branches), { kind: "circle", r: "1" }); // the branch whose `kind` is "circle"
 */
export function pick(blame: Blame, value: unknown): Node | undefined {
  const bits = typeBits(value);
  const typed = blame.branches.filter((b) => (b.types & bits) !== 0);
  if (typed.length === 1) return typed[0]!.node;
  if (!isObject(value)) return undefined;
  let picked: Node | undefined;
  for (const b of typed) {
    if (!b.tags.length || !b.tags.every((t) => jsonEqual(t.own ? ownValue(value, t.key) : value[t.key], t.value)))
      continue;
    if (picked !== undefined) return undefined;
    picked = b.node;
  }
  return picked;
}

/**
 * `anyOf` as generated code.
 *
 * @example
 * anyOfSource(readSchema({ anyOf: [{ type: "string" }, { type: "null" }] }), "v", writer);
 * // "if (!(f1(v) || f2(v))) return false;\n"
 */
export function anyOfSource(node: Node, x: string, writer: StructureWriter): string {
  return node.anyOf ? failUnless(node.anyOf.map((branch) => `${writer.fn(branch)}(${x})`).join(" || ")) : "";
}

/**
 * `oneOf` as generated code: the matching branches counted, at most one.
 *
 * @example
 * oneOfSource(readSchema({ oneOf: [{ type: "string" }, { type: "null" }] }), "v", writer); // "let n1 = 0;\n..."
 */
export function oneOfSource(node: Node, x: string, writer: StructureWriter): string {
  if (!node.oneOf) return "";
  const matched = writer.id("n");
  return `let ${matched} = 0;\n${node.oneOf.map((branch) => failIf(`${writer.fn(branch)}(${x}) && ++${matched} > 1`)).join("")}${failIf(`${matched} !== 1`)}`;
}
