// OpenTelemetry spans for the tool loop, with the GenAI semantic conventions' names and attributes. Nothing here
// imports @opentelemetry/api: a tracer is anything with its `startSpan` shape, and the default is the tracer
// provider the application registered with that API, found where every copy of the API keeps it. Without one
// (and without a `tracer` option) the loop makes no spans and pays nothing.
import type { AnyTool } from "../tools/tool.js";
import type { ToolResult } from "../tools/result.js";
import { field } from "../calls/wire.js";
import type { Usage } from "./usage.js";
import { cut } from "../util/text.js";

/** Attribute values as OpenTelemetry takes them. @example const value: SpanAttributeValue = "openai"; */
export type SpanAttributeValue = string | number | boolean | string[] | number[];

/**
 * The part of an OpenTelemetry `Span` the loop uses; `@opentelemetry/api`'s spans have it.
 *
 * @example
 * const span: TraceSpan = tracer.startSpan("chat gpt-4o-mini");
 */
export interface TraceSpan {
  setAttribute(key: string, value: SpanAttributeValue): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  recordException?(exception: Error | string): unknown;
  /** An event at a point in the span (a tool's log message); OpenTelemetry spans have it. */
  addEvent?(name: string, attributes?: Record<string, SpanAttributeValue>): unknown;
  end(): void;
}

/**
 * The part of an OpenTelemetry `Tracer` the loop uses: `trace.getTracer("my-app")` from `@opentelemetry/api` is one.
 *
 * @example
 * import { trace } from "@opentelemetry/api";
 * runTools({ ..., tracer: trace.getTracer("my-app") });
 */
export interface Tracer {
  startSpan(
    name: string,
    options?: { kind?: number; attributes?: Record<string, SpanAttributeValue> },
    context?: unknown,
  ): TraceSpan;
}

// Where @opentelemetry/api 1.x keeps what the application registered (its tracer provider and context manager).
const API_KEY = Symbol.for("opentelemetry.js.api.1");
// The key under which a context holds its span (the API's `trace.setSpan` uses it).
const SPAN_KEY = Symbol.for("OpenTelemetry Context Key SPAN");
const KIND = { internal: 0, client: 2 } as const;
/**
 * The most characters a span's name, a string attribute or an error message keeps (a model's response id can be
 * megabytes).
 */
const MAX_CHARS = 1_000;
/** The most entries a list attribute keeps (a response can give thousands of finish reasons). */
const MAX_ENTRIES = 64;

// An attribute as a span keeps it: strings cut to MAX_CHARS, lists to MAX_ENTRIES.
function bounded(value: SpanAttributeValue): SpanAttributeValue {
  if (typeof value === "string") return cut(value, MAX_CHARS);
  if (!Array.isArray(value)) return value;
  const kept = value.slice(0, MAX_ENTRIES);
  return (typeof kept[0] === "string" ? (kept as string[]).map((v) => cut(v, MAX_CHARS)) : kept) as SpanAttributeValue;
}

// An error as a span records it: its message and stack cut to MAX_CHARS.
function boundedError(error: unknown): { error: Error | string; message: string } {
  if (!(error instanceof Error)) {
    const message = cut(String(error), MAX_CHARS);
    return { error: message, message };
  }
  const message = cut(error.message, MAX_CHARS);
  if (message === error.message && (error.stack ?? "").length <= 4 * MAX_CHARS) return { error, message };
  const copy = new Error(message);
  copy.name = error.name;
  copy.stack = cut(error.stack ?? "", 4 * MAX_CHARS);
  return { error: copy, message };
}
const ERROR = 2;

interface Context {
  getValue(key: symbol): unknown;
  setValue(key: symbol, value: unknown): Context;
  deleteValue(key: symbol): Context;
}
interface ContextManager {
  active(): Context;
  with<T>(context: Context, fn: () => T): T;
}
interface RegisteredApi {
  trace?: { getTracer(name: string, version?: string): Tracer };
  context?: ContextManager;
}

const registered = (): RegisteredApi | undefined => (globalThis as Record<symbol, RegisteredApi | undefined>)[API_KEY];

/** A context of our own when the application registered no context manager: immutable, as the API's are. */
function plainContext(values: ReadonlyMap<symbol, unknown> = new Map()): Context {
  return {
    getValue: (key) => values.get(key),
    setValue: (key, value) => plainContext(new Map(values).set(key, value)),
    deleteValue: (key) => {
      const next = new Map(values);
      next.delete(key);
      return plainContext(next);
    },
  };
}

/** One span in progress: attributes may be added until it ends, once. */
export interface SpanHandle {
  /** Runs `fn` with this span as the active one (where the application registered a context manager). */
  within<T>(fn: () => T): T;
  child(
    name: string,
    kind: "internal" | "client",
    attributes: Record<string, SpanAttributeValue | undefined>,
  ): SpanHandle;
  set(attributes: Record<string, SpanAttributeValue | undefined>): void;
  /** Adds an event (where the span has `addEvent`). */
  event(name: string, attributes: Record<string, SpanAttributeValue>): void;
  end(error?: unknown): void;
}

const NO_SPAN: SpanHandle = {
  within: (fn) => fn(),
  child: () => NO_SPAN,
  set: () => {},
  event: () => {},
  end: () => {},
};

function handle(tracer: Tracer, span: TraceSpan, context: Context, manager: ContextManager | undefined): SpanHandle {
  let ended = false;
  const set = (attributes: Record<string, SpanAttributeValue | undefined>) => {
    for (const [key, value] of Object.entries(attributes))
      if (value !== undefined) span.setAttribute(key, bounded(value));
  };
  return {
    within: (fn) => (manager ? manager.with(context, fn) : fn()),
    child: (name, kind, attributes) => open(tracer, name, kind, attributes, context, manager),
    set,
    event: (name, attributes) => {
      const kept = Object.fromEntries(Object.entries(attributes).map(([key, value]) => [key, bounded(value)]));
      span.addEvent?.(name, kept);
    },
    end(error) {
      if (ended) return;
      ended = true;
      if (error !== undefined) {
        const recorded = boundedError(error);
        set({ "error.type": error instanceof Error ? error.name : "tool_error" });
        span.recordException?.(recorded.error);
        span.setStatus({ code: ERROR, message: recorded.message });
      }
      span.end();
    },
  };
}

function open(
  tracer: Tracer,
  name: string,
  kind: "internal" | "client",
  attributes: Record<string, SpanAttributeValue | undefined>,
  parent: Context,
  manager: ContextManager | undefined,
): SpanHandle {
  const defined = Object.fromEntries(
    Object.entries(attributes).flatMap(([key, value]) => (value === undefined ? [] : [[key, bounded(value)]])),
  ) as Record<string, SpanAttributeValue>;
  const span = tracer.startSpan(cut(name, MAX_CHARS), { kind: KIND[kind], attributes: defined }, parent);
  return handle(tracer, span, parent.setValue(SPAN_KEY, span), manager);
}

/**
 * The span of a whole run (`invoke_agent`), under the application's active span; a no-op without a tracer.
 * `provider` is the provider's name in traces (`ProviderAdapter.tracingName`: the conventions' well-known value).
 *
 * @example
 * const run = runSpan(options.tracer, "openai", request.model);
 * const step = run.child("step 1", "internal", { "tooltype.step": 1 });
 */
export function runSpan(tracer: Tracer | undefined, provider: string, model: unknown): SpanHandle {
  const api = registered();
  const chosen = tracer ?? api?.trace?.getTracer("tooltype");
  if (!chosen) return NO_SPAN;
  const parent = api?.context?.active() ?? plainContext();
  return open(
    chosen,
    "invoke_agent tooltype",
    "internal",
    {
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": "tooltype",
      "gen_ai.provider.name": provider,
      "gen_ai.request.model": typeof model === "string" ? model : undefined,
    },
    parent,
    api?.context,
  );
}

/**
 * The span active where this is called (the application's context manager's), to open children under: a tool
 * that makes calls of its own (code mode) puts their spans under its call's span. `tracer` as `runSpan` takes it;
 * a no-op without a tracer. Without a context manager the children have no parent.
 *
 * @example
 * const parent = activeSpan(options.tracer);
 * const span = parent.child("execute_tool get_weather", "internal", toolAttributes(weather, "p1-1"));
 */
export function activeSpan(tracer: Tracer | undefined): SpanHandle {
  const api = registered();
  const chosen = tracer ?? api?.trace?.getTracer("tooltype");
  if (!chosen) return NO_SPAN;
  const parent = api?.context?.active() ?? plainContext();
  return {
    within: (fn) => (api?.context ? api.context.with(parent, fn) : fn()),
    child: (name, kind, attributes) => open(chosen, name, kind, attributes, parent, api?.context),
    set: () => {},
    event: () => {},
    end: () => {},
  };
}

/**
 * Attributes of a model request span (`chat {model}`).
 *
 * @example
 * step.child(`chat ${model}`, "client", chatAttributes("openai", request))
 */
export function chatAttributes(
  provider: string,
  request: Record<string, unknown>,
): Record<string, SpanAttributeValue | undefined> {
  const number = (value: unknown) => (typeof value === "number" ? value : undefined);
  return {
    "gen_ai.operation.name": "chat",
    "gen_ai.provider.name": provider,
    "gen_ai.request.model": typeof request.model === "string" ? request.model : undefined,
    "gen_ai.request.max_tokens": number(
      request.max_tokens ?? request.max_output_tokens ?? request.max_completion_tokens,
    ),
    "gen_ai.request.temperature": number(request.temperature),
  };
}

/**
 * What a model response adds to its span: id, model, finish reasons, tokens.
 *
 * @example
 * chat.set(responseAttributes(response, usage))
 */
export function responseAttributes(
  response: unknown,
  usage: Usage | undefined,
): Record<string, SpanAttributeValue | undefined> {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const reasons = finishReasons(response);
  return {
    "gen_ai.response.id": text(field(response, "id", "responseId")),
    "gen_ai.response.model": text(field(response, "model", "modelVersion")),
    "gen_ai.response.finish_reasons": reasons.length ? reasons : undefined,
    "gen_ai.usage.input_tokens": usage?.inputTokens,
    "gen_ai.usage.output_tokens": usage?.outputTokens,
  };
}

function finishReasons(response: unknown): string[] {
  const reasons: unknown[] = [field(response, "stop_reason", "stopReason"), field(response, "status")];
  for (const key of ["choices", "candidates"]) {
    const list = field(response, key);
    if (Array.isArray(list))
      for (const entry of list.slice(0, MAX_ENTRIES)) reasons.push(field(entry, "finish_reason", "finishReason"));
  }
  return reasons.filter((reason): reason is string => typeof reason === "string");
}

/**
 * Attributes of a tool call span (`execute_tool {name}`).
 *
 * @example
 * step.child(`execute_tool ${tool.name}`, "internal", toolAttributes(tool, id))
 */
export function toolAttributes(tool: AnyTool, id: string): Record<string, SpanAttributeValue | undefined> {
  return {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": tool.name,
    "gen_ai.tool.call.id": id,
    "gen_ai.tool.type": "function",
    "gen_ai.tool.description": tool.description,
  };
}

/** Ends a tool span with its result: a failed result marks the span as an error. @example endTool(span, result) */
export function endTool(span: SpanHandle, result: ToolResult): void {
  span.end(result.success ? undefined : result.error);
}
