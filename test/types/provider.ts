// One Provider type: every provider tooltype speaks, the same from the root and from tooltype/calls, and taken
// wherever a provider is named. ToolFormat is a different concept: the tool-definition formats tooltype writes.
import { createToolCallStream, parseToolCalls, type Provider, type ToolFormat } from "tooltype";
import type { Provider as CallsProvider } from "tooltype/calls";
import type { ToolFormat as ToolsToolFormat } from "tooltype/tools";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expect = <T extends true>(): T => true as T;

expect<Equal<Provider, CallsProvider>>();
expect<
  Equal<Provider, "openai" | "responses" | "anthropic" | "gemini" | "mcp" | "bedrock" | "mistral" | "ollama" | "cohere">
>();
expect<Equal<ToolFormat, ToolsToolFormat>>();

const mistral: Provider = "mistral";
const bedrock: Provider = "bedrock";
// @ts-expect-error: not a provider tooltype speaks
const palm: Provider = "palm";
// @ts-expect-error: Mistral takes OpenAI's tool format; it is not a format of its own
const format: ToolFormat = "mistral";

// Every ToolFormat names a Provider.
expect<ToolFormat extends Provider ? true : false>();

export function uses(response: unknown): void {
  parseToolCalls(response, mistral);
  createToolCallStream(bedrock);
  void palm;
  void format;
}
