// The conversation entries tooltype writes are assignable to the official SDKs' own parameter types, with no
// cast: toToolMessages per provider, and runTools().messages handed back to the SDK as the next request's.
import type OpenAI from "openai";
import type Anthropic from "@anthropic-ai/sdk";
import type { Content, GoogleGenAI, GenerateContentParameters } from "@google/genai";
import {
  runTools,
  t,
  tool,
  toToolMessages,
  type CallResult,
  type ConversationOf,
  type OpenAIToolMessage,
  type OpenAIUserMessage,
} from "tooltype";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expect<T extends true>(): void {}

declare const openai: OpenAI;
declare const anthropic: Anthropic;
declare const ai: GoogleGenAI;
declare const results: CallResult[];
const weather = tool({
  name: "get_weather",
  description: "W.",
  parameters: t.object({ city: t.string() }),
  execute: ({ city }) => city,
});

// ---- toToolMessages ----------------------------------------------------------------------------------------
const chatAnswers: OpenAI.ChatCompletionMessageParam[] = toToolMessages(results, "openai");
// Images and files a tool returned follow the tool messages in a user message (tool messages take text only).
const chatUser: OpenAI.ChatCompletionUserMessageParam = {} as OpenAIUserMessage;
const responsesAnswers: OpenAI.Responses.ResponseInputItem[] = toToolMessages(results, "responses");
const claudeAnswers: Anthropic.MessageParam[] = toToolMessages(results, "anthropic");
const geminiAnswers: Content[] = toToolMessages(results, "gemini");
const chatTool: OpenAI.ChatCompletionToolMessageParam = {} as OpenAIToolMessage;
expect<Equal<ReturnType<typeof toToolMessages<"openai">>, (OpenAIToolMessage | OpenAIUserMessage)[]>>();
void [chatAnswers, chatTool, chatUser, responsesAnswers, claudeAnswers, geminiAnswers];

// ---- runTools: README's form, the request written inline, chat not annotated -------------------------------
export async function readmeForms() {
  const chat = await runTools({
    provider: "openai",
    chat: (request) => openai.chat.completions.create(request),
    request: { model: "gpt-4o-mini", messages: [{ role: "user", content: "Weather in Paris?" }] },
    tools: [weather],
  });
  // The conversation goes back to the SDK as it is.
  await openai.chat.completions.create({ model: "gpt-4o-mini", messages: chat.messages });

  const claude = await runTools({
    provider: "anthropic",
    chat: (request) => anthropic.messages.create(request),
    request: {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: [{ role: "user", content: "Weather in Paris?" }],
    },
    tools: [weather],
  });
  await anthropic.messages.create({ model: "claude-sonnet-4-5", max_tokens: 1024, messages: claude.messages });

  const gemini = await runTools({
    provider: "gemini",
    chat: (request) => ai.models.generateContent(request),
    request: { model: "gemini-2.5-flash", contents: [{ role: "user", parts: [{ text: "Weather in Paris?" }] }] },
    tools: [weather],
  });
  const next: GenerateContentParameters = { model: "gemini-2.5-flash", contents: gemini.messages };
  await ai.models.generateContent(next);

  const responses = await runTools({
    provider: "responses",
    chat: (request) => openai.responses.create(request),
    request: { model: "gpt-4.1-mini", input: "Weather in Paris?" },
    tools: [weather],
  });
  await openai.responses.create({ model: "gpt-4.1-mini", input: responses.messages });
}

// ---- runTools with the SDK's request type given -------------------------------------------------------------
export async function annotated(request: OpenAI.ChatCompletionCreateParamsNonStreaming) {
  const run = await runTools({
    provider: "openai",
    chat: (r: OpenAI.ChatCompletionCreateParamsNonStreaming) => openai.chat.completions.create(r),
    request,
    tools: [weather],
  });
  const messages: OpenAI.ChatCompletionMessageParam[] = run.messages;
  void messages;
}

// An adapter passed as an object: nothing is known of its messages.
expect<Equal<ConversationOf<{ name: "custom" }>, unknown>>();

// @ts-expect-error an Anthropic conversation is not an OpenAI one
export const wrong: OpenAI.ChatCompletionToolMessageParam[] = toToolMessages(results, "anthropic");
