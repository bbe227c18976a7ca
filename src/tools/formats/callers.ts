import { ConversionError } from "../../schema/dialects/warnings.js";
import type { FormatOptions, FormattableTool, ToolFormat } from "../format-types.js";
import { handlerOf } from "../format-rules.js";

// A tool's `allowedCallers` as each wire takes them (programmatic tool calling). Anthropic names its code-execution
// tool's versions (`allowed_callers: ["code_execution_20250825"]`); OpenAI Responses says `"programmatic"`
// (`FunctionTool.allowed_callers: ("direct" | "programmatic")[]` in the openai SDK's Responses types); Chat
// Completions, Gemini's function declarations, Bedrock's Converse `toolSpec` and MCP have no such field. What a wire
// cannot send is reported on the format's issue path, never dropped silently.

/**
 * Anthropic's code-execution tool versions as caller names.
 *
 * @example
 * CODE_EXECUTION.test("code_execution_20250825");
 * // true
 */
export const CODE_EXECUTION = /^code_execution_\d{8}$/;

/** Sends an issue about the tool's callers where the format's options say (`"error"` throws it). */
function report(tool: FormattableTool, provider: ToolFormat, options: FormatOptions, message: string): void {
  const handler = handlerOf(tool, provider, options);
  if (typeof handler === "function") handler({ path: "", message, kind: "changed" });
  else if (handler === "error") throw new ConversionError(`Tool "${tool.name}": ${message}`);
}

/**
 * For a wire with no programmatic tool calling: callers besides `"direct"` are reported (the model calls the tool
 * itself there), and nothing is sent.
 *
 * @example
 * noCallers(rollDie, "gemini", { onIssue: console.warn });
 * // { path: "", message: "gemini has no programmatic tool calling: allowedCallers code_execution_20250825 ...", ... }
 */
export function noCallers(tool: FormattableTool, provider: ToolFormat, options: FormatOptions): void {
  const programs = (tool.allowedCallers ?? []).filter((caller) => caller !== "direct");
  if (programs.length)
    report(
      tool,
      provider,
      options,
      `${provider} has no programmatic tool calling: allowedCallers ${programs.join(", ")} is not sent, and the model calls the tool itself`,
    );
}

/**
 * The callers a wire takes, each as `spell` writes it for that wire; a name it cannot spell is reported and left out.
 *
 * @example
 * sendableCallers(tool, "responses", options, (c) => (c === "direct" ? c : undefined)); // ["direct"] or undefined
 */
export function sendableCallers<T extends string>(
  tool: FormattableTool,
  provider: ToolFormat,
  options: FormatOptions,
  spell: (caller: string) => T | undefined,
): T[] | undefined {
  if (!tool.allowedCallers?.length) return undefined;
  const sent: T[] = [];
  for (const caller of tool.allowedCallers) {
    const spelled = spell(caller);
    if (spelled === undefined)
      report(tool, provider, options, `${provider} takes no caller "${caller}" in allowed_callers; it is not sent`);
    else if (!sent.includes(spelled)) sent.push(spelled);
  }
  return sent.length ? sent : undefined;
}
