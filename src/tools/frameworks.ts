// Our tools handed to agent frameworks in one call, without importing them: the Vercel AI SDK (`ai`) and the
// OpenAI Agents SDK (`@openai/agents`). Each takes plain objects: a schema, a description and a function.
import { compile, type Guard } from "../guard/compile.js";
import { SchemaError } from "../guard/node.js";
import { toDraft07 } from "../schema/draft-07.js";
import type { JSONSchema } from "../schema/json-schema.js";
import type { StandardSchemaV1 } from "../util/standard-schema.js";
import { OPENAI_RULES, toOpenAIFormat, type FormatOptions } from "./provider-formats.js";
import type { Tool } from "./tool.js";
import type { ModelPart } from "./output.js";
import { jsonData } from "../util/json-data.js";

/**
 * The error a framework receives when our tool's call failed: the failed result's text, which tells the model what to
 * fix.
 *
 * @example
 * try {
 *   await toAISDKTool(weather).execute({ city: 5 });
 * } catch (error) {
 *   if (error instanceof ToolCallError) console.log(error.tool, error.message);
 * }
 */
export class ToolCallError extends Error {
  override readonly name = "ToolCallError";
  constructor(
    message: string,
    /** The tool's name. */
    readonly tool: string,
  ) {
    super(message);
  }
}

/**
 * A Standard Schema with Standard JSON Schema over a tool's parameters, as the AI SDK takes for `inputSchema`.
 *
 * @example
 * toAISDKTool(weather).inputSchema["~standard"].jsonSchema.input({ target: "draft-07" });
 */
export interface ToolInputSchema<Input = Record<string, unknown>> extends StandardSchemaV1<Input, Input> {
  readonly "~standard": StandardSchemaV1.Props<Input, Input> & {
    readonly jsonSchema: {
      input(options?: { readonly target?: string }): Record<string, unknown>;
      output(options?: { readonly target?: string }): Record<string, unknown>;
    };
  };
}

/**
 * What `toAISDKTool` returns: the AI SDK's `tool({...})` definition (`description`, `inputSchema`, `execute`).
 *
 * @example
 * const tools = { get_weather: toAISDKTool(weather) }; // generateText({ model, tools, ... })
 */
export interface AISDKTool<Input, Output> {
  readonly description: string;
  readonly inputSchema: ToolInputSchema<Input>;
  /**
   * Runs the tool (parsing, checking, decoding as `Tool.execute` does); a failed result is thrown as a `ToolCallError`.
   */
  readonly execute: (
    input: Input,
    options?: { readonly toolCallId?: string; readonly abortSignal?: AbortSignal },
  ) => Promise<Output>;
  /**
   * What the model is sent: the parts the tool gave (`toModelOutput`, `modelOutput(...)`), else the value as text or
   * JSON.
   */
  readonly toModelOutput: (options: { readonly toolCallId: string; readonly output: unknown }) => AISDKModelOutput;
}

/** JSON data, as the AI SDK types it. @example const value: JSONValue = { city: "Paris", days: [1, 2] }; */
export type JSONValue = null | string | number | boolean | JSONValue[] | { [key: string]: JSONValue };

/**
 * A tool result as the AI SDK sends it to the model (its `ToolResultOutput`): text, JSON, or content parts with
 * images and files as base64 data.
 *
 * @example
 * {
 *   type: "content",
 *   value: [
 *     { type: "text", text: "The chart:" },
 *     { type: "file", mediaType: "image/png", data: { type: "data", data: "iVBORw0..." } },
 *   ],
 * }
 */
export type AISDKModelOutput =
  | { readonly type: "text"; readonly value: string }
  | { readonly type: "json"; readonly value: JSONValue }
  | {
      readonly type: "content";
      readonly value: (
        | { readonly type: "text"; readonly text: string }
        | {
            readonly type: "file";
            readonly mediaType: string;
            readonly data: { readonly type: "data"; readonly data: string };
            readonly filename?: string;
          }
      )[];
    };

/**
 * Our tool as an AI SDK tool, in one call: `tools: { get_weather: toAISDKTool(weather) }` for `generateText` and
 * `streamText`. The model is sent the tool's JSON Schema (the SDK asks for draft-07); the SDK checks the call with
 * the tool's guard; `execute` runs `Tool.execute` (decoding `Date`, `Set`, defaults) and throws a failed result
 * as a `ToolCallError`, which the SDK reports to the model as the tool's error. `context` reaches the tool's function,
 * and the SDK's `abortSignal` its signal. Parts the tool gives (`toModelOutput`, `modelOutput(...)`: images, files)
 * reach the model through the SDK's `toModelOutput`, as content parts.
 * This module does not import `ai`.
 *
 * @example
 * import { generateText, stepCountIs } from "ai";
 * await generateText({
 *   model,
 *   prompt: "Weather in Paris?",
 *   tools: { get_weather: toAISDKTool(weather) },
 *   stopWhen: stepCountIs(2),
 * });
 */
export function toAISDKTool<Args, Result, Context>(
  tool: Tool<Args, Result, Context>,
  options: { readonly context?: Context } = {},
): AISDKTool<Record<string, unknown>, Result> {
  const inputSchema = inputSchemaOf(tool.parameters);
  const parts = new Map<string, readonly ModelPart[]>(); // by call id, from execute until toModelOutput reads them
  return {
    description: tool.description,
    inputSchema,
    execute: async (input, call = {}) => {
      const result = await tool.execute(input, options.context, call.abortSignal ? { signal: call.abortSignal } : {});
      if (!result.success) throw new ToolCallError(result.error, tool.name);
      if (result.output && call.toolCallId !== undefined) {
        if (parts.size >= MAX_PENDING_OUTPUTS) parts.delete(parts.keys().next().value as string);
        parts.set(call.toolCallId, result.output);
      }
      return result.value;
    },
    toModelOutput: ({ toolCallId, output }) => {
      const given = parts.get(toolCallId);
      parts.delete(toolCallId);
      if (given) return { type: "content", value: given.map(aiSDKPart) };
      return typeof output === "string"
        ? { type: "text", value: output }
        : { type: "json", value: (jsonData(output) ?? null) as JSONValue };
    },
  };
}

// Results whose parts the SDK has not read yet, kept at most: a run the SDK stops between the two must not grow this.
const MAX_PENDING_OUTPUTS = 1000;

function aiSDKPart(part: ModelPart): Extract<AISDKModelOutput, { type: "content" }>["value"][number] {
  if (part.type === "text") return part;
  if (part.type === "json") return { type: "text", text: JSON.stringify(part.value) };
  return {
    type: "file",
    mediaType: part.mediaType,
    data: { type: "data", data: part.data },
    ...(part.type === "file" && part.filename !== undefined && { filename: part.filename }),
  };
}

/**
 * What `toAgentsTool` returns: the options of `@openai/agents`'s `tool({...})`.
 *
 * @example
 * new Agent({ name: "Weather", tools: [tool(toAgentsTool(weather))] });
 */
export interface AgentsToolOptions<Result> {
  readonly name: string;
  readonly description: string;
  readonly parameters: JSONSchema & {
    type: "object";
    properties: Record<string, unknown>;
    required: string[];
    additionalProperties: false;
  };
  readonly strict: true;
  /** Runs the tool on the arguments the model sent; a failed result is thrown as a `ToolCallError`. */
  readonly execute: (input: unknown) => Promise<Result>;
  /** What the model reads when `execute` throws: a failed result's own text (the SDK's default hides every message). */
  readonly errorFunction: (context: unknown, error: unknown) => string;
}

/**
 * Our tool as an OpenAI Agents SDK function tool: `tool(toAgentsTool(weather))` from `@openai/agents`. The
 * parameters are the strict form (OpenAI's Structured Outputs), which the SDK requires of a JSON Schema tool;
 * `execute` undoes what strict mode changed (a `null` for an absent property), checks, decodes and runs, and throws
 * a failed result as a `ToolCallError`, whose text `errorFunction` hands to the model (what to fix), where the SDK's
 * default would say only that an error occurred.
 *
 * @example
 * import { Agent, run, tool as agentsTool } from "@openai/agents";
 * const agent = new Agent({
 *   name: "Weather",
 *   instructions: "Answer with the tool.",
 *   tools: [agentsTool(toAgentsTool(weather))],
 * });
 * await run(agent, "Weather in Paris?");
 */
export function toAgentsTool<Args, Result, Context>(
  tool: Tool<Args, Result, Context>,
  options: { readonly context?: Context } & Pick<FormatOptions, "onIssue"> = {},
): AgentsToolOptions<Result> {
  const written = toOpenAIFormat(tool, {
    strict: true,
    dialect: OPENAI_RULES, // always strict: the SDK requires it of a JSON Schema tool
    ...(options.onIssue && { onIssue: options.onIssue }),
  }).function;
  return {
    name: tool.name,
    description: written.description,
    parameters: written.parameters as AgentsToolOptions<Result>["parameters"],
    strict: true,
    execute: (input) => valueOrThrow(tool, input, options.context),
    errorFunction: (_context, error) =>
      error instanceof ToolCallError
        ? error.message
        : `Tool "${tool.name}" failed: ${error instanceof Error ? error.message : String(error)}`,
  };
}

/**
 * A Standard Schema over a tool's JSON Schema: its guard where tooltype can check the schema, else a pass-through
 * (execute checks).
 */
function inputSchemaOf(parameters: JSONSchema): ToolInputSchema {
  let guard: Guard<unknown> | undefined;
  try {
    guard = compile(parameters);
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
  }
  if (guard) return guard as unknown as ToolInputSchema;
  const write = (options?: { readonly target?: string }) => {
    const copy = JSON.parse(JSON.stringify(parameters)) as Record<string, unknown>;
    return options?.target === "draft-07" ? toDraft07(copy) : copy; // toDraft07 rewrites in place
  };
  return {
    "~standard": {
      version: 1,
      vendor: "tooltype",
      validate: (value) => ({ value: value as Record<string, unknown> }),
      jsonSchema: { input: write, output: write },
    },
  };
}

// A framework's `execute`: the tool's value, or a ToolCallError with the text the model should read.
async function valueOrThrow<Args, Result, Context>(
  tool: Tool<Args, Result, Context>,
  input: unknown,
  context: Context | undefined,
): Promise<Result> {
  const result = await tool.execute(input, context);
  if (!result.success) throw new ToolCallError(result.error, tool.name);
  return result.value;
}
