import type { ChatRole } from "../../calls/messages.js";
// The conversation entries the cohere adapter writes and reads, as structural types (see calls/messages.ts).

/** A Cohere v2 chat message of the tool loop. @example { role: "tool", toolCallId: "c1", content: "3" } */
export type CohereMessage =
  | {
      role: "assistant";
      toolCalls: { id?: string; type?: "function"; function?: { name?: string; arguments?: string } }[];
      toolPlan?: string;
      content?: unknown;
    }
  | { role: "tool"; toolCallId: string; content: string };

/** What the `cohere` value reads and writes, for types (see `ProviderTypes`). @example ToolMessageOf<typeof cohere> */
export interface CohereTypes {
  tool: Extract<CohereMessage, { role: "tool" }>;
  assistant: Extract<CohereMessage, { role: "assistant" }>;
  request: { readonly messages?: readonly { readonly role: ChatRole }[] };
  conversation: "messages";
}
