// `dependentRequired` and `dependentSchemas`: what an object must hold once it holds a given property. A
// missing property is a `required` issue (`./properties.ts` writes its message).
import { pointerSegment } from "../../util/pointer.js";
import { all, miss, type Check, type Build } from "../interpret/check.js";
import { isPrototypeKey, type Node } from "../node.js";
import { failIf, type StructureWriter } from "./keyword.js";
import { missingSource } from "./properties.js";
import { mustBe, type KeywordReader } from "./read.js";

/**
 * Whether an object has a property, read as an own property for names every object inherits.
 *
 * @example
 * hasProperty({}, "constructor"); // false
 */
function hasProperty(o: Record<string, unknown>, key: string): boolean {
  return isPrototypeKey(key) ? Object.hasOwn(o, key) : o[key] !== undefined;
}

/**
 * The object checks of `dependentRequired` (each missing name is a `required` issue) and
 * `dependentSchemas` (the whole object must then meet the schema). Called for objects only.
 *
 * @example
 * const check = dependentCheck(readSchema({ dependentRequired: { card: ["billing"] } }), build)!;
 * check({ card: 1 }); // false: "billing" is missing
 */
export function dependentCheck(node: Node, build: Build): Check | undefined {
  const parts: Check[] = [];
  for (const { key, required } of node.dependentRequired ?? []) {
    if (!required.length) continue;
    const expected = `a value, since ${JSON.stringify(key)} is present`;
    parts.push((v, r, p) => {
      const o = v as Record<string, unknown>;
      if (!hasProperty(o, key)) return true;
      let ok = true;
      for (const name of required) {
        if (hasProperty(o, name)) continue;
        if (r === undefined) return false;
        ok = miss(r, "required", `${p}/${pointerSegment(name)}`, expected);
      }
      return ok;
    });
  }
  for (const { key, node: schema } of node.dependentSchemas ?? []) {
    const check = build(schema);
    parts.push((v, r, p) => !hasProperty(v as Record<string, unknown>, key) || check(v, r, p));
  }
  return parts.length ? all(parts) : undefined;
}

/**
 * `dependentRequired` and `dependentSchemas` as generated code, for objects.
 *
 * @example
 * dependentSource(readSchema({ dependentRequired: { card: ["billing"] } }), "v", writer);
 * // 'if (!(v.card === undefined) && (v.billing === undefined)) return false;\n'
 */
export function dependentSource(node: Node, x: string, w: StructureWriter): string {
  let out = "";
  const missing = (key: string) => missingSource(x, key, w);
  for (const { key, required } of node.dependentRequired ?? []) {
    if (required.length) out += failIf(`!(${missing(key)}) && (${required.map(missing).join(" || ")})`);
  }
  for (const { key, node: schema } of node.dependentSchemas ?? [])
    out += failIf(`!(${missing(key)}) && !${w.fn(schema)}(${x})`);
  return out;
}

/**
 * How `dependentRequired`, `dependentSchemas` and draft-07's `dependencies` (a list is dependentRequired, a
 * schema dependentSchemas) are read.
 *
 * @example
 * dependentReader.keys; // ["dependentRequired", "dependentSchemas", "dependencies"]
 */
export const dependentReader: KeywordReader = {
  keys: ["dependentRequired", "dependentSchemas", "dependencies"],
  read(s, node, at, r) {
    const required: { key: string; required: string[] }[] = [];
    const schemas: { key: string; node: Node }[] = [];
    for (const keyword of ["dependentRequired", "dependentSchemas", "dependencies"]) {
      const map = s[keyword];
      if (map === undefined) continue;
      if (typeof map !== "object" || map === null || Array.isArray(map)) throw mustBe(keyword, at, "an object", map);
      for (const [key, value] of Object.entries(map)) {
        // `dependencies` (draft-07): a list is dependentRequired, a schema dependentSchemas.
        const list = keyword === "dependentRequired" || (keyword === "dependencies" && Array.isArray(value));
        if (!list) schemas.push({ key, node: r.read(value, `${at}/${keyword}/${pointerSegment(key)}`) });
        else if (Array.isArray(value) && value.every((k) => typeof k === "string"))
          required.push({ key, required: value });
        else throw mustBe(`${keyword}/${key}`, at, "an array of strings", value);
      }
    }
    if (required.length) node.dependentRequired = required;
    if (schemas.length) node.dependentSchemas = schemas;
  },
};
