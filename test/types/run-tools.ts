// runTools accepts the official SDKs' own request types, so `chat` can be the SDK method itself.
import type OpenAI from "openai";
import type Anthropic from "@anthropic-ai/sdk";
import { runTools, t, tool } from "tooltype";

const weather = tool({
  name: "w",
  description: "W.",
  parameters: t.object({ city: t.string() }),
  execute: ({ city }) => city,
});
declare const openai: OpenAI;
declare const anthropic: Anthropic;

void runTools({
  provider: "openai",
  chat: (request: OpenAI.ChatCompletionCreateParamsNonStreaming) => openai.chat.completions.create(request),
  request: { model: "gpt-4o-mini", messages: [{ role: "user", content: "Hi" }] },
  tools: [weather],
});

void runTools({
  provider: "anthropic",
  chat: (request: Anthropic.MessageCreateParamsNonStreaming) => anthropic.messages.create(request),
  request: { model: "claude-sonnet-5-5", max_tokens: 100, messages: [{ role: "user", content: "Hi" }] },
  tools: [weather],
});
