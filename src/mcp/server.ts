import { compile, type CompileOptions, type Guard } from "../guard/compile.js";
import { SchemaError } from "../guard/node.js";
import { untrusted } from "../guard/pattern-safety.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { AnyTool } from "../tools/tool.js";
import { toMCPFormat, type MCPTool } from "../tools/provider-formats.js";
import { resultData, resultText } from "../calls/wire.js";
import { mcpContent, mcpStructured } from "../calls/output.js";
import { MAX_ERROR_ISSUES, failure, type ToolResult } from "../tools/result.js";

/**
 * An MCP `tools/call` result.
 *
 * @example
 * { content: [{ type: "text", text: "Sunny in Paris" }] } // a failure also has isError: true
 */
export interface MCPCallResult {
  [key: string]: unknown;
  content: ReturnType<typeof mcpContent>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * A `tools/call` result from a `ToolResult`: a failure as `isError` text (bad arguments and unknown tools
 * are tool errors the model can act on, not protocol errors); a value as text, plus `structuredContent`
 * when the tool declares a result type (wrapped as `{ result }` when it is not an object, as
 * `toMCPFormat`'s `outputSchema` is). Parts the tool gave (`toModelOutput`) are the content: text, `image`,
 * and files as embedded `resource` blocks; without a result type, its one JSON object is the `structuredContent`.
 *
 * @example
 * mcpCallResult(tool, { success: true, value: 3 });
 * // { content: [{ type: "text", text: "3" }], structuredContent: { result: 3 } }
 */
export function mcpCallResult(tool: AnyTool | undefined, result: ToolResult): MCPCallResult {
  if (!result.success) return { isError: true, content: [{ type: "text", text: result.error }] };
  const value = result.value;
  const content = result.output ? mcpContent(result.output) : [{ type: "text" as const, text: resultText(result) }];
  if (!tool?.returns) {
    const structured = result.output && mcpStructured(result.output); // a tool's one JSON object, when it declares no result type
    return structured ? { content, structuredContent: structured } : { content };
  }
  const data = resultData(value);
  // The client checks structuredContent against outputSchema and answers a mismatch with a protocol error:
  // a result outside the declared type is a tool error instead, which the model can read.
  const guard = guardOrReason(returnsGuards, tool.returns, {});
  const issues = typeof guard === "string" ? [] : guard.errors(data, { limit: MAX_ERROR_ISSUES }); // unchecked when it cannot compile
  if (issues.length) {
    const listed = issues.map((i) => `- at ${i.path || "/"}: ${i.message}`).join("\n");
    const { error } = failure(`Tool "${tool.name}" returned a value outside its declared result type:\n${listed}`) as {
      error: string;
    };
    return { isError: true, content: [{ type: "text", text: error }] };
  }
  const structured = tool.returns.type === "object" ? data : { result: data };
  return { content, structuredContent: structured as Record<string, unknown> };
}

const returnsGuards = new WeakMap<object, Guard<unknown> | string>();

// A schema's guard, made once per cache; or, when compile refuses the schema, the reason, as text.
function guardOrReason(
  cache: WeakMap<object, Guard<unknown> | string>,
  schema: object,
  options: CompileOptions,
): Guard<unknown> | string {
  let guard = cache.get(schema);
  if (guard === undefined) {
    try {
      guard = compile(schema, options);
    } catch (error) {
      if (!(error instanceof SchemaError)) throw error;
      guard = `tooltype cannot check this schema, so the result is not accepted: ${error.message}`;
    }
    cache.set(schema, guard);
  }
  return guard;
}

/**
 * The answer to MCP's `tools/list`: every tool of the registry in MCP's format.
 *
 * @example
 * mcpToolList(registry).tools[0].inputSchema
 */
export function mcpToolList(registry: ToolRegistry): { tools: MCPTool[] } {
  return { tools: registry.toolsForRequest(undefined, "mcp").map((t) => toMCPFormat(t)) };
}

/**
 * The two MCP server handlers a registry needs, for the MCP SDK's `Server`:
 *
 * @example
 * const { listTools, callTool } = mcpHandlers(registry);
 * server.setRequestHandler(ListToolsRequestSchema, listTools);
 * server.setRequestHandler(CallToolRequestSchema, ({ params }) => callTool(params));
 */
export function mcpHandlers(registry: ToolRegistry): {
  listTools: () => { tools: MCPTool[] };
  callTool: (params: { name: string; arguments?: unknown }) => Promise<MCPCallResult>;
} {
  return {
    listTools: () => mcpToolList(registry),
    callTool: async (params) =>
      mcpCallResult(registry.get(params.name), await registry.execute(params.name, params.arguments ?? {})),
  };
}

/**
 * The MCP SDK's `jsonSchemaValidator` on tooltype's guards. The SDK's default (Ajv) generates code, so
 * under a Content Security Policy, in Workers, or with eval disallowed its Client fails as soon as it
 * checks a tool's output schema; these guards fall back to their interpreter. Guards are cached per schema.
 * A schema the guard cannot check (an unknown keyword, `$dynamicRef`, a remote `$ref`) does not fail the
 * whole client, as a thrown error would when it lists tools: that tool's results are refused with an error
 * message saying why. Schemas are compiled as untrusted (`compile(s, { untrusted })`): a `pattern` that could
 * backtrack catastrophically, or more than 100,000 properties and items, is such a schema too, as is any
 * schema nested deeper than 512 levels; pass `{ untrusted: undefined }` to trust the server. An unknown
 * `format` is an annotation, as draft 2020-12 says; `options.formats` adds a check for one.
 *
 * @example
 * new Client(info, { jsonSchemaValidator: mcpValidator({ formats: { int32: Number.isInteger } }) });
 */
export function mcpValidator(options: CompileOptions = {}): {
  getValidator<T>(
    schema: object,
  ): (
    input: unknown,
  ) => { valid: true; data: T; errorMessage: undefined } | { valid: false; data: undefined; errorMessage: string };
} {
  const guards = new WeakMap<object, Guard<unknown> | string>();
  return {
    getValidator<T>(schema: object) {
      const check = guardOrReason(guards, schema, { untrusted, ...options }); // the server's schemas are not ours
      if (typeof check === "string") return () => ({ valid: false as const, data: undefined, errorMessage: check });
      return (input: unknown) =>
        check(input)
          ? { valid: true as const, data: input as T, errorMessage: undefined }
          : {
              valid: false as const,
              data: undefined,
              errorMessage: check
                .errors(input)
                .map((i) => `${i.path || "/"}: ${i.message}`)
                .join("; "),
            };
    },
  };
}
