// A minimal chat UI, the bundler example: it imports only `t`, `compile` (the interpreter: no eval needed) and
// `createToolCallStream` with OpenAI's stream reader alone (`openaiStream`), from the lean entries, so a bundler keeps only those (test/chat-ui.e2e.mjs bundles
// this file with esbuild and checks that nothing else, no builtins, no provider adapters, no runTools, came along). Build from the repository root:
//   npx esbuild demo/chat-ui/main.js --bundle --minify --format=esm --outfile=demo/chat-ui/bundle.js
import * as t from "tooltype/t";
import { compile } from "tooltype/guard";
import { createToolCallStream } from "tooltype/calls";
import { openaiStream } from "tooltype/providers/openai";

// The tool's parameters, and a guard that checks the arguments the model sends.
const GetWeather = t.object({
  location: t.string({ description: "City and country" }),
  unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }),
});
const isGetWeather = compile(GetWeather);

// A recorded OpenAI Chat Completions stream (the shape of demo/recorded-stream.json, shortened).
const piece = (delta) => ({ object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: null }] });
const call = (index, fields) => piece({ tool_calls: [{ index, ...fields }] });
export const RECORDING = [
  piece({ role: "assistant", content: null }),
  call(0, { id: "call_paris", type: "function", function: { name: "get_weather", arguments: "" } }),
  call(0, { function: { arguments: '{"lo' } }),
  call(0, { function: { arguments: 'cation": "Pa' } }),
  call(0, { function: { arguments: 'ris, France"}' } }),
  call(1, { id: "call_tokyo", type: "function", function: { name: "get_weather", arguments: '{"location": "Tok' } }),
  call(1, { function: { arguments: 'yo, Japan", "unit": "fahrenheit"}' } }),
  { object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
];

const transcript = [{ role: "user", text: "Weather in Paris and in Tokyo, in fahrenheit?" }];

/** The transcript as text lines: one per message, one per tool call (partial arguments while streaming). */
export function renderLines(calls = []) {
  const lines = transcript.map((m) => `${m.role}: ${m.text}`);
  for (const c of calls) {
    const verdict = c.done
      ? isGetWeather(c.arguments)
        ? "valid"
        : `invalid: ${isGetWeather
            .errors(c.arguments)
            .map((e) => e.message)
            .join("; ")}`
      : "streaming";
    lines.push(`assistant → ${c.name}(${JSON.stringify(c.arguments)}) [${verdict}]`);
  }
  return lines;
}

/** Feeds the recording through the stream, calling `render` after every chunk; returns the final calls. */
export async function replay(render, delayMs = 0) {
  const stream = createToolCallStream(openaiStream);
  for (const chunk of RECORDING) {
    stream.push(chunk);
    render(renderLines(stream.partial()));
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  const calls = stream.calls();
  render(renderLines(calls.map((c) => ({ ...c, done: true }))));
  return calls;
}

// In a page: render into #transcript, and replay on the button.
if (typeof document !== "undefined") {
  const list = document.getElementById("transcript");
  const render = (lines) =>
    list.replaceChildren(...lines.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
  render(renderLines());
  document.getElementById("replay")?.addEventListener("click", () => replay(render, 80));
}
