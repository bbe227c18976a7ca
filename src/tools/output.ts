import { encodeBase64 } from "../util/base64.js";
import { jsonData } from "../util/json-data.js";

/**
 * One part of what a tool sends back to the model: text, JSON, an image or a file. Bytes are base64 text or a
 * `Uint8Array` (written as base64); `mediaType` is the IANA type (`image/png`, `application/pdf`).
 *
 * @example
 * [{ type: "text", text: "The chart:" }, { type: "image", data: pngBytes, mediaType: "image/png" }]
 */
export type OutputPart =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "json"; readonly value: unknown }
  | { readonly type: "image"; readonly data: string | Uint8Array; readonly mediaType: string }
  | {
      readonly type: "file";
      readonly data: string | Uint8Array;
      readonly mediaType: string;
      readonly filename?: string;
    };

/**
 * An output part as a result carries it: bytes as base64 text, JSON as plain data.
 *
 * @example
 * { type: "image", data: "iVBORw0KGgo...", mediaType: "image/png" }
 */
export type ModelPart =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "json"; readonly value: unknown }
  | { readonly type: "image"; readonly data: string; readonly mediaType: string }
  | { readonly type: "file"; readonly data: string; readonly mediaType: string; readonly filename?: string };

const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/**
 * Whether a value is an IANA media type as a part carries it: `type/subtype`.
 *
 * @example
 * isMediaType("image/png"); // true
 * isMediaType("png; <script>"); // false
 */
export function isMediaType(value: unknown): value is string {
  return typeof value === "string" && MEDIA_TYPE.test(value);
}

const BRAND: unique symbol = /* @__PURE__ */ Symbol.for("tooltype.modelOutput") as never;

/**
 * What a tool's function returns to send parts (an image, a file) instead of a value written as JSON text.
 * Each provider's answer writer sends what that provider accepts, and reports what it had to change. The result's
 * value is then the parts themselves (a declared `returns` is not checked against them).
 *
 * @example
 * const chart = tool({ name: "chart", description: "Draws a chart.", parameters: t.object({ q: t.string() }),
 *   execute: async ({ q }) =>
 *     modelOutput(
 *       { type: "text", text: `Chart of ${q}` },
 *       { type: "image", data: await draw(q), mediaType: "image/png" },
 *     ),
 * });
 */
export interface ModelOutput {
  readonly [BRAND]: true;
  readonly parts: readonly OutputPart[];
}

/**
 * Parts for the model, as a tool's function returns them (see `ModelOutput`).
 *
 * @example
 * return modelOutput({ type: "image", data: png, mediaType: "image/png" });
 */
export function modelOutput(...parts: readonly OutputPart[]): ModelOutput {
  return Object.freeze({ [BRAND]: true as const, parts: Object.freeze([...parts]) });
}

/**
 * Whether a value is a `modelOutput(...)`.
 *
 * @example
 * isModelOutput(modelOutput({ type: "text", text: "hi" }));
 * // true
 */
export function isModelOutput(value: unknown): value is ModelOutput {
  return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}

/**
 * Checks what a tool (or its `toModelOutput`) gave as parts and writes them as a result carries them: bytes as
 * base64, JSON as plain data. A string is one text part. Anything else is an error naming the tool and the part.
 *
 * @example
 * modelParts("chart", { type: "image", data: new Uint8Array([1]), mediaType: "image/png" });
 * // [{ type: "image", data: "AQ==", mediaType: "image/png" }]
 */
export function modelParts(toolName: string, given: unknown): ModelPart[] {
  const list = typeof given === "string" ? [{ type: "text", text: given }] : Array.isArray(given) ? given : [given];
  return list.map((part, index) => modelPart(part, `Tool "${toolName}": output part ${index}`));
}

function modelPart(part: unknown, where: string): ModelPart {
  if (typeof part !== "object" || part === null)
    throw new TypeError(`${where} must be an object such as { type: "text", text }; received ${typeof part}`);
  const p = part as Record<string, unknown>;
  if (p.type === "text") {
    if (typeof p.text !== "string") throw new TypeError(`${where}: a text part needs text as a string`);
    return { type: "text", text: p.text };
  }
  if (p.type === "json") return { type: "json", value: jsonData(p.value) ?? null };
  if (p.type === "image" || p.type === "file") {
    if (!isMediaType(p.mediaType))
      throw new TypeError(`${where}: an ${p.type} part needs mediaType, such as "image/png" or "application/pdf"`);
    const data = p.data instanceof Uint8Array ? encodeBase64(p.data) : p.data;
    if (typeof data !== "string") throw new TypeError(`${where}: data must be base64 text or a Uint8Array`);
    if (p.type === "image") return { type: "image", data, mediaType: p.mediaType };
    if (p.filename !== undefined && typeof p.filename !== "string")
      throw new TypeError(`${where}: filename must be a string`);
    return {
      type: "file",
      data,
      mediaType: p.mediaType,
      ...(typeof p.filename === "string" && { filename: p.filename }),
    };
  }
  throw new TypeError(`${where} has type ${JSON.stringify(p.type)}; a part is "text", "json", "image" or "file"`);
}
