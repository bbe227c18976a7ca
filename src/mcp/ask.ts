import { compile } from "../guard/compile.js";
import { toJSONSchema } from "../schema/to-json-schema.js";
import type { ElicitSchema, Elicited, LogLevel, RunOptions, SampleRequest, SampleResult } from "../tools/tool.js";
import { preview } from "../util/text.js";

/**
 * MCP's log levels, least to most severe.
 *
 * @example
 * LOG_LEVELS.indexOf("warning") > LOG_LEVELS.indexOf("info"); // true
 */
export const LOG_LEVELS: readonly LogLevel[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];

/**
 * What a served call needs to reach its client: where notifications go, how a request is sent and its answer
 * awaited (absent when the transport cannot carry one), what the client declared, and the level it asked for.
 *
 * @example
 * const peer: Peer = { notify: send, ask: (method, params, signal) => outgoing.ask(method, params, signal), session };
 */
export interface Peer {
  readonly notify?: (message: object) => void;
  readonly ask?: (method: string, params: object, signal?: AbortSignal) => Promise<unknown>;
  readonly session: { readonly capabilities?: Record<string, unknown>; readonly logLevel?: LogLevel };
}

/**
 * A call's `log`, `elicit` and `sample` for its function's third argument.
 *
 * @example
 * const { log, elicit, sample } = askExtras(peer, signal);
 */
export function askExtras(peer: Peer, signal: AbortSignal | undefined): Pick<RunOptions, "log" | "elicit" | "sample"> {
  const log = (level: LogLevel, data: unknown) => {
    const rank = LOG_LEVELS.indexOf(level);
    if (rank < 0)
      throw new TypeError(`log: the level must be one of ${LOG_LEVELS.join(", ")}; received ${preview(level, 60)}`);
    if (rank < LOG_LEVELS.indexOf(peer.session.logLevel ?? "debug")) return;
    peer.notify?.({ jsonrpc: "2.0", method: "notifications/message", params: { level, data } });
  };
  const elicit = async <S extends ElicitSchema>(message: string, schema: S) => {
    if (typeof message !== "string" || !message)
      throw new TypeError(`elicit: the message must be a non-empty string; received ${preview(message, 60)}`);
    const requestedSchema = elicitationSchema(schema);
    const answer = await ask(peer, "elicitation", "elicitation/create", { message, requestedSchema }, signal);
    return elicitedValue(answer, requestedSchema) as Elicited<never>;
  };
  const sample = async (request: SampleRequest) => {
    if (typeof request !== "object" || request === null || !Array.isArray(request.messages))
      throw new TypeError('sample: the request must be an object with "messages", an array, and "maxTokens"');
    if (!(Number.isSafeInteger(request.maxTokens) && request.maxTokens > 0))
      throw new TypeError(
        `sample: "maxTokens" must be a whole number, 1 or more; received ${preview(request.maxTokens, 60)}`,
      );
    const answer = await ask(peer, "sampling", "sampling/createMessage", request, signal);
    if (typeof answer !== "object" || answer === null || !("content" in answer))
      throw new Error(`sample: the client answered without "content": ${preview(answer, 200)}`);
    return answer as SampleResult;
  };
  return { log, elicit, sample };
}

// A request to the client, after checking that it declared the capability and that the transport can carry it.
function ask(peer: Peer, capability: string, method: string, params: object, signal?: AbortSignal): Promise<unknown> {
  if (!peer.ask)
    throw new Error(
      `${method} needs a connection that carries requests to the client: over HTTP, give mcpHttpHandler { sessions } (a stateless handler cannot)`,
    );
  const declared = peer.session.capabilities;
  if (!declared || typeof declared[capability] !== "object" || declared[capability] === null)
    throw new Error(
      `The client did not declare the "${capability}" capability in initialize, so it cannot answer ${method}`,
    );
  return peer.ask(method, params, signal);
}

// The person's answer, its content checked against the schema sent (`enumNames`, a label only, left out).
function elicitedValue(answer: unknown, requested: Record<string, unknown>): Elicited<unknown> {
  const action = (answer as { action?: unknown } | null)?.action;
  if (action === "decline" || action === "cancel") return { action };
  if (action !== "accept")
    throw new Error(
      `elicit: the client answered with an action that is not accept, decline or cancel: ${preview(action, 60)}`,
    );
  const content = (answer as { content?: unknown }).content ?? {};
  const properties = Object.entries(requested.properties as Record<string, Record<string, unknown>>).map(
    ([name, { enumNames: _labels, ...property }]) => [name, property],
  );
  const guard = compile({ ...requested, properties: Object.fromEntries(properties) });
  const issues = guard.errors(content, { limit: 20 });
  if (issues.length)
    throw new Error(
      `elicit: the answer does not fit the schema:\n${issues.map((i) => `- at ${i.path || "/"}: ${i.message}`).join("\n")}`,
    );
  return { action, content };
}

const COMMON = ["type", "title", "description", "default"];
const KEYS: Record<string, readonly string[]> = {
  string: [...COMMON, "minLength", "maxLength", "format", "enum", "enumNames", "oneOf"],
  number: [...COMMON, "minimum", "maximum"],
  integer: [...COMMON, "minimum", "maximum"],
  boolean: COMMON,
  array: [...COMMON, "items", "minItems", "maxItems"],
};
const FORMATS = ["email", "uri", "date", "date-time"];

/**
 * The `requestedSchema` of `elicitation/create` for a `t.object`: MCP takes an object of flat properties only
 * (strings, numbers, integers, booleans, single- and multi-select enums). Anything else is refused with a
 * `TypeError` naming the property and the keyword.
 *
 * @example
 * elicitationSchema(t.object({ confirm: t.boolean() }));
 * // { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] }
 */
export function elicitationSchema(schema: ElicitSchema): Record<string, unknown> {
  const json = toJSONSchema(schema) as Record<string, unknown>;
  if (json.type !== "object" || typeof json.properties !== "object" || json.properties === null)
    throw new TypeError("elicit: the schema must be a t.object of flat properties, as MCP's elicitation allows");
  const properties: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(json.properties as Record<string, Record<string, unknown>>)) {
    const at = `elicit: property ${preview(name, 60)}`;
    const allowed = KEYS[property.type as string];
    if (!allowed)
      throw new TypeError(
        `${at} is ${preview(property.type ?? "without a type", 40)}; MCP's elicitation takes strings, numbers, integers, booleans and arrays of enum strings only`,
      );
    const extra = Object.keys(property).find((key) => !allowed.includes(key));
    if (extra) throw new TypeError(`${at} has ${preview(extra, 60)}, which MCP's elicitation does not allow here`);
    if (property.format !== undefined && !FORMATS.includes(property.format as string))
      throw new TypeError(`${at} has format ${preview(property.format, 40)}; MCP allows ${FORMATS.join(", ")}`);
    if (property.type === "array" && !isEnumItems(property.items))
      throw new TypeError(
        `${at} is an array whose items are not an enum of strings (a multi-select is the only array MCP allows)`,
      );
    properties[name] = property;
  }
  return { type: "object", properties, ...(Array.isArray(json.required) && { required: json.required }) };
}

function isEnumItems(items: unknown): boolean {
  if (typeof items !== "object" || items === null) return false;
  const { enum: values, anyOf } = items as { enum?: unknown; anyOf?: unknown };
  if (Array.isArray(values)) return values.every((v) => typeof v === "string");
  return Array.isArray(anyOf) && anyOf.every((o) => typeof (o as { const?: unknown })?.const === "string");
}

/**
 * The requests a server sent its client and awaits, by id: `send` writes one, `answer` settles it from the
 * client's response, `close` fails every one still waiting (the client went away).
 *
 * @example
 * const outgoing = new Outgoing();
 * const reply = outgoing.send(write, "elicitation/create", params, signal); // later: outgoing.answer(response)
 */
export class Outgoing {
  #next = 0;
  readonly #waiting = new Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  /**
   * Sends a request through `write` and resolves with the client's result; a client error, or `signal` aborting,
   * rejects.
   */
  send(write: (message: object) => void, method: string, params: object, signal?: AbortSignal): Promise<unknown> {
    const id = `tooltype-${++this.#next}`;
    return new Promise((resolve, reject) => {
      const cancel = () => {
        this.#waiting.delete(id);
        write({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id } });
        reject(signal!.reason instanceof Error ? signal!.reason : new Error(`${method} was cancelled`));
      };
      if (signal?.aborted) return cancel();
      signal?.addEventListener("abort", cancel, { once: true });
      const done = () => signal?.removeEventListener("abort", cancel);
      this.#waiting.set(id, {
        resolve: (value) => (done(), resolve(value)),
        reject: (error) => (done(), reject(error)),
      });
      write({ jsonrpc: "2.0", id, method, params });
    });
  }

  /** Settles the request a client's response answers; false when it answers none (unknown or already settled). */
  answer(message: { id?: unknown; result?: unknown; error?: { message?: unknown } }): boolean {
    const key = typeof message.id === "string" ? message.id : "";
    const waiting = this.#waiting.get(key);
    if (!waiting) return false;
    this.#waiting.delete(key);
    if (message.error !== undefined)
      waiting.reject(
        new Error(`The client answered with an error: ${preview(message.error?.message ?? message.error, 300)}`),
      );
    else waiting.resolve(message.result);
    return true;
  }

  /** Fails every request still waiting. */
  close(reason: string): void {
    for (const waiting of this.#waiting.values()) waiting.reject(new Error(reason));
    this.#waiting.clear();
  }
}
