import { isMediaType, modelOutput, type ModelOutput, type OutputPart } from "../tools/output.js";
import { preview } from "../util/text.js";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

type Block = Record<string, unknown>;

const isBlock = (value: unknown): value is Block => typeof value === "object" && value !== null;
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * The content of an MCP `tools/call` result as the model is sent it: text alone (texts, embedded text
 * resources and resource links) as one string; with images, audio or binary resources, a `modelOutput` whose
 * parts each provider's answer writer sends as it can. A block the server sent wrong (bytes that are empty or not
 * base64,
 * a malformed media type, an unknown type) becomes a text part saying so, never a request the provider refuses.
 *
 * @example
 * mcpContentValue([{ type: "text", text: "Done." }]); // "Done."
 * mcpContentValue([{ type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" }]);
 * // modelOutput({ type: "image", data: "iVBORw0KGgo=", mediaType: "image/png" })
 */
export function mcpContentValue(content: readonly unknown[]): string | ModelOutput {
  const parts = content.map(partOf);
  if (parts.every((part) => part.type === "text"))
    return parts.map((part) => (part as { text: string }).text).join("\n");
  return modelOutput(...parts);
}

function partOf(block: unknown): OutputPart {
  if (!isBlock(block)) return text(`[a content block that is not an object: ${preview(block, 200)}]`);
  switch (block.type) {
    case "text":
      return text(str(block.text) ?? "");
    case "image":
      return bytes("image", block.data, block.mimeType, undefined);
    case "audio":
      return bytes("file", block.data, block.mimeType, undefined);
    case "resource":
      return resource(isBlock(block.resource) ? block.resource : {});
    case "resource_link":
      return text(
        `Resource link: ${str(block.name) ?? "(unnamed)"} (${str(block.uri) ?? "no uri"})${str(block.description) ? `: ${block.description}` : ""}`,
      );
    default:
      return text(`[a content block of type ${preview(block.type, 60)}: ${preview(block, 300)}]`);
  }
}

// An embedded resource: its text, or its bytes as a file named after the last segment of its URI.
function resource(embedded: Block): OutputPart {
  const uri = str(embedded.uri) ?? "";
  if (typeof embedded.text === "string") return text(uri ? `Resource ${uri}:\n${embedded.text}` : embedded.text);
  const filename = uri.split(/[/\\]/).pop() || undefined;
  return bytes("file", embedded.blob, embedded.mimeType ?? "application/octet-stream", filename);
}

function bytes(type: "image" | "file", data: unknown, mediaType: unknown, filename: string | undefined): OutputPart {
  const kind = type === "image" ? "an image" : "a file";
  if (!isMediaType(mediaType))
    return text(`[${kind} from the server whose media type ${preview(mediaType, 60)} is not valid]`);
  // No data at all is refused too: a provider refuses an empty image.
  if (typeof data !== "string" || !data || data.length % 4 !== 0 || !BASE64.test(data))
    return text(`[${kind} (${mediaType}) from the server whose data is empty or not base64]`);
  return type === "image"
    ? { type, data, mediaType }
    : { type, data, mediaType, ...(filename !== undefined && { filename }) };
}

const text = (value: string): OutputPart => ({ type: "text", text: value });
