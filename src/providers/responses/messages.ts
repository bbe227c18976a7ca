import type { ChatRole } from "../../calls/messages.js";
// The conversation entries the responses adapter writes and reads, as structural types (see calls/messages.ts).

/**
 * A function call output item (Responses): text, or text, image and file parts.
 *
 * @example
 * { type: "function_call_output", call_id: "call_1", output: "21 °C" }
 */
export interface ResponsesFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output:
    | string
    | (
        | { type: "input_text"; text: string }
        | { type: "input_image"; image_url: string }
        | { type: "input_file"; file_data: string; filename?: string }
      )[];
}
/**
 * A function call item of a response's output (Responses).
 *
 * @example
 * { type: "function_call", call_id: "call_1", name: "get_weather", arguments: "{}" }
 */
export interface ResponsesFunctionCall {
  type: "function_call";
  call_id: string;
  name: string;
  arguments: string;
  id?: string;
  status?: "in_progress" | "completed" | "incomplete";
}
/**
 * An annotation of output text (Responses).
 *
 * @example
 * { type: "url_citation", url: "https://...", title: "...", start_index: 0, end_index: 5 }
 */
export type ResponsesAnnotation =
  | { type: "url_citation"; url: string; title: string; start_index: number; end_index: number }
  | { type: "file_citation"; file_id: string; filename: string; index: number }
  | {
      type: "container_file_citation";
      container_id: string;
      file_id: string;
      filename: string;
      start_index: number;
      end_index: number;
    }
  | { type: "file_path"; file_id: string; index: number };
/**
 * A message item of a response's output (Responses).
 *
 * @example
 * {
 *   type: "message",
 *   id: "msg_1",
 *   role: "assistant",
 *   status: "completed",
 *   content: [{ type: "output_text", text: "Hi", annotations: [] }],
 * }
 */
export interface ResponsesOutputMessage {
  type: "message";
  id: string;
  role: "assistant";
  status: "in_progress" | "completed" | "incomplete";
  content: (
    | { type: "output_text"; text: string; annotations: ResponsesAnnotation[] }
    | { type: "refusal"; refusal: string }
  )[];
}
/**
 * A reasoning item of a response's output (Responses); it must precede its function calls when sent back.
 *
 * @example
 * { type: "reasoning", id: "rs_1", summary: [] }
 */
export interface ResponsesReasoningItem {
  type: "reasoning";
  id: string;
  summary: { type: "summary_text"; text: string }[];
  encrypted_content?: string | null;
}
/** The output items `runTools` appends to `input` (Responses). @example response.output */
export type ResponsesOutputItem = ResponsesFunctionCall | ResponsesOutputMessage | ResponsesReasoningItem;

/**
 * What the `responses` value reads and writes, for types (see `ProviderTypes`).
 *
 * @example
 * ToolMessageOf<typeof responses>
 */
export interface ResponsesTypes {
  tool: ResponsesFunctionCallOutput;
  assistant: ResponsesOutputItem;
  request: {
    readonly input?: string | readonly { readonly role?: Exclude<ChatRole, "tool">; readonly type?: string }[];
  };
  conversation: "input";
}
