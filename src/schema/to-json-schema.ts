import { emit, emitJSONSchema } from "./emit.js";
import type { JSONSchema } from "./json-schema.js";
import { ConversionError, type ConversionWarning, type Dialect, type IssueKind } from "./dialects/warnings.js";

/**
 * Options of `toJSONSchema`.
 *
 * @example
 * toJSONSchema(params, { target: openaiStrict, onIssue: (issue) => console.warn(issue.path, issue.message) });
 */
export interface ToJSONSchemaOptions {
  /** The dialect to write (`import { openaiStrict } from "tooltype/dialects"`); plain draft 2020-12 without one. */
  readonly target?: Dialect;
  /**
   * Receives each issue a provider dialect reports (`{ path, message, kind }`): a change to what the
   * schema means (a keyword moved into a description, a recursion cut, a root wrapped), what the provider
   * would refuse (`kind: "rejected"`), or advice. Nothing is printed. With `"error"`, the first issue
   * throws a `ConversionError`. Without a handler, changes are left for `dialectIssues` to list, and a
   * rejection throws: a schema the provider refuses is never returned unannounced.
   */
  readonly onIssue?: ((issue: ConversionWarning) => void) | "error";
  /**
   * Write each subschema that appears more than once (where that is shorter) once under `$defs`, with a `$ref`
   * in each place: fewer tokens, the same values valid. OpenAI (strict too), Anthropic and MCP take `$defs`;
   * Gemini's `parameters` have no `$ref`, so its dialect writes them out again. Here the function itself
   * (`import { shareRepeated } from "tooltype/schema"`), so a bundle that never shares does not carry it; the
   * root entry's `toJSONSchema` and the tool formats also take `true`.
   */
  readonly shareRepeated?: ((schema: JSONSchema) => JSONSchema) | boolean;
}

/**
 * Writes a descriptor (or a plain JSON Schema) as plain JSON: no symbols, safe for `JSON.stringify`,
 * a fresh object the caller may change. Named and recursive types are emitted once under the root's
 * `$defs` and referenced with `$ref`. A dialect from `tooltype/dialects` rewrites it for a provider and
 * reports what it changed or what the provider would refuse through `onIssue`.
 *
 * @example
 * toJSONSchema(t.object({ location: t.string() }));
 * // { type: "object", properties: { location: { type: "string" } }, required: ["location"] }
 */
export function toJSONSchema(schema: object, options: ToJSONSchemaOptions = {}): JSONSchema {
  return written(schema, options, emitJSONSchema);
}

/**
 * `toJSONSchema` for a schema written once (a tool's parameters, its result, a tool format's schema): the same JSON,
 * without the cache of descriptors' JSON that repeated writes of one descriptor use, so a bundle that writes each
 * schema once does not carry it.
 *
 * @example
 * toJSONSchemaOnce(tool.parameters, { target: openai });
 */
export function toJSONSchemaOnce(schema: object, options: ToJSONSchemaOptions = {}): JSONSchema {
  return written(schema, options, emit);
}

function written(schema: object, options: ToJSONSchemaOptions, emitter: (schema: object) => JSONSchema): JSONSchema {
  const dialect = options.target;
  if (
    dialect !== undefined &&
    (typeof dialect !== "object" || dialect === null || typeof dialect.write !== "function")
  ) {
    throw new TypeError(
      `toJSONSchema: target must be a dialect such as openaiStrict from "tooltype/dialects", received ${JSON.stringify(dialect)} (the root "tooltype" entry also takes its name)`,
    );
  }
  if (typeof schema !== "object" || schema === null)
    throw new TypeError("toJSONSchema: expects a descriptor or a JSON Schema object");
  const share = options.shareRepeated;
  if (share !== undefined && share !== false && typeof share !== "function")
    throw new TypeError(
      'toJSONSchema: shareRepeated takes the function here (import { shareRepeated } from "tooltype/schema"); the root entry also takes true',
    );
  const root = share ? share(emitter(schema)) : emitter(schema);
  if (dialect === undefined) return root;
  const handler = options.onIssue;
  return dialect.write(root, (path, message, kind: IssueKind = "changed") => {
    if (handler === "error" || (handler === undefined && kind === "rejected")) {
      throw new ConversionError(
        `${message} (at ${path || "/"})${handler === undefined ? "; pass onIssue to send it anyway, or dialectIssues() to list every issue" : ""}`,
      );
    }
    handler?.({ path, message, kind });
  });
}

/**
 * Every issue a dialect reports for a schema, as a list: what it changed, what the provider would refuse,
 * advice. Nothing is thrown for a rejection (it is listed); what no dialect can express at all (`not`,
 * an unmergeable `allOf`) still throws a `ConversionError`.
 *
 * @example
 * dialectIssues(t.object({ name: t.string({ minLength: 2 }) }), openaiStrict);
 * // [{ path: "/properties/name", message: 'openai-strict does not support "minLength"; moved into the description',
 * // kind: "changed" }]
 */
export function dialectIssues(schema: object, target: Dialect): ConversionWarning[] {
  const issues: ConversionWarning[] = [];
  toJSONSchema(schema, { target, onIssue: (issue) => issues.push(issue) });
  return issues;
}
