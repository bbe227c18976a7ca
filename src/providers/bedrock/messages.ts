// The conversation entries the bedrock adapter writes and reads, as structural types (see calls/messages.ts).

/**
 * A Bedrock Converse message.
 *
 * @example
 * { role: "user", content: [{ toolResult: { toolUseId: "t1", content: [{ text: "3" }] } }] }
 */
export interface BedrockMessage {
  role: "user" | "assistant";
  content: {
    text?: string;
    toolUse?: { toolUseId: string; name: string; input: unknown };
    toolResult?: { toolUseId: string; content: ({ text: string } | { json: unknown })[]; status?: "success" | "error" };
  }[];
}

/**
 * What the `bedrock` value reads and writes, for types (see `ProviderTypes`).
 *
 * @example
 * ToolMessageOf<typeof bedrock>
 */
export interface BedrockTypes {
  tool: BedrockMessage & { role: "user" };
  assistant: BedrockMessage & { role: "assistant" };
  request: { readonly messages?: readonly { readonly role: "user" | "assistant" }[] };
  conversation: "messages";
}
