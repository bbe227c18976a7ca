// `$ref`: depth counted, verdicts kept per value where the schema may check one value twice; its check, its
// generated code and the `too_deep` message of a value whose check went past the limit.
import type { Check, CallState, Build } from "../interpret/check.js";
import type { Node } from "../node.js";
import { ScopedVerdicts, Verdicts } from "../revisit.js";
import type { Recursion } from "../recursion.js";
import { tooDeep } from "../values.js";
import { failIf, type KeywordDeclaration, type Message, type StructureWriter } from "./keyword.js";
import { mustBe } from "./read.js";
/** What `$ref` checks need: the call's state, the schema's `Recursion` facts, and each target's verdicts. */
export interface RefChecks {
  readonly state: CallState;
  readonly recursion: Recursion;
  readonly verdictsOf: (target: Node) => Verdicts;
}

/**
 * A `$ref` counts depth: past the schema's `depthLimit` the whole value is refused (a RangeError, which the
 * guard answers with false and `errors` with a `too_deep` issue), so a hostile, deeply nested value
 * never overflows the stack and no verdict depends on the depth it was reached at. A target's verdict
 * on an object is kept for the call where the schema may check one value twice (`mayRevisit`), and
 * whenever the call lists issues, since reporting checks again what a union tried: a second check
 * answers at once and lists no issue twice. (`dynamicScope` checks the `$ref`s of a schema whose `$dynamicRef`s
 * resolve at run time.)
 */
export function refCheck(node: Node, build: Build, { state, recursion, verdictsOf }: RefChecks): Check {
  const target = build(node); // an ancestor still being built answers through its reserved slot
  const verdicts = verdictsOf(node);
  const keepAlways = recursion.revisits();
  const { refs, levels } = recursion.limit();
  return (value, report, path) => {
    if (state.depth >= refs) tooDeep(levels);
    const keep = (keepAlways || state.reporting) && typeof value === "object" && value !== null;
    if (keep) {
      const known = verdicts.get(value, state.call, report !== undefined);
      if (known !== -1) return known === 1;
    }
    state.depth++;
    const ok = target(value, report, path);
    state.depth--;
    if (keep) verdicts.set(value, state.call, ok, report !== undefined);
    return ok;
  };
}

/**
 * `$ref` as generated code: a call of the target's counting function; for a `$dynamicRef`, of the function of the
 * candidate the scope `S` names, else of its first target.
 *
 * @example
 * refSource(node, "v", writer) // "if (!f0r(v)) return false;\n"
 */
export function refSource(node: Node, x: string, writer: StructureWriter): string {
  const ref = node.ref;
  if (!ref) return "";
  if (!ref.dynamic) return failIf(`!${writer.refFn(ref.target!)}(${x})`);
  const k = writer.id("k");
  const pick = ref.dynamic.candidates.reduceRight(
    (rest, candidate, i) => `${k} === ${i} ? ${writer.refFn(candidate)} : ${rest}`,
    writer.refFn(ref.target!),
  );
  return `const ${k} = S[${ref.dynamic.slot}];\n${failIf(`!(${pick})(${x})`)}`;
}

/**
 * The function `name` that generated code calls for a `$ref` to the target written as `inner`: it counts `$ref`
 * levels in `D` (refusing the value past the limit), and where the schema may check one value twice it keeps
 * each object's verdict for the call (`C`) in a `Verdicts`.
 *
 * @example
 * refFunction("f0r", "f0", recursionOf(root), writer); // "function f0r(v) {\nif (D >= 256) tooDeep(256);\n..."
 */
export function refFunction(name: string, inner: string, recursion: Recursion, writer: StructureWriter): string {
  const { refs, levels } = recursion.limit();
  const call = `if (D >= ${refs}) ${writer.use("tooDeep", tooDeep)}(${levels});\nD++;\nconst ok = ${inner}(v);\nD--;\n`;
  if (!recursion.revisits()) return `function ${name}(v) {\n${call}return ok;\n}\n`;
  // Where a `$dynamicRef` resolves through the scope, a target's verdict may depend on it: kept per scope.
  const scoped = recursion.scoped();
  const m = scoped ? "m" : writer.external(new Verdicts());
  const perScope = scoped ? `const m = o ? ${writer.external(new ScopedVerdicts())}.at(S.join()) : undefined;\n` : "";
  return (
    `function ${name}(v) {\nconst o = typeof v === "object" && v !== null;\n${perScope}` +
    `if (o) {\nconst k = ${m}.get(v, C, false);\nif (k !== -1) return k === 1;\n}\n${call}if (o) ${m}.set(v, C, ok, false);\nreturn ok;\n}\n`
  );
}

/**
 * The `too_deep` issue's message: a value nested past the guard's `$ref` limit (`expected`: the levels).
 *
 * @example
 * tooDeepMessage("512", undefined); // "Value is nested too deeply to check (more than 512 levels)"
 */
export const tooDeepMessage: Message = (expected) =>
  expected === undefined
    ? "Value is nested too deeply to check"
    : `Value is nested too deeply to check (more than ${expected} levels)`;

/**
 * `$ref` and `$dynamicRef`: references, pointed at their targets once the whole document is read. A schema with both
 * keeps the `$dynamicRef` as one more `allOf` member. Its issue is a value nested past the `$ref` levels a check may
 * enter (`too_deep`).
 *
 * @example
 * ref.issues.too_deep("512", undefined) // "Value is nested too deeply to check (more than 512 levels)"
 */
export const ref = {
  keys: ["$ref", "$dynamicRef"],
  check: (node, build) =>
    node.ref &&
    (build.dynamic && build.refs.recursion.scoped()
      ? build.dynamic.refCheck(node.ref, build, build.refs)
      : refCheck(node.ref.target!, build, build.refs)),
  issues: {
    too_deep: tooDeepMessage,
  },
  read(schema, node, at, reader) {
    for (const key of ["$ref", "$dynamicRef"] as const) {
      const pointer = schema[key];
      if (pointer === undefined) continue;
      if (typeof pointer !== "string") throw mustBe(key, at, "a string", pointer);
      const holder = node.ref ? reader.read(true, at) : node;
      holder.ref = { target: undefined, pointer };
      reader.reference(holder, pointer, at, schema, key === "$dynamicRef");
      if (holder !== node) node.allOf = [...(node.allOf ?? []), holder];
    }
  },
} satisfies KeywordDeclaration;
