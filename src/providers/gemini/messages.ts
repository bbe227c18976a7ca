// The conversation entries the gemini adapter writes and reads, as structural types (see calls/messages.ts).

/**
 * A part of a Gemini `Content`: text, a function call or a function response.
 *
 * @example
 * { functionCall: { name: "get_weather", args: { city: "Paris" } } }
 */
export interface GeminiPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: { id?: string; name?: string; args?: Record<string, unknown> };
  functionResponse?: {
    id?: string;
    name?: string;
    response?: Record<string, unknown>;
    parts?: { inlineData?: { mimeType?: string; data?: string; displayName?: string } }[];
  };
}
/**
 * A Gemini `Content`: the model's turn, or the user turn holding the function responses.
 *
 * @example
 * { role: "user", parts: [{ functionResponse: { name: "get_weather", response: { result: "21 °C" } } }] }
 */
export interface GeminiContent {
  role?: string;
  parts?: GeminiPart[];
}

/** What the `gemini` value reads and writes, for types (see `ProviderTypes`). @example ToolMessageOf<typeof gemini> */
export interface GeminiTypes {
  tool: GeminiContent & { role: "user"; parts: GeminiPart[] };
  assistant: GeminiContent;
  request: {
    readonly contents?: string | { readonly role?: "user" | "model" } | readonly { readonly role?: "user" | "model" }[];
  };
  conversation: "contents";
}
