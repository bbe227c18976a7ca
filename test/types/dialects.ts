// Static types: a tool whose parameters are not an object (a union, a primitive) is still written in each
// SDK's own tool type, whose input schema must be `type: "object"`; issues are typed data.
import type OpenAI from "openai";
import type Anthropic from "@anthropic-ai/sdk";
import {
  t,
  tool,
  ToolRegistry,
  checkTool,
  dialectIssues,
  type ConversionWarning,
  type IssueKind,
  type ToolIssue,
} from "tooltype";

const pick = tool({
  name: "pick",
  description: "Picks a shape.",
  parameters: t.union([
    t.object({ kind: t.literal("a"), x: t.number() }),
    t.object({ kind: t.literal("b"), y: t.string() }),
  ]),
  execute: (shape) => shape.kind,
});

export const openaiTools: OpenAI.ChatCompletionTool[] = [
  pick.toOpenAIFormat({ strict: true, onIssue: (issue: ToolIssue) => void issue.kind }),
];
export const responsesTools: OpenAI.Responses.FunctionTool[] = [pick.toResponsesFormat()];
export const anthropicTools: Anthropic.Tool[] = [pick.toAnthropicFormat({ onIssue: () => {} })];
export const anthropicFromRegistry: Anthropic.Tool[] = new ToolRegistry()
  .register(pick)
  .toAnthropicFormat(undefined, { onIssue: () => {} });

export const kind: IssueKind = checkTool(pick, "gemini")[0]?.kind ?? "advice";
export const listed: ConversionWarning[] = dialectIssues(t.object({ s: t.string({ minLength: 1 }) }), "openai-strict");
