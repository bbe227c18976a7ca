import { compileDescriptor } from "../guard/compile-descriptor.js";
import { toJSONSchema } from "../schema/to-json-schema.js";
import { preview } from "../util/text.js";
import type { ElicitSchema, Elicited, LogLevel } from "./tool.js";

/**
 * MCP's log levels, least to most severe.
 *
 * @example
 * LOG_LEVELS.indexOf("warning") > LOG_LEVELS.indexOf("info"); // true
 */
export const LOG_LEVELS: readonly LogLevel[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];

/**
 * A log level's rank among `LOG_LEVELS`; a level that is not one is a `TypeError` naming them.
 *
 * @example
 * checkedLevel("warning"); // 3
 */
export function checkedLevel(level: LogLevel): number {
  const rank = LOG_LEVELS.indexOf(level);
  if (rank < 0)
    throw new TypeError(`log: the level must be one of ${LOG_LEVELS.join(", ")}; received ${preview(level, 60)}`);
  return rank;
}

/**
 * The person's answer to an elicitation, read: `decline` and `cancel` as they are, `accept` with its content checked
 * against the schema sent (`enumNames`, a label only, left out). Anything else is an error saying what is wrong.
 *
 * @example
 * elicitedValue(
 *   { action: "accept", content: { confirm: true } },
 *   elicitationSchema(t.object({ confirm: t.boolean() })),
 * );
 */
export function elicitedValue(answer: unknown, requested: Record<string, unknown>): Elicited<unknown> {
  const action = (answer as { action?: unknown } | null)?.action;
  if (action === "decline" || action === "cancel") return { action };
  if (action !== "accept")
    throw new Error(
      `elicit: the client answered with an action that is not accept, decline or cancel: ${preview(action, 60)}`,
    );
  const content = (answer as { content?: unknown }).content ?? {};
  const properties = Object.entries(requested.properties as Record<string, Record<string, unknown>>).map(
    ([name, { enumNames: _labels, ...property }]) => [name, property],
  );
  const guard = compileDescriptor({ ...requested, properties: Object.fromEntries(properties) });
  const issues = guard.errors(content, { limit: 20 });
  if (issues.length)
    throw new Error(
      `elicit: the answer does not fit the schema:\n${issues.map((i) => `- at ${i.path || "/"}: ${i.message}`).join("\n")}`,
    );
  return { action, content };
}

const COMMON = ["type", "title", "description", "default"];
const KEYS: Record<string, readonly string[]> = {
  string: [...COMMON, "minLength", "maxLength", "format", "enum", "enumNames", "oneOf"],
  number: [...COMMON, "minimum", "maximum"],
  integer: [...COMMON, "minimum", "maximum"],
  boolean: COMMON,
  array: [...COMMON, "items", "minItems", "maxItems"],
};
const FORMATS = ["email", "uri", "date", "date-time"];

/**
 * The `requestedSchema` of `elicitation/create` for a `t.object`: MCP takes an object of flat properties only
 * (strings, numbers, integers, booleans, single- and multi-select enums). Anything else is refused with a
 * `TypeError` naming the property and the keyword.
 *
 * @example
 * elicitationSchema(t.object({ confirm: t.boolean() }));
 * // { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] }
 */
export function elicitationSchema(schema: ElicitSchema): Record<string, unknown> {
  const json = toJSONSchema(schema) as Record<string, unknown>;
  if (json.type !== "object" || typeof json.properties !== "object" || json.properties === null)
    throw new TypeError("elicit: the schema must be a t.object of flat properties, as MCP's elicitation allows");
  const properties: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(json.properties as Record<string, Record<string, unknown>>)) {
    const at = `elicit: property ${preview(name, 60)}`;
    const allowed = KEYS[property.type as string];
    if (!allowed)
      throw new TypeError(
        `${at} is ${preview(property.type ?? "without a type", 40)}; MCP's elicitation takes strings, numbers, integers, booleans and arrays of enum strings only`,
      );
    const extra = Object.keys(property).find((key) => !allowed.includes(key));
    if (extra) throw new TypeError(`${at} has ${preview(extra, 60)}, which MCP's elicitation does not allow here`);
    if (property.format !== undefined && !FORMATS.includes(property.format as string))
      throw new TypeError(`${at} has format ${preview(property.format, 40)}; MCP allows ${FORMATS.join(", ")}`);
    if (property.type === "array" && !isEnumItems(property.items))
      throw new TypeError(
        `${at} is an array whose items are not an enum of strings (a multi-select is the only array MCP allows)`,
      );
    properties[name] = property;
  }
  return { type: "object", properties, ...(Array.isArray(json.required) && { required: json.required }) };
}

function isEnumItems(items: unknown): boolean {
  if (typeof items !== "object" || items === null) return false;
  const { enum: values, anyOf } = items as { enum?: unknown; anyOf?: unknown };
  if (Array.isArray(values)) return values.every((v) => typeof v === "string");
  return Array.isArray(anyOf) && anyOf.every((o) => typeof (o as { const?: unknown })?.const === "string");
}
