// The object walk shared by `properties`, `required`, `additionalProperties`, `patternProperties`, `propertyNames`,
// `minProperties` and `maxProperties` (each declared in its own module): an object's declared properties, found by
// walking the value's keys, then one loop over the keys for the keywords that walk every key. One walk for all of
// them, as checks, generated code and report, so an object is read once however many of them its schema has.
import { pointerSegment } from "../../util/pointer.js";
import { preview } from "../../util/text.js";
import { describe } from "../describe.js";
import { elementsOk, arrayOnly, type Elements } from "./array-walk.js";
import { miss, all, once, asksOnly, type Check, type Build } from "../interpret/check.js";
import { leafOf, leafOk, type Leaf } from "../interpret/leaf.js";
import { ANY, OBJECT, isPrototypeKey, type Node } from "../node.js";
import type { Issue } from "../issue.js";
import { hasProperty, isObject, ownValue } from "../values.js";
import { failIf, type ReportWriter, type StructureWriter } from "./keyword.js";
import { quote, withExpr, withText, type Path } from "./path-code.js";
import { member, missingSource } from "./member.js";
type ObjectCheck = (object: Record<string, unknown>, report?: Issue[], path?: string) => boolean;

/**
 * A declared property, with what its checks need precomputed. Its value is tested by a direct call when
 * its node is a leaf, a list or tuple, or an object with properties and nothing more (most of a tool's
 * schema), else by the node's check: a few functions, where calling each node's closure goes megamorphic.
 */
export interface Property {
  readonly leaf: Leaf | null;
  readonly elements: Elements | null;
  readonly shape: Shape | null;
  readonly check: Check;
  readonly key: string;
  /** `/key` with the key escaped for a JSON Pointer. */
  readonly segment: string;
  readonly required: boolean;
  /** The key is an `Object.prototype` name, so it must be read as an own property. */
  readonly own: boolean;
  readonly node: Node;
}

/** A declared property's value, read by name. */
const read = (object: Record<string, unknown>, property: Property) =>
  property.own ? ownValue(object, property.key) : object[property.key];

/** An object's declared properties, found by key, as the plain walk needs them. */
export interface Shape {
  readonly props: readonly Property[];
  readonly byKey: ReadonlyMap<string, Property>;
  readonly required: number;
  /** Keys walked before the value is read by name instead (a value with many extra keys). */
  readonly walkLimit: number;
}

function shapeOf(node: Node, build: Build): Shape {
  const props: Property[] = (node.properties ?? []).map((property) => ({
    leaf: leafOf(property.node, build),
    elements: arrayOnly(property.node, build),
    shape: objectOnly(property.node, build),
    check: build(property.node),
    key: property.key,
    segment: `/${pointerSegment(property.key)}`,
    required: property.required,
    own: isPrototypeKey(property.key),
    node: property.node,
  }));
  return {
    props,
    byKey: new Map(props.map((property) => [property.key, property])),
    required: props.filter((property) => property.required).length,
    walkLimit: 2 * props.length + 16,
  };
}

/**
 * Whether an object's declared properties pass. The value's keys are walked: V8 reads `o[key]` inside
 * `for...in` from the enum cache, where reading each declared key by name is a megamorphic lookup. Keys
 * usually come in declared order, so a cursor finds most of them and the map the rest. A walked value is
 * what a read by name gives, so the walk's verdict stands when it met every declared key; objects with
 * many extra keys are read by name, as generated code does.
 */
export function propertiesOk(object: Record<string, unknown>, shape: Shape): boolean {
  const { props, byKey } = shape;
  let next = 0;
  let found = 0;
  let seen = 0;
  let walked = 0;
  for (const key in object) {
    if (++walked > shape.walkLimit) return propertiesByName(object, shape);
    let property: Property | undefined;
    if (next < props.length && props[next]!.key === key) property = props[next++]!;
    else if ((property = byKey.get(key)) === undefined) continue;
    const value = object[key];
    if (value === undefined || (property.own && !Object.hasOwn(object, key))) continue;
    if (!propertyOk(value, property)) return false;
    seen++;
    if (property.required) found++;
  }
  if (seen === props.length) return true;
  // An optional key the walk did not meet is absent from a plain object. Anything else (a required key
  // missing from the walk, a class instance's getter, an Error's message) may still be readable by name
  // (a property defined as not enumerable), so it is read so, as generated code reads it.
  if (found === shape.required) {
    const proto = Object.getPrototypeOf(object);
    if (proto === Object.prototype || proto === null) return true;
  }
  return propertiesByName(object, shape);
}

function propertiesByName(object: Record<string, unknown>, shape: Shape): boolean {
  for (const property of shape.props) {
    const value = read(object, property);
    if (value === undefined ? property.required : !propertyOk(value, property)) return false;
  }
  return true;
}

function propertyOk(value: unknown, property: Property): boolean {
  if (property.leaf !== null) return leafOk(value, property.leaf);
  if (property.elements !== null) return Array.isArray(value) && elementsOk(value, property.elements);
  if (property.shape !== null) return isObject(value) && propertiesOk(value, property.shape);
  return property.check(value);
}

const PROPERTY_KEYS = new Set(["id", "types", "properties"]);

/** The node's shape when it is an object with declared properties and asks nothing else, else null. */
export function objectOnly(node: Node, build: Build): Shape | null {
  return once(build.shapes, node, () =>
    node.properties?.length && asksOnly(node, OBJECT, PROPERTY_KEYS) ? shapeOf(node, build) : null,
  );
}

/**
 * The object check of `properties`, `required` and the keywords that walk every key (called for objects only).
 *
 * @example
 * objectCheck(readSchema({ properties: { q: { type: "string" } }, required: ["q"] }), build)!({}); // false
 */
export function objectCheck(node: Node, build: Build): Check | undefined {
  const parts: ObjectCheck[] = [];
  const shape = objectOnly(node, build) ?? shapeOf(node, build);
  if (shape.props.length) {
    parts.push((object, report, path) => {
      if (report === undefined) return propertiesOk(object, shape);
      let ok = true;
      for (const property of shape.props) {
        const value = read(object, property);
        if (value === undefined) {
          if (property.required) ok = miss(report, "required", path + property.segment, describe(property.node));
        } else if (!property.check(value, report, path + property.segment)) ok = false;
      }
      return ok;
    });
  }
  for (const key of node.requiredOnly ?? []) {
    parts.push(
      (object, report, path) =>
        hasProperty(object, key) ||
        (report !== undefined && miss(report, "required", `${path}/${pointerSegment(key)}`, "any value")),
    );
  }
  const keys = keyCheck(node, build);
  if (keys) parts.push(keys);
  return parts.length ? all(parts as Check[]) : undefined;
}

// Checks that walk every key: additionalProperties, patternProperties, propertyNames, min/maxProperties.
function keyCheck(node: Node, build: Build): ObjectCheck | undefined {
  const { minProperties: min, maxProperties: max, propertyNames } = node;
  const closed = node.additionalProperties?.never === true;
  const additional = node.additionalProperties && !closed ? build(node.additionalProperties) : undefined;
  const patterns = node.patternProperties?.map((entry) => ({ pattern: entry.pattern, check: build(entry.node) })) ?? [];
  const names = propertyNames && build(propertyNames);
  if (!closed && !additional && !patterns.length && !names && min === undefined && max === undefined) return undefined;
  const declared = new Set(node.properties?.map((property) => property.key));
  let allowedText: string | undefined;
  const allowed = () =>
    (allowedText ??= declared.size
      ? `allowed properties are ${[...declared].join(", ")}`
      : "no properties are allowed");
  return (object, report, path) => {
    let ok = true;
    let count = 0;
    for (const key in object) {
      count++;
      const at = report && `${path}/${pointerSegment(key)}`;
      if (names && !names(key)) {
        if (report === undefined) return false;
        ok = miss(report, "property_name", at, describe(propertyNames!), preview(key));
      }
      let matched = declared.has(key);
      for (const property of patterns) {
        if (!property.pattern.test(key)) continue;
        matched = true;
        if (!property.check(object[key], report, at)) {
          if (report === undefined) return false;
          ok = false;
        }
      }
      if (matched) continue;
      if (closed) {
        if (report === undefined) return false;
        ok = miss(report, "additional_property", at, allowed(), preview(key));
      } else if (additional && !additional(object[key], report, at)) {
        if (report === undefined) return false;
        ok = false;
      }
    }
    if (min !== undefined && count < min)
      ok = report !== undefined && miss(report, "min_properties", path, String(min), String(count));
    if (max !== undefined && count > max)
      ok = report !== undefined && miss(report, "max_properties", path, String(max), String(count));
    return ok;
  };
}

function declaredTest(keys: readonly string[], k: string): string {
  return keys.map((key) => `${k} === ${JSON.stringify(key)}`).join(" || ");
}

/**
 * The object keywords as generated code, for objects: declared properties inlined, then one loop over the keys
 * for the keywords that walk every key.
 *
 * @example
 * propertiesSource(readSchema({ properties: { q: { type: "string" } }, required: ["q"] }), "v", writer);
 * // 'const v1 = v.q;\nif (!(typeof v1 === "string")) return false;\n'
 */
export function propertiesSource(node: Node, x: string, writer: StructureWriter): string {
  let out = "";
  for (const prop of node.properties ?? []) {
    const y = writer.id("v");
    const read = isPrototypeKey(prop.key)
      ? `${writer.use("ownValue", ownValue)}(${x}, ${JSON.stringify(prop.key)})`
      : member(x, prop.key);
    const body = writer.body(prop.node, y);
    const load = `const ${y} = ${read};\n`;
    // A required property's type test refuses undefined by itself.
    if (prop.required)
      out += load + (prop.node.types === ANY && !prop.node.never ? failIf(`${y} === undefined`) : "") + body;
    else if (body) out += `${load}if (${y} !== undefined) {\n${body}}\n`;
  }
  for (const key of node.requiredOnly ?? []) out += failIf(missingSource(x, key, writer));
  return out + keysSource(node, x, writer);
}

function keysSource(node: Node, x: string, writer: StructureWriter): string {
  const {
    additionalProperties: additional,
    patternProperties = [],
    propertyNames,
    minProperties,
    maxProperties,
  } = node;
  if (
    !additional &&
    !patternProperties.length &&
    !propertyNames &&
    minProperties === undefined &&
    maxProperties === undefined
  )
    return "";
  const k = writer.id("k"),
    count = writer.id("n");
  let loop = `${count}++;\n`;
  if (propertyNames) loop += failIf(`!${writer.fn(propertyNames)}(${k})`);
  const declared = node.properties?.map((property) => property.key) ?? [];
  if (patternProperties.length) {
    const matched = writer.id("m");
    loop += `let ${matched} = ${declared.length ? declaredTest(declared, k) : "false"};\n`;
    for (const entry of patternProperties) {
      loop += `if (${writer.external(entry.pattern)}.test(${k})) {\n${matched} = true;\n${failIf(`!${writer.fn(entry.node)}(${x}[${k}])`)}}\n`;
    }
    if (additional) loop += `if (${matched}) continue;\n`;
  } else if (additional && declared.length) loop += `if (${declaredTest(declared, k)}) continue;\n`;
  if (additional) {
    const y = writer.id("v");
    const body = writer.body(additional, y);
    if (body) loop += additional.never ? body : `const ${y} = ${x}[${k}];\n${body}`;
  }
  let out = `let ${count} = 0;\nfor (const ${k} in ${x}) {\n${loop}}\n`;
  if (minProperties !== undefined) out += failIf(`${count} < ${minProperties}`);
  if (maxProperties !== undefined) out += failIf(`${count} > ${maxProperties}`);
  return out;
}

/**
 * `properties`, `required` and `additionalProperties` as report code, for objects (a node with the other object
 * keywords is reported by the interpreter).
 *
 * @example
 * propertiesReport(readSchema({ required: ["q"] }), "v", ROOT, reporter);
 * // 'if (v.q === undefined) r.push({ code: "required", ... });\n'
 */
export function propertiesReport(node: Node, x: string, path: Path, writer: ReportWriter): string {
  let out = "";
  for (const prop of node.properties ?? []) {
    const y = writer.src.id("v");
    const at = withText(path, `/${pointerSegment(prop.key)}`);
    const body = writer.node(prop.node, y, at);
    const read = isPrototypeKey(prop.key)
      ? `${writer.src.use("ownValue", ownValue)}(${x}, ${quote(prop.key)})`
      : member(x, prop.key);
    if (prop.required)
      out += `const ${y} = ${read};\nif (${y} === undefined) ${writer.push("required", at, describe(prop.node))}${body && `else {\n${body}}\n`}`;
    else if (body) out += `const ${y} = ${read};\nif (${y} !== undefined) {\n${body}}\n`;
  }
  for (const key of node.requiredOnly ?? []) {
    out += `if (${missingSource(x, key, writer.src)}) ${writer.push("required", withText(path, `/${pointerSegment(key)}`), "any value")}`;
  }
  const additional = node.additionalProperties;
  if (!additional) return out;
  const k = writer.src.id("k");
  const at = withExpr(withText(path, "/"), `${writer.src.use("pointerSegment", pointerSegment)}(${k})`);
  const declared = [...new Set(node.properties?.map((property) => property.key))];
  let loop: string;
  if (additional.never) {
    const allowed = declared.length ? `allowed properties are ${declared.join(", ")}` : "no properties are allowed";
    loop = writer.push("additional_property", at, allowed, `${writer.src.use("preview", preview)}(${k})`);
  } else {
    const y = writer.src.id("v");
    const body = writer.node(additional, y, at);
    if (!body) return out;
    loop = `const ${y} = ${x}[${k}];\n${body}`;
  }
  const skip = declared.length ? `if (${declaredTest(declared, k)}) continue;\n` : "";
  return `${out}for (const ${k} in ${x}) {\n${skip}${loop}}\n`;
}
