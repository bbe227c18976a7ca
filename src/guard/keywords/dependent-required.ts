// `dependentRequired`: the properties an object must hold once it holds a given one. A missing property is a
// `required` issue (`./required.ts` declares its message). Its declaration, check and generated code.
import { pointerSegment } from "../../util/pointer.js";
import { all, miss, type Check } from "../interpret/check.js";
import type { Node } from "../node.js";
import { hasProperty } from "../values.js";
import { failIf, type KeywordDeclaration, type StructureWriter } from "./keyword.js";
import { missingSource } from "./member.js";
import { mustBe, namesOf } from "./read.js";

/**
 * The object check of `dependentRequired` (each missing name is a `required` issue). Called for objects only.
 *
 * @example
 * const check = dependentRequiredCheck(readSchema({ dependentRequired: { card: ["billing"] } }))!;
 * check({ card: 1 }); // false: "billing" is missing
 */
export function dependentRequiredCheck(node: Node): Check | undefined {
  const parts: Check[] = [];
  for (const { key, required } of node.dependentRequired ?? []) {
    if (!required.length) continue;
    const expected = `a value, since ${JSON.stringify(key)} is present`;
    parts.push((value, report, path) => {
      const object = value as Record<string, unknown>;
      if (!hasProperty(object, key)) return true;
      let ok = true;
      for (const name of required) {
        if (hasProperty(object, name)) continue;
        if (report === undefined) return false;
        ok = miss(report, "required", `${path}/${pointerSegment(name)}`, expected);
      }
      return ok;
    });
  }
  return parts.length ? all(parts) : undefined;
}

/**
 * `dependentRequired` as generated code, for objects.
 *
 * @example
 * dependentRequiredSource(readSchema({ dependentRequired: { card: ["billing"] } }), "v", writer);
 * // 'if (!(v.card === undefined) && (v.billing === undefined)) return false;\n'
 */
export function dependentRequiredSource(node: Node, x: string, writer: StructureWriter): string {
  let out = "";
  const missing = (key: string) => missingSource(x, key, writer);
  for (const { key, required } of node.dependentRequired ?? []) {
    if (required.length) out += failIf(`!(${missing(key)}) && (${required.map(missing).join(" || ")})`);
  }
  return out;
}

/**
 * `dependentRequired`: a map from a property name to the names that must then be present. (Draft-07's `dependencies`
 * lists are read with it, by `./dependent-schemas.ts`.)
 *
 * @example
 * dependentRequired.keys; // ["dependentRequired"]
 */
export const dependentRequired = {
  keys: ["dependentRequired"],
  applies: "object",
  check: dependentRequiredCheck,
  read(schema, node, at) {
    const map = schema.dependentRequired;
    if (typeof map !== "object" || map === null || Array.isArray(map))
      throw mustBe("dependentRequired", at, "an object", map);
    const lists = Object.entries(map).map(([key, names]) => ({
      key,
      required: namesOf(names, `dependentRequired/${key}`, at),
    }));
    // Before draft-07's `dependencies` lists, wherever that key stands.
    const all = [...lists, ...(node.dependentRequired ?? [])];
    if (all.length) node.dependentRequired = all;
  },
} satisfies KeywordDeclaration;
