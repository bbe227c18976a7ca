import type { ModelPart } from "../tools/output.js";
import type { ConversionWarning } from "../schema/dialects/warnings.js";
import type { CallResult } from "../tools/call.js";
import { resultText } from "./wire.js";

/**
 * A change an answer writer made to what a tool returned, because the provider cannot take it in a tool result:
 * an image moved into a user message, a file it cannot read written as a note. `path` is `/output/N`, the part.
 *
 * @example
 * {
 *   tool: "chart",
 *   id: "call_1",
 *   provider: "openai",
 *   path: "/output/1",
 *   kind: "changed",
 *   message: "openai tool messages take text only; the image was sent in a user message after them",
 * }
 */
export interface ResultIssue extends ConversionWarning {
  readonly tool: string;
  readonly id: string;
  readonly provider: string;
}

/**
 * Options of `toToolMessages` and of an adapter's `toolMessages`.
 *
 * @example
 * toToolMessages(results, "openai", {
 *   onIssue: (issue) => console.warn(`${issue.tool}${issue.path}: ${issue.message}`),
 * });
 */
export interface AnswerOptions {
  /** Receives each change made to a result the provider cannot take as it is. Nothing is printed without one. */
  readonly onIssue?: (issue: ResultIssue) => void;
}

/**
 * Reports a part of one result as changed: `(index, message)`.
 *
 * @example
 * output.report(2, "openai tool messages take text only; ...")
 */
export type PartReporter = (index: number, message: string) => void;

/**
 * The parts of a result the model is to see (a tool's `toModelOutput` or `modelOutput`), with a reporter for
 * what the writer changes; undefined when the result has none, so it is written as text as before.
 *
 * @example
 * const parts = outputOf(r, "anthropic", options);
 */
export function outputOf(
  call: CallResult,
  provider: string,
  options: AnswerOptions | undefined,
): { parts: readonly ModelPart[]; report: PartReporter } | undefined {
  const result = call.result;
  if (!result.success || !result.output) return undefined;
  const report: PartReporter = (index, message) =>
    options?.onIssue?.({ tool: call.name, id: call.id, provider, path: `/output/${index}`, message, kind: "changed" });
  return { parts: result.output, report };
}

/** An image or file part. @example { type: "image", data: "AQ==", mediaType: "image/png" } */
export type MediaPart = Extract<ModelPart, { data: string }>;

/** Whether a part is an image or a file (not text or JSON). @example isMedia({ type: "text", text: "a" }); // false */
export function isMedia(part: ModelPart): part is MediaPart {
  return part.type === "image" || part.type === "file";
}

/** A text or JSON part as text. @example partText({ type: "json", value: { a: 1 } }); // '{"a":1}' */
export function partText(part: Exclude<ModelPart, MediaPart>): string {
  return part.type === "text" ? part.text : (JSON.stringify(part.value) ?? "null");
}

/**
 * An image or file part as a `data:` URL.
 *
 * @example
 * dataURL({ type: "image", data: "AQ==", mediaType: "image/png" });
 * // "data:image/png;base64,AQ=="
 */
export function dataURL(part: MediaPart): string {
  return `data:${part.mediaType};base64,${part.data}`;
}

/**
 * The image types every provider that reads images in tool results documents: PNG, JPEG, GIF and WebP. Never SVG
 * (a document that can hold scripts) or HTML, whatever a tool or server labels as an image.
 *
 * @example
 * WEB_IMAGES.has("image/svg+xml"); // false
 */
export const WEB_IMAGES: ReadonlySet<string> = /* @__PURE__ */ new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
]);

/**
 * Whether a provider documents a part's media type where the writer puts it: an image among `images`, a file among
 * `files` (media types compared without case).
 *
 * @example
 * documented({ type: "image", data: "AQ==", mediaType: "image/svg+xml" }, WEB_IMAGES, new Set()); // false
 */
export function documented(part: MediaPart, images: ReadonlySet<string>, files: ReadonlySet<string>): boolean {
  return (part.type === "image" ? images : files).has(part.mediaType.toLowerCase());
}

/**
 * A note in place of an image or file the provider cannot take, so the model knows something was there.
 *
 * @example
 * omitted({ type: "image", data: "AQ==", mediaType: "image/bmp" }, "anthropic");
 * // "[image/bmp image of 1 bytes, not shown: anthropic cannot read it in a tool result]"
 */
export function omitted(part: MediaPart, provider: string): string {
  const bytes = Math.floor((part.data.replace(/=+$/, "").length * 3) / 4);
  const name = part.type === "file" && part.filename ? ` "${part.filename}"` : "";
  return `[${part.mediaType} ${part.type}${name} of ${bytes} bytes, not shown: ${provider} cannot read it in a tool result]`;
}

/**
 * Every part as text, for providers whose tool results are text only: images and files become notes, each reported.
 *
 * @example
 * textOnly(call, "mistral", options);
 * // "Chart of sales\n[image/png image of 1024 bytes, not shown: mistral cannot read it in a tool result]"
 */
export function textOnly(call: CallResult, provider: string, options: AnswerOptions | undefined): string {
  const output = outputOf(call, provider, options);
  if (!output) return resultText(call.result);
  return output.parts
    .map((part, index) => {
      if (!isMedia(part)) return partText(part);
      output.report(index, `${provider} takes text only in tool results; the ${part.type} was replaced by a note`);
      return omitted(part, provider);
    })
    .join("\n");
}

/**
 * The `structuredContent` MCP carries for a tool's parts: the value of its one JSON part, when that is an object.
 *
 * @example
 * mcpStructured([{ type: "text", text: "3 points" }, { type: "json", value: { points: 3 } }]); // { points: 3 }
 */
export function mcpStructured(parts: readonly ModelPart[]): Record<string, unknown> | undefined {
  const json = parts.filter((p) => p.type === "json");
  const value = json.length === 1 ? json[0]!.value : undefined;
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * Parts as MCP content blocks: text (JSON as its text), `image`, `audio` (a file whose media type is `audio/...`),
 * and any other file as an embedded `resource` (its URI
 * names it: `attachment:NAME`). MCP takes every part, so nothing is reported.
 *
 * @example
 * mcpContent([{ type: "image", data: "AQ==", mediaType: "image/png" }]);
 * // [{ type: "image", data: "AQ==", mimeType: "image/png" }]
 */
export function mcpContent(
  parts: readonly ModelPart[],
): (
  | { type: "text"; text: string }
  | { type: "image" | "audio"; data: string; mimeType: string }
  | { type: "resource"; resource: { uri: string; mimeType: string; blob: string } }
)[] {
  return parts.map((part) => {
    if (!isMedia(part)) return { type: "text" as const, text: partText(part) };
    if (part.type === "image") return { type: "image" as const, data: part.data, mimeType: part.mediaType };
    if (part.mediaType.startsWith("audio/"))
      return { type: "audio" as const, data: part.data, mimeType: part.mediaType };
    return {
      type: "resource" as const,
      resource: {
        uri: `attachment:${encodeURIComponent(part.filename ?? "file")}`,
        mimeType: part.mediaType,
        blob: part.data,
      },
    };
  });
}
