// The hand-written three-turn loop (test/fixtures/streams/; not recorded from the APIs: those are test/fixtures/recorded/), its requests and its tools, shared by the agent suites.
import { t, tool, type LoopEvent } from "tooltype";
import type { StreamProvider } from "./provider-streams.js";
import openai1 from "../fixtures/streams/openai-chat/1.txt";
import openai2 from "../fixtures/streams/openai-chat/2.txt";
import openai3 from "../fixtures/streams/openai-chat/3.txt";
import responses1 from "../fixtures/streams/responses/1.txt";
import responses2 from "../fixtures/streams/responses/2.txt";
import responses3 from "../fixtures/streams/responses/3.txt";
import anthropic1 from "../fixtures/streams/anthropic/1.txt";
import anthropic2 from "../fixtures/streams/anthropic/2.txt";
import anthropic3 from "../fixtures/streams/anthropic/3.txt";
import gemini1 from "../fixtures/streams/gemini/1.txt";
import gemini2 from "../fixtures/streams/gemini/2.txt";
import gemini3 from "../fixtures/streams/gemini/3.txt";

export const QUESTION = "What's the weather in Paris, in both units, and what time is it there?";
export const ANSWER = "In Paris it is 21 °C (69.8 °F), and the local time is 12:00.";
export const RECORDED: Record<StreamProvider, readonly string[]> = {
  openai: [openai1, openai2, openai3],
  responses: [responses1, responses2, responses3],
  anthropic: [anthropic1, anthropic2, anthropic3],
  gemini: [gemini1, gemini2, gemini3],
};
export const REQUESTS: Record<StreamProvider, object> = {
  openai: { model: "gpt-4o-mini", messages: [{ role: "user", content: QUESTION }] },
  responses: { model: "gpt-4.1-mini", input: QUESTION },
  anthropic: { model: "claude-sonnet-5-5", max_tokens: 1024, messages: [{ role: "user", content: QUESTION }] },
  gemini: { model: "gemini-2.5-flash", contents: QUESTION },
};
export const PROVIDERS = Object.keys(RECORDED) as StreamProvider[];

const quiet = { error: () => {}, warn: () => {} };
export function makeTools() {
  const ran: string[] = [];
  const weather = tool({
    name: "get_weather",
    description: "Current weather for a city.",
    parameters: t.object({ location: t.string(), unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }) }),
    logger: quiet,
    execute: async ({ location, unit }) => {
      ran.push("get_weather");
      await new Promise((r) => setTimeout(r, 5));
      return { location, temperature: 21, unit };
    },
  });
  const time = tool({
    name: "get_time",
    description: "Local time in a city.",
    parameters: t.object({ city: t.string() }),
    logger: quiet,
    execute: () => (ran.push("get_time"), "12:00"),
  });
  const convert = tool({
    name: "convert_temperature",
    description: "Celsius to Fahrenheit.",
    parameters: t.object({ celsius: t.number() }),
    logger: quiet,
    execute: ({ celsius }) => (ran.push("convert_temperature"), Math.round(((celsius * 9) / 5) * 10 + 320) / 10),
  });
  return { ran, tools: [weather, time, convert] };
}

export async function collect(events: AsyncIterable<LoopEvent>): Promise<LoopEvent[]> {
  const out: LoopEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}
