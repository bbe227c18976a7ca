// `dependentSchemas`, and draft-07's `dependencies`: what an object must meet once it holds a given property. Its
// declaration, check and generated code.
import { pointerSegment } from "../../util/pointer.js";
import { all, type Build, type Check } from "../interpret/check.js";
import type { Node } from "../node.js";
import { hasProperty } from "../values.js";
import { failIf, type KeywordDeclaration, type StructureWriter } from "./keyword.js";
import { missingSource } from "./member.js";
import { mustBe, namesOf } from "./read.js";

/**
 * The object check of `dependentSchemas`: the whole object must meet the schema of each property it holds. Called
 * for objects only.
 *
 * @example
 * dependentSchemasCheck(readSchema({ dependentSchemas: { card: { required: ["billing"] } } }), build)!({ card: 1 });
 * // false
 */
export function dependentSchemasCheck(node: Node, build: Build): Check | undefined {
  const parts: Check[] = [];
  for (const { key, node: schema } of node.dependentSchemas ?? []) {
    const check = build(schema);
    parts.push(
      (value, report, path) => !hasProperty(value as Record<string, unknown>, key) || check(value, report, path),
    );
  }
  return parts.length ? all(parts) : undefined;
}

/**
 * `dependentSchemas` as generated code, for objects.
 *
 * @example
 * dependentSchemasSource(readSchema({ dependentSchemas: { card: { required: ["billing"] } } }), "v", writer);
 * // "if (!(v.card === undefined) && !f1(v)) return false;\n"
 */
export function dependentSchemasSource(node: Node, x: string, writer: StructureWriter): string {
  let out = "";
  for (const { key, node: schema } of node.dependentSchemas ?? [])
    out += failIf(`!(${missingSource(x, key, writer)}) && !${writer.fn(schema)}(${x})`);
  return out;
}

/**
 * `dependentSchemas`, and draft-07's `dependencies` (a list there is `dependentRequired`, a schema `dependentSchemas`).
 *
 * @example
 * dependentSchemas.keys; // ["dependentSchemas", "dependencies"]
 */
export const dependentSchemas = {
  keys: ["dependentSchemas", "dependencies"],
  applies: "object",
  check: dependentSchemasCheck,
  schemas: "map",
  place: "same",
  read(schema, node, at, reader) {
    const required: { key: string; required: string[] }[] = [];
    const schemas: { key: string; node: Node }[] = [];
    for (const keyword of ["dependentSchemas", "dependencies"]) {
      const map = schema[keyword];
      if (map === undefined) continue;
      if (typeof map !== "object" || map === null || Array.isArray(map)) throw mustBe(keyword, at, "an object", map);
      for (const [key, value] of Object.entries(map)) {
        if (keyword === "dependentSchemas" || !Array.isArray(value))
          schemas.push({ key, node: reader.read(value, `${at}/${keyword}/${pointerSegment(key)}`) });
        else required.push({ key, required: namesOf(value, `${keyword}/${key}`, at) });
      }
    }
    if (required.length) node.dependentRequired = [...(node.dependentRequired ?? []), ...required];
    if (schemas.length) node.dependentSchemas = schemas;
  },
} satisfies KeywordDeclaration;
