import type { ChatRole } from "../../calls/messages.js";
// The conversation entries the ollama adapter writes and reads, as structural types (see calls/messages.ts).

/** An Ollama chat message of the tool loop. @example { role: "tool", tool_name: "add", content: "3" } */
export type OllamaMessage =
  | {
      role: "assistant";
      content: string;
      tool_calls?: { function: { name: string; arguments: Record<string, unknown> } }[];
    }
  | { role: "tool"; tool_name: string; content: string };

/** What the `ollama` value reads and writes, for types (see `ProviderTypes`). @example ToolMessageOf<typeof ollama> */
export interface OllamaTypes {
  tool: Extract<OllamaMessage, { role: "tool" }>;
  assistant: Extract<OllamaMessage, { role: "assistant" }>;
  request: { readonly messages?: readonly { readonly role: ChatRole }[] };
  conversation: "messages";
}
