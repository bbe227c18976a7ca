// Types of a tool set's cost, cache_control and results as parts: toModelOutput sees the function's result type,
// parts are checked, and the writers' output fits the SDKs' own parameter types.
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import {
  t,
  tool,
  toolTokens,
  type ToolRegistry,
  toAnthropicTools,
  modelOutput,
  type ToolTokens,
  type OutputPart,
  type ResultIssue,
} from "tooltype";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expect<T extends true>(): void {}

// toModelOutput receives what execute returns.
tool({
  name: "chart",
  description: "Chart.",
  parameters: t.object({ series: t.string() }),
  execute: ({ series }) => ({ series, png: new Uint8Array(1) }),
  toModelOutput: (value) => {
    expect<Equal<typeof value, { series: string; png: Uint8Array<ArrayBuffer> }>>();
    return [{ type: "image", data: value.png, mediaType: "image/png" }];
  },
});

// A part needs what its type needs.
const parts: OutputPart[] = [
  { type: "text", text: "a" },
  { type: "json", value: { a: 1 } },
  { type: "file", data: "AA==", mediaType: "application/pdf", filename: "a.pdf" },
];
// @ts-expect-error an image needs a mediaType
const missing: OutputPart = { type: "image", data: "AA==" };
modelOutput(...parts);

// Counting: a promise of per-tool and total counts.
declare const registry: ToolRegistry;
expect<Equal<ReturnType<typeof registry.tokens>, Promise<ToolTokens>>>();
expect<Equal<Awaited<ReturnType<typeof toolTokens>>["total"], number>>();
void toolTokens(registry.listTools(), "anthropic", { count: (text) => text.length, strict: true });
// @ts-expect-error bedrock has no tool format of its own to count
void toolTokens(registry.listTools(), "bedrock");

// cache_control fits the Anthropic SDK's tool type.
const cached: Anthropic.Tool[] = toAnthropicTools(registry.listTools(), { cacheControl: { ttl: "1h" } });
// @ts-expect-error Anthropic's TTLs are 5m and 1h
toAnthropicTools(registry.listTools(), { cacheControl: { ttl: "2h" } });

// Issues of the answer writers name the tool, the call and the part.
const seen = (issue: ResultIssue): string => `${issue.tool} ${issue.id}${issue.path}: ${issue.message}`;
const input: OpenAI.Responses.ResponseInputItem[] = [];
void [missing, cached, seen, input];
