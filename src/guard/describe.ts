import { ANY, ARRAY, BOOLEAN, INTEGER, NULL, NUMBER, OBJECT, STRING, type Node } from "./node.js";
import { preview } from "../util/text.js";

const TYPE_NAMES: [number, string][] = [
  [NULL, "null"],
  [BOOLEAN, "boolean"],
  [NUMBER, "number"],
  [INTEGER, "integer"],
  [STRING, "string"],
  [ARRAY, "array"],
  [OBJECT, "object"],
];

/** The `expected` text of type bits: `string | null`. */
export function describeTypes(bits: number): string {
  if (bits === ANY) return "any value";
  return TYPE_NAMES.filter(([bit, name]) => (bits & bit) !== 0 && !(name === "integer" && bits & NUMBER))
    .map(([, name]) => name)
    .join(" | ");
}

/** The `expected` text of an enum: its first values, quoted and cut, then how many there are. */
export function describeEnum(values: readonly unknown[]): string {
  const shown = values.slice(0, 8).map((value) => preview(value, 24));
  return (values.length > 8 ? [...shown, `… (${values.length} values)`] : shown).join(" | ");
}

/**
 * Texts of alternatives joined with `|`, each once: "object | object" says no more than "object".
 *
 * @example
 * alternatives(["object", "string", "object"]); // "object | string"
 */
export function alternatives(texts: readonly string[]): string {
  return [...new Set(texts)].join(" | ");
}

/**
 * A short TypeScript-like description of what a node accepts, for `expected`.
 *
 * @example
 * describe(readSchema({ type: "string", format: "date" })); // "string (date)"
 */
export function describe(node: Node, depth = 0): string {
  if (node.never) return "nothing";
  if (node.enum) return describeEnum(node.enum);
  if (node.ref?.target && depth < 3) return describe(node.ref.target, depth + 1);
  const branches = node.anyOf ?? node.oneOf;
  if (branches && node.types === ANY && depth < 3) return alternatives(branches.map((b) => describe(b, depth + 1)));
  const base = describeTypes(node.types);
  return node.format ? `${base} (${node.format.name})` : node.base64 ? `${base} (base64)` : base;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * `describe`, but an object with declared properties is written with them (the first four), so that
 * union branches of one type can be told apart.
 *
 * @example
 * describeShape(
 *   readSchema({ type: "object", properties: { kind: { const: "a" }, x: { type: "number" } }, required: ["kind"] }),
 * );
 * // '{ kind: "a", x?: number }'
 */
export function describeShape(node: Node): string {
  let n = node;
  for (let hops = 0; n.ref?.target && !n.properties && hops < 8; hops++) n = n.ref.target;
  const props = n.properties;
  if (!props?.length || n.never || n.enum) return describe(node);
  const shown = props
    .slice(0, 4)
    .map(
      (property) =>
        `${IDENTIFIER.test(property.key) ? property.key : preview(property.key, 24)}${property.required ? "" : "?"}: ${describe(property.node, 1)}`,
    );
  if (props.length > 4) shown.push("…");
  return `{ ${shown.join(", ")} }`;
}

/** The JSON types a node can accept, looking through `$ref` and union branches (a few levels deep). */
export function typesOf(node: Node, seen = 0): number {
  if (node.ref?.target && seen < 8) return node.types & typesOf(node.ref.target, seen + 1);
  const branches = node.anyOf ?? node.oneOf;
  if (branches && seen < 8) return node.types & branches.reduce((bits, b) => bits | typesOf(b, seen + 1), 0);
  return node.types;
}
