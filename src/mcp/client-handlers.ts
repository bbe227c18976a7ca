import { compile } from "../guard/compile.js";
import { untrusted } from "../guard/pattern-safety.js";
import { dynamicScope } from "../guard/dynamic-scope.js";

/**
 * A server's question for the person (`elicitation/create`, form mode): a message and the JSON Schema of the
 * answer (an object of strings, numbers, booleans and enums).
 *
 * @example
 * {
 *   message: "Delete 3 files?",
 *   requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] },
 * }
 */
export interface MCPElicitRequest {
  readonly message: string;
  readonly requestedSchema: {
    readonly type: "object";
    readonly properties: Record<string, object>;
    readonly required?: readonly string[];
  };
  readonly [key: string]: unknown;
}

/**
 * The person's answer: `accept` with the values (checked against the requested schema, its defaults filled in),
 * `decline` (they said no) or `cancel` (they dismissed the question).
 *
 * @example
 * { action: "accept", content: { confirm: true } }
 */
export type MCPElicitResult =
  | { readonly action: "accept"; readonly content: Record<string, unknown> }
  | { readonly action: "decline" | "cancel" };

/**
 * A server's request to the client's model (`sampling/createMessage`): messages, a token budget, preferences.
 *
 * @example
 * { messages: [{ role: "user", content: { type: "text", text: "Summarise: ..." } }], maxTokens: 200 }
 */
export interface MCPSampleRequest {
  readonly messages: readonly { readonly role: "user" | "assistant"; readonly content: unknown }[];
  readonly maxTokens: number;
  readonly systemPrompt?: string;
  readonly [key: string]: unknown;
}

/**
 * The model's answer to a sampling request.
 *
 * @example
 * { role: "assistant", content: { type: "text", text: "A summary." }, model: "gpt-4o-mini", stopReason: "endTurn" }
 */
export interface MCPSampleResult {
  readonly role: "assistant";
  readonly content:
    | { readonly type: "text"; readonly text: string }
    | { readonly type: string; readonly [key: string]: unknown };
  readonly model: string;
  readonly stopReason?: string;
  readonly [key: string]: unknown;
}

/**
 * A log message from the server (`notifications/message`).
 *
 * @example
 * { level: "warning", logger: "indexer", data: "3 files skipped" }
 */
export interface MCPLogMessage {
  readonly level: "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";
  readonly logger?: string;
  readonly data: unknown;
}

/**
 * What a connected client answers when the server asks during a call, each declared to the server as a
 * capability only when given: `onElicit` (ask the person), `onSample` (ask the client's model), and `onLog`
 * (the server's log messages). `signal` aborts when the server cancels its request or the connection closes.
 *
 * @example
 * connectMCP({
 *   url,
 *   onElicit: async ({ message }) => ({ action: (await ask(message)) ? "accept" : "decline", content: {} }),
 * });
 */
export interface MCPClientHandlers {
  readonly onElicit?: (
    request: MCPElicitRequest,
    context: { readonly signal: AbortSignal },
  ) => MCPElicitResult | Promise<MCPElicitResult>;
  readonly onSample?: (
    request: MCPSampleRequest,
    context: { readonly signal: AbortSignal },
  ) => MCPSampleResult | Promise<MCPSampleResult>;
  readonly onLog?: (message: MCPLogMessage) => void;
}

/** The SDK's `Client` methods the handlers are installed with. */
interface HandlerClient {
  setRequestHandler(
    schema: unknown,
    handler: (request: { params: never }, extra: { signal: AbortSignal }) => unknown,
  ): void;
  setNotificationHandler(schema: unknown, handler: (notification: { params: never }) => void): void;
}

/**
 * The capabilities a client with these handlers declares: `elicitation` and `sampling` only when given.
 *
 * @example
 * clientCapabilities({ onElicit: ask }); // { elicitation: {} }
 */
export function clientCapabilities(handlers: MCPClientHandlers): Record<string, object> {
  checkHandlers(handlers);
  return {
    ...(handlers.onElicit && { elicitation: {} }),
    ...(handlers.onSample && { sampling: {} }),
  };
}

function checkHandlers(handlers: MCPClientHandlers): void {
  for (const name of ["onElicit", "onSample", "onLog"] as const)
    if (handlers[name] !== undefined && typeof handlers[name] !== "function")
      throw new TypeError(`connectMCP: ${name} must be a function, got ${typeof handlers[name]}`);
}

/**
 * Installs the handlers on an SDK client, with the SDK's request schemas (`types`: its `types.js`). An
 * accepted elicitation is given the schema's defaults for fields left out, then checked against the schema.
 *
 * @example
 * installHandlers(
 *   client,
 *   { onLog: (m) => console.log(m.level, m.data) },
 *   await import("@modelcontextprotocol/sdk/types.js"),
 * );
 */
export function installHandlers(
  client: HandlerClient,
  handlers: MCPClientHandlers,
  types: Record<string, unknown>,
): void {
  const { onElicit, onSample, onLog } = handlers;
  if (onElicit)
    client.setRequestHandler(types.ElicitRequestSchema, async ({ params }, { signal }) => {
      const request = params as MCPElicitRequest;
      return elicitAnswer(request, await onElicit(request, { signal }));
    });
  if (onSample)
    client.setRequestHandler(types.CreateMessageRequestSchema, ({ params }, { signal }) =>
      onSample(params as MCPSampleRequest, { signal }),
    );
  if (onLog) client.setNotificationHandler(types.LoggingMessageNotificationSchema, ({ params }) => onLog(params));
}

/**
 * The answer sent back for an elicitation: an accepted one with the requested schema's defaults for the
 * fields it leaves out, refused with the path and reason when it does not match the schema.
 *
 * @example
 * elicitAnswer(
 *   { message: "Name?", requestedSchema: { type: "object", properties: { n: { type: "string", default: "Ann" } } } },
 *   { action: "accept", content: {} },
 * );
 * // { action: "accept", content: { n: "Ann" } }
 */
export function elicitAnswer(request: MCPElicitRequest, answer: MCPElicitResult): MCPElicitResult {
  const action = (answer as { action?: unknown } | undefined)?.action;
  if (action === "decline" || action === "cancel") return { action };
  if (action !== "accept")
    throw new TypeError(
      `onElicit: the answer's action is "accept", "decline" or "cancel", got ${JSON.stringify(action)}`,
    );
  const given = (answer as { content?: unknown }).content ?? {};
  if (typeof given !== "object" || given === null || Array.isArray(given))
    throw new TypeError("onElicit: an accepted answer's content is an object of the requested fields");
  const properties = request.requestedSchema?.properties ?? {};
  const content: Record<string, unknown> = { ...(given as Record<string, unknown>) };
  for (const [key, field] of Object.entries(properties))
    if (!(key in content) && field && typeof field === "object" && "default" in field)
      content[key] = (field as { default: unknown }).default;
  const guard = compile(request.requestedSchema as object, { untrusted, dynamicScope });
  const issues = guard.errors(content, { limit: 5 });
  if (issues.length)
    throw new TypeError(
      `onElicit: the answer does not match the requested schema: ${issues.map((i) => `${i.path || "/"}: ${i.message}`).join("; ")}`,
    );
  return { action, content };
}
