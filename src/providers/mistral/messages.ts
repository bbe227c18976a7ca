import type { ChatRole } from "../../calls/messages.js";
// The conversation entries the mistral adapter writes and reads, as structural types (see calls/messages.ts).

/** A Mistral chat message of the tool loop. @example { role: "tool", toolCallId: "c1", name: "add", content: "3" } */
export type MistralMessage =
  | {
      role: "assistant";
      content: string;
      toolCalls: {
        id?: string;
        type?: "function";
        function: { name: string; arguments: string | Record<string, unknown> };
      }[];
    }
  | { role: "tool"; toolCallId: string; name: string; content: string };

/**
 * What the `mistral` value reads and writes, for types (see `ProviderTypes`).
 *
 * @example
 * ToolMessageOf<typeof mistral>
 */
export interface MistralTypes {
  tool: Extract<MistralMessage, { role: "tool" }>;
  assistant: Extract<MistralMessage, { role: "assistant" }>;
  request: { readonly messages?: readonly { readonly role: ChatRole }[] };
  conversation: "messages";
}
