// Every stream and response of the AI SDK's provider fixtures that holds a model turn (test/fixtures/recorded/,
// sources in its SOURCES.md), read in every path: (a) the .chunks.txt through createToolCallStream (partial() after
// each event, calls() at the end), (b) the same events through the loop's streamed turn (streamTools, and runTools
// with readStreams), and the turn's rebuilt response through parseToolCalls, (c) the .json through parseToolCalls
// and the loop, (d) the stream and the whole response agree where they are the same recorded interaction. EXPECTED
// holds, per fixture, the calls to run (id, name, input), whether the turn answers in text, and how many server-run
// tool calls the loop's history keeps (the AI SDK's provider-executed tool calls), written from the AI SDK's
// expectation of that fixture (the snapshot or test named in each row's `from`), never computed by the code under
// test. Server-run tools (server_tool_use, MCP tool use, web search, code execution, Responses' hosted tools) are no
// calls to run.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createToolCallStream, parseToolCalls } from "tooltype/calls";
import { readStreams, runTools, streamTools } from "tooltype/agent";
import { anthropic, anthropicStream } from "tooltype/providers/anthropic";
import { bedrock, bedrockStream } from "tooltype/providers/bedrock";
import { cohere, cohereStream } from "tooltype/providers/cohere";
import { gemini, geminiStream } from "tooltype/providers/gemini";
import { mistral, mistralStream } from "tooltype/providers/mistral";
import { openai, openaiStream } from "tooltype/providers/openai";
import { responses, responsesStream } from "tooltype/providers/responses";
import { FILES } from "./recorded-corpus.files.js";

const corpus = suite("recorded corpus: the AI SDK's provider fixtures in every path");

type Call = readonly [id: string | null, name: string, input: unknown];
/**
 * One model turn: its calls to run, whether it answers in text (a string: the text it starts with), and how many
 * server-run tool calls it holds (kept once each in the loop's history; unset: not compared).
 */
interface Turn {
  readonly calls: readonly Call[];
  readonly text: boolean | string;
  readonly server?: number;
  /** The inputs of Anthropic's server blocks, as the history sends them back (unset: not compared). */
  readonly serverInputs?: readonly unknown[];
}
interface Expected {
  /** The turns a recording holds, in order (most hold one). */
  readonly turns: readonly Turn[];
  /** The AI SDK's snapshot or test that says so. */
  readonly from: string;
  /** The error a recording of a broken or failed stream gives the loop instead. */
  readonly error?: RegExp;
  /** createToolCallStream throws it too (a broken stream; a failed one has no calls and says nothing of them). */
  readonly streamThrows?: true;
}

const answer = (text: boolean | string = true): Turn => ({ calls: [], text });
const calls = (...list: Call[]): Turn => ({ calls: list, text: false });
const one = (turn: Turn, from: string): Expected => ({ turns: [turn], from });
const ran = (server: number, turn: Turn = answer()): Turn => ({ ...turn, server });

const ANTHROPIC_SNAP = "anthropic-language-model.test.ts.snap";
const ANTHROPIC_TEST = "anthropic-language-model.test.ts";
const BEDROCK_TEST = "amazon-bedrock-chat-language-model.test.ts";
const RESPONSES_SNAP = "openai-responses-language-model.test.ts.snap";
const RESPONSES_TEST = "openai-responses-language-model.test.ts";
const GOOGLE = "google-language-model.test.ts(.snap)";
const XAI_RESPONSES = "xai-responses-language-model.test.ts(.snap)";
const SF = { location: "San Francisco" };
const NOTE = "d10aa585-982b-4bd9-984e-420f9b3717f7";

// Gemini gives calls no id (tooltype names them): null ids are not compared.
const EXPECTED: Record<string, Expected> = {
  // Anthropic Messages.
  "anthropic/anthropic-advisor-20250301.1.chunks.txt": one(answer(), `${ANTHROPIC_TEST} advisor`),
  "anthropic/anthropic-advisor-20260301.1.json": one(answer(), `${ANTHROPIC_TEST} advisor`),
  // A turn stopped by the advisor's budget: no text, no call.
  "anthropic/anthropic-advisor-stop-reasons.chunks.txt": one(answer(false), `${ANTHROPIC_TEST} advisor stop reasons`),
  "anthropic/anthropic-advisor-stop-reasons.json": one(answer(false), `${ANTHROPIC_TEST} advisor stop reasons`),
  "anthropic/anthropic-claude-opus-5-reasoning-high.1.json": one(answer(), `${ANTHROPIC_TEST} reasoning`),
  "anthropic/anthropic-clear-thinking.1.chunks.txt": one(answer("925 ÷ 5 = 185"), `${ANTHROPIC_TEST} context editing`),
  "anthropic/anthropic-clear-thinking.1.json": one(answer("925 ÷ 5 = 185"), `${ANTHROPIC_TEST} context editing`),
  "anthropic/anthropic-clear-tool-uses.1.chunks.txt": one(answer(), `${ANTHROPIC_TEST} context editing`),
  "anthropic/anthropic-clear-tool-uses.1.json": one(answer(), `${ANTHROPIC_TEST} context editing`),
  "anthropic/anthropic-code-execution-20250825.1.chunks.txt": one(ran(2), `${ANTHROPIC_SNAP} code execution 20250825`),
  "anthropic/anthropic-code-execution-20250825.1.json": one(ran(2), `${ANTHROPIC_SNAP} code execution 20250825`),
  "anthropic/anthropic-code-execution-20250825.2.chunks.txt": one(ran(3), `${ANTHROPIC_SNAP} code execution 20250825`),
  "anthropic/anthropic-code-execution-20250825.2.json": one(ran(3), `${ANTHROPIC_SNAP} code execution 20250825`),
  "anthropic/anthropic-code-execution-20250825.pptx-skill.chunks.txt": one(answer(), `${ANTHROPIC_SNAP} agent skills`),
  "anthropic/anthropic-code-execution-20250825.pptx-skill.json": one(answer(), `${ANTHROPIC_SNAP} agent skills`),
  "anthropic/anthropic-code-execution-20260120-prompt-cache.1.chunks.txt": one(answer(), `${ANTHROPIC_SNAP} 20260120`),
  "anthropic/anthropic-code-execution-file-upload.1.chunks.txt": one(answer(), `${ANTHROPIC_SNAP} file id list`),
  "anthropic/anthropic-code-execution-file-upload.1.json": one(answer(), `${ANTHROPIC_SNAP} file id list`),
  "anthropic/anthropic-combined-context-editing.1.chunks.txt": one(answer(), `${ANTHROPIC_TEST} context`),
  "anthropic/anthropic-combined-context-editing.1.json": one(answer(), `${ANTHROPIC_TEST} context`),
  "anthropic/anthropic-compaction.1.chunks.txt": one(answer(), `${ANTHROPIC_TEST} compaction`),
  "anthropic/anthropic-compaction.1.json": one(answer(), `${ANTHROPIC_TEST} compaction`),
  "anthropic/anthropic-fallback.chunks.txt": one(answer(), `${ANTHROPIC_TEST} fallback`),
  "anthropic/anthropic-fallback.json": one(answer(), `${ANTHROPIC_TEST} fallback`),
  "anthropic/anthropic-json-other-tool.1.chunks.txt": one(
    calls(["toolu_019Zvehfe1XQWweT1pm7okyt", "weather", SF]),
    `${ANTHROPIC_TEST} json response format with other tool (stream)`,
  ),
  "anthropic/anthropic-json-other-tool.1.json": one(
    calls(["toolu_01PQjhxo3eirCdKNvCJrKc8f", "weather", SF]),
    `${ANTHROPIC_TEST} json response format with other tool`,
  ),
  // The AI SDK turns its own `json` tool into text; to a user's loop it is a tool_use like any other.
  "anthropic/anthropic-json-tool.1.chunks.txt": one(
    calls([
      "toolu_01KFbKqPYSuAKujiL6mTfzYA",
      "json",
      { elements: [{ location: "San Francisco", temperature: 58, condition: "sunny" }] },
    ]),
    `${ANTHROPIC_TEST} json tool (its text)`,
  ),
  "anthropic/anthropic-json-tool.1.json": one(
    calls([
      "toolu_01Q9ExVZnzZj7E2QQYHYtNUa",
      "json",
      {
        elements: [
          { location: "San Francisco", temperature: -5, condition: "snowy" },
          { location: "London", temperature: 0, condition: "snowy" },
          { location: "Paris", temperature: 23, condition: "cloudy" },
          { location: "Berlin", temperature: -9, condition: "snowy" },
        ],
      },
    ]),
    `${ANTHROPIC_TEST} json tool (its text)`,
  ),
  "anthropic/anthropic-json-tool.2.chunks.txt": one(
    calls([
      "toolu_01KFbKqPYSuAKujiL6mTfzYA",
      "json",
      { elements: [{ location: "San Francisco", temperature: 58, condition: "sunny" }] },
    ]),
    `${ANTHROPIC_TEST} json tool (its text)`,
  ),
  "anthropic/anthropic-json-output-format.1.chunks.txt": one(
    answer('{"characters":'),
    `${ANTHROPIC_SNAP} output format`,
  ),
  "anthropic/anthropic-json-output-format.1.json": one(answer('{"recipe":'), `${ANTHROPIC_TEST} output format`),
  // The mcp_tool_use block's input streams in input_json_delta pieces after an empty `{}`, as a call's does; the
  // history sends it back whole. (The AI SDK's stream snapshot reports "{}", its call taken at content_block_start;
  // its doGenerate snapshot of the same request shows the input.)
  "anthropic/anthropic-mcp.1.chunks.txt": one(
    { ...ran(1), serverInputs: [{ message: "hello world" }] },
    `${ANTHROPIC_SNAP} mcp servers (mcp_tool_use is run by Anthropic; doGenerate: input {"message":"hello world"})`,
  ),
  "anthropic/anthropic-mcp.1.json": one(
    { ...ran(1), serverInputs: [{ message: "hello world" }] },
    `${ANTHROPIC_SNAP} mcp servers`,
  ),
  "anthropic/anthropic-memory-20250818.1.json": one(
    calls(["toolu_01TvNvpwszD4hKeudmbfyWiV", "memory", { command: "view", path: "/memories" }]),
    `${ANTHROPIC_SNAP} memory 20250818`,
  ),
  "anthropic/anthropic-message-delta-input-tokens.chunks.txt": one(answer(), `${ANTHROPIC_TEST} usage`),
  "anthropic/anthropic-refusal.chunks.txt": one(answer(false), `${ANTHROPIC_TEST} refusal`),
  "anthropic/anthropic-refusal.json": one(answer(false), `${ANTHROPIC_TEST} refusal`),
  "anthropic/anthropic-refusal-no-details.json": one(answer(false), `${ANTHROPIC_TEST} refusal`),
  "anthropic/anthropic-text.chunks.txt": one(answer("Hello! I'm doing well"), `${ANTHROPIC_TEST} text`),
  "anthropic/anthropic-text.json": one(answer("Hello! I'm doing well"), `${ANTHROPIC_TEST} text`),
  "anthropic/anthropic-tool-no-args.chunks.txt": one(
    calls(["toolu_01QE1WLsSVp5hy5Q3GmGTmjP", "updateIssueList", {}]),
    `${ANTHROPIC_TEST} tool call without arguments`,
  ),
  "anthropic/anthropic-tool-no-args.json": one(
    calls(["toolu_01LRmxn9vGM1d2DZSDBowdZ1", "updateIssueList", {}]),
    `${ANTHROPIC_TEST} tool call without arguments`,
  ),
  // Two turns: the search (run by Anthropic) and the call it found; then the answer.
  "anthropic/anthropic-tool-search-bm25.1.chunks.txt": {
    turns: [
      ran(1, calls(["toolu_019nRrfqqXcU5NPTUSYfEMAY", "get_weather", { location: "San Francisco, CA" }])),
      answer(),
    ],
    from: `${ANTHROPIC_SNAP} tool search bm25`,
  },
  "anthropic/anthropic-tool-search-bm25.1.json": one(
    ran(1, calls(["toolu_01PFQG18bVLaXcEaCxTZtX4G", "get_weather", { location: "San Francisco, CA" }])),
    `${ANTHROPIC_SNAP} tool search bm25`,
  ),
  "anthropic/anthropic-tool-search-regex.1.chunks.txt": {
    turns: [
      ran(1, calls(["toolu_01UmPwkecewaEpMupy2ywk8b", "get_temp_data", { location: "San Francisco, CA" }])),
      answer(),
    ],
    from: `${ANTHROPIC_SNAP} tool search regex`,
  },
  "anthropic/anthropic-tool-search-regex.1.json": one(
    ran(
      1,
      calls(["toolu_01X4r989CAhzqnFqDJn1gVvp", "get_temp_data", { location: "San Francisco, CA", unit: "fahrenheit" }]),
    ),
    `${ANTHROPIC_SNAP} tool search regex`,
  ),
  // Three turns (tool_use beside a server_tool_use search; a tool_use after the search's result; the answer). The
  // AI SDK's test checks the search's result; the calls are the recording's tool_use blocks (their input_json_delta
  // pieces put together).
  "anthropic/anthropic-tool-search-deferred-bm25.chunks.txt": {
    turns: [
      calls(["toolu_01U8pzAHj2vNdPCA2Kf8JjeN", "readNoteTree", { noteId: NOTE }]),
      calls([
        "toolu_01QoRrvXNv6w4vZSyo9cnxP2",
        "executeEditorOperation",
        {
          noteId: NOTE,
          operations: [{ op: "insert_node", type: "bulletedListItem", text: "bye", at: { type: "path", path: [1] } }],
        },
      ]),
      answer(),
    ],
    from: `${ANTHROPIC_TEST} tool_search_tool_result without server_tool_use in the same response`,
  },
  "anthropic/anthropic-tool-search-deferred-regex.chunks.txt": {
    turns: [
      calls(["toolu_01WPkY6CkyJnFsaCqY7SZ9FX", "readNoteTree", { noteId: NOTE }]),
      calls([
        "toolu_01UFHf8D27JBYu9FmrcjJk1p",
        "executeEditorOperation",
        {
          noteId: NOTE,
          operations: [{ op: "insert", type: "bulletedListItem", text: "bye", at: { type: "after", path: [0] } }],
        },
      ]),
      answer(),
    ],
    from: `${ANTHROPIC_TEST} tool_search_tool_result without server_tool_use in the same response`,
  },
  "anthropic/anthropic-tool-search-deferred-bm25.2.json": one(
    calls([
      "toolu_019oFKxH7xzoKZtBX1mBGHeJ",
      "executeEditorOperation",
      {
        noteId: NOTE,
        operations: [{ op: "insert_node", at: { type: "path", path: [1] }, type: "bulletedListItem", text: "bye" }],
      },
    ]),
    `${ANTHROPIC_TEST} deferred tool search (generate)`,
  ),
  "anthropic/anthropic-tool-search-deferred-regex.2.json": one(
    calls([
      "toolu_01Vif37vPguXdx5yxixnpvpM",
      "executeEditorOperation",
      {
        noteId: NOTE,
        operations: [{ op: "insert_node", at: { type: "path", path: [1] }, type: "bulletedListItem", text: "bye" }],
      },
    ]),
    `${ANTHROPIC_TEST} deferred tool search (generate)`,
  ),
  "anthropic/anthropic-web-fetch-tool-20260209.1.chunks.txt": one(ran(2), `${ANTHROPIC_SNAP} web fetch 20260209`),
  "anthropic/anthropic-web-fetch-tool-20260209.1.json": one(ran(2), `${ANTHROPIC_SNAP} web fetch 20260209`),
  "anthropic/anthropic-web-fetch-tool.1.chunks.txt": one(ran(1), `${ANTHROPIC_SNAP} web fetch tool`),
  "anthropic/anthropic-web-fetch-tool.1.json": one(ran(1), `${ANTHROPIC_SNAP} web fetch tool`),
  "anthropic/anthropic-web-fetch-tool.2.json": one(ran(1), `${ANTHROPIC_SNAP} web fetch without title`),
  "anthropic/anthropic-web-fetch-tool.error.json": one(ran(1), `${ANTHROPIC_SNAP} web fetch unavailable error`),
  "anthropic/anthropic-web-search-tool.1.chunks.txt": one(ran(1), `${ANTHROPIC_SNAP} web search tool`),
  "anthropic/anthropic-web-search-tool.1.json": one(ran(2), `${ANTHROPIC_SNAP} web search tool`),
  "anthropic/duplicate-message-start.chunks.txt": one(
    answer("Hello, World!"),
    "anthropic-message-lifecycle.test.ts: ignores a duplicate message_start",
  ),
  // A second message starts while the first's tool_use is still open: an error, no call (toolu_second is not run).
  "anthropic/spliced-message-start.chunks.txt": {
    turns: [],
    from: "anthropic-message-lifecycle.test.ts: fails when a different message starts while the previous is open",
    error: /message_start.*msg_second.*still open/,
    streamThrows: true,
  },
  // Amazon Bedrock Converse (chunks are the decoded event JSON).
  "bedrock/amazon-bedrock-json-only-text-first.1.chunks.txt": one(
    calls(["json-tool-1", "json", { name: "John" }]),
    `${BEDROCK_TEST} json tool`,
  ),
  "bedrock/amazon-bedrock-json-other-tool.1.chunks.txt": one(
    calls(["toolu_01PQjhxo3eirCdKNvCJrKc8f", "get-weather", SF]),
    `${BEDROCK_TEST} json with other tool`,
  ),
  "bedrock/amazon-bedrock-json-other-tool.1.json": one(
    calls(["toolu_01PQjhxo3eirCdKNvCJrKc8f", "get-weather", SF]),
    `${BEDROCK_TEST} json with other tool`,
  ),
  "bedrock/amazon-bedrock-json-tool-text-then-weather-then-json.1.chunks.txt": one(
    calls(["weather-tool-1", "weather", SF], ["weather-tool-2", "weather", { location: "London" }]),
    `${BEDROCK_TEST} text, then weather, then json`,
  ),
  "bedrock/amazon-bedrock-json-tool-with-answer.1.json": one(
    calls(["json-tool-id-123", "json", { firstName: "John", lastName: "Doe" }]),
    `${BEDROCK_TEST} json tool with answer`,
  ),
  "bedrock/amazon-bedrock-json-tool.1.chunks.txt": one(
    calls(["json-tool-id", "json", { value: "test" }]),
    BEDROCK_TEST,
  ),
  "bedrock/amazon-bedrock-json-tool.1.json": one(
    calls([
      "json-tool-id",
      "json",
      {
        elements: [
          { location: "San Francisco", temperature: -5, condition: "snowy" },
          { location: "London", temperature: 0, condition: "snowy" },
        ],
      },
    ]),
    BEDROCK_TEST,
  ),
  "bedrock/amazon-bedrock-json-tool.2.chunks.txt": one(
    calls(["json-tool-id", "json", { value: "test" }]),
    BEDROCK_TEST,
  ),
  "bedrock/amazon-bedrock-json-tool.2.json": one(calls(["json-tool-id", "json", { value: "test data" }]), BEDROCK_TEST),
  "bedrock/amazon-bedrock-json-tool.3.chunks.txt": one(calls(["json-tool-id", "json", { result: 42 }]), BEDROCK_TEST),
  "bedrock/amazon-bedrock-json-tool.3.json": one(calls(["json-tool-id", "json", { result: 42 }]), BEDROCK_TEST),
  "bedrock/amazon-bedrock-json-with-tool.1.chunks.txt": one(
    calls(["tool-1", "get-weather", { location: "SF" }], ["json-tool-id", "json", { result: "data" }]),
    BEDROCK_TEST,
  ),
  "bedrock/amazon-bedrock-json-with-tool.1.json": one(
    calls(["tool-1", "get-weather", { location: "SF" }], ["json-tool-id", "json", { result: "data" }]),
    BEDROCK_TEST,
  ),
  "bedrock/amazon-bedrock-json-with-tools.1.chunks.txt": one(
    calls(
      ["tool-1", "tool-a", { a: "1" }],
      ["tool-2", "tool-b", { b: "2" }],
      ["json-tool-id", "json", { final: "result" }],
    ),
    BEDROCK_TEST,
  ),
  "bedrock/amazon-bedrock-json-with-tools.1.json": one(
    calls(
      ["tool-1", "tool-a", { param: "a" }],
      ["tool-2", "tool-b", { param: "b" }],
      ["json-tool-id", "json", { final: "result" }],
    ),
    BEDROCK_TEST,
  ),
  "bedrock/amazon-bedrock-reasoning.chunks.txt": one(answer("There are **3** r's"), `${BEDROCK_TEST} reasoning`),
  "bedrock/amazon-bedrock-reasoning.json": one(answer("There are **3** r's"), `${BEDROCK_TEST} reasoning`),
  "bedrock/amazon-bedrock-text.chunks.txt": one(answer('Let me count the "r"s'), `${BEDROCK_TEST} text`),
  "bedrock/amazon-bedrock-text.json": one(answer('Let me count the "r"s'), `${BEDROCK_TEST} text`),
  "bedrock/amazon-bedrock-tool-call.1.chunks.txt": one(
    calls(["tool-use-id", "test-tool", { value: "Sparkle Day" }]),
    `${BEDROCK_TEST} should stream tool deltas`,
  ),
  "bedrock/amazon-bedrock-tool-call.1.json": one(
    calls(["tool-use-id", "bash", { command: "ls -l" }]),
    `${BEDROCK_TEST} should extract tool calls`,
  ),
  "bedrock/amazon-bedrock-tool-no-args.chunks.txt": one(
    calls(["tool-use-id", "updateIssueList", {}]),
    `${BEDROCK_TEST} tool call without arguments`,
  ),
  "bedrock/amazon-bedrock-tool-no-args.json": one(
    calls(["tool-use-id", "updateIssueList", {}]),
    `${BEDROCK_TEST} tool call without arguments`,
  ),
  // Cohere v2 chat.
  "cohere/cohere-citations.json": one(answer("The key benefits"), "cohere-chat-language-model.test.ts.snap citations"),
  "cohere/cohere-empty-tool-call.chunks.txt": one(
    calls(["currentTime_y46ar19t5gvw", "currentTime", {}]),
    "cohere-chat-language-model.test.ts.snap empty tool call (input {})",
  ),
  "cohere/cohere-max-tokens.json": one(answer(), "cohere-chat-language-model.test.ts max tokens"),
  // Cohere's arguments "null" for a call without parameters: the AI SDK's snapshot says input "{}".
  "cohere/cohere-null-args.json": one(
    calls(["currentTime_tf4dywn8wgnk", "currentTime", {}]),
    'cohere-chat-language-model.test.ts.snap should handle string "null" tool call arguments',
  ),
  "cohere/cohere-reasoning.chunks.txt": one(answer(), "cohere-chat snap reasoning"),
  "cohere/cohere-reasoning.json": one(answer("2 + 2 = 4"), "cohere-chat-language-model.test.ts.snap reasoning"),
  "cohere/cohere-text.chunks.txt": one(answer("The capital of France is Paris."), "cohere-chat snap text"),
  "cohere/cohere-text.json": one(answer("The capital of France is Paris."), "cohere-chat snap text"),
  "cohere/cohere-tool-call.chunks.txt": one(
    calls(
      ["weather_e8p4pn45zt0t", "weather", SF],
      ["cityAttractions_pyxssbwnq9fq", "cityAttractions", { city: "San Francisco" }],
    ),
    "cohere-chat-language-model.test.ts.snap tool call (stream)",
  ),
  "cohere/cohere-tool-call.json": one(
    calls(
      ["weather_dqgshstja6p9", "weather", SF],
      ["cityAttractions_dcxfx4myvx68", "cityAttractions", { city: "San Francisco" }],
    ),
    "cohere-chat-language-model.test.ts.snap tool call",
  ),
  // Chat Completions compatible: DeepSeek, Groq, xAI chat, OpenAI-compatible, OpenAI.
  "deepseek/deepseek-json.json": one(answer("{"), "deepseek-chat-language-model.test.ts.snap json"),
  "deepseek/deepseek-reasoning.chunks.txt": one(answer('The word "strawberry"'), "deepseek-chat snap reasoning"),
  "deepseek/deepseek-reasoning.json": one(answer('The word "strawberry"'), "deepseek-chat snap reasoning"),
  "deepseek/deepseek-text.chunks.txt": one(answer(), "deepseek-chat snap text"),
  "deepseek/deepseek-text.json": one(answer("## **Holiday Name:"), "deepseek-chat snap text"),
  "deepseek/deepseek-tool-call.chunks.txt": one(
    calls(["call_00_ioIn7yN9p1ZOMNpDLwd4MgAF", "weather", SF]),
    "deepseek-chat-language-model.test.ts.snap tool call (stream)",
  ),
  "deepseek/deepseek-tool-call.json": one(
    calls(["call_00_9V0vrf86Pc9aelHCJMZqnJBo", "weather", SF]),
    "deepseek-chat-language-model.test.ts.snap tool call",
  ),
  "groq/groq-reasoning.chunks.txt": one(answer(), "groq-chat snap reasoning"),
  "groq/groq-reasoning.json": one(answer('The word "strawberry"'), "groq-chat snap reasoning"),
  "groq/groq-text.chunks.txt": one(answer(), "groq-chat snap text"),
  "groq/groq-text.json": one(answer('I\'d like to introduce "Luminaria"'), "groq-chat snap text"),
  "groq/groq-tool-call.chunks.txt": one(calls(["tk85n1k4m", "weather", {}]), "groq-chat snap tool call (input {})"),
  "groq/groq-tool-call.json": one(calls(["ax9fskhev", "weather", {}]), "groq-chat snap tool call (input {})"),
  "xai/xai-text.chunks.txt": one(answer("Hello"), "xai-chat-language-model.test.ts.snap text"),
  "xai/xai-text.json": one(answer("Hello"), "xai-chat-language-model.test.ts.snap text"),
  "xai/xai-tool-call.chunks.txt": one(calls(["call_55117580", "weather", SF]), "xai-chat snap tool call (stream)"),
  "xai/xai-tool-call.json": one(calls(["call_93562515", "weather", SF]), "xai-chat snap tool call"),
  "openai-compatible/xai-text.chunks.txt": one(answer("Grok"), "openai-compatible-chat snap text"),
  "openai-compatible/xai-text.json": one(answer("Grok"), "openai-compatible-chat snap text"),
  "openai-compatible/xai-tool-call.chunks.txt": one(calls(["call_79382389", "weather", SF]), "openai-compatible snap"),
  "openai-compatible/xai-tool-call.json": one(calls(["call_46427107", "weather", SF]), "openai-compatible snap"),
  "openai-compatible/anthropic-fallback-tool-call.sse": one(
    calls(["toolu_sanitized", "read_file", { path: "a.txt" }]),
    "openai-compatible-chat-language-model.test.ts anthropic fallback tool call",
  ),
  "openai/azure-model-router.1.chunks.txt": one(answer(), "openai-chat-language-model.test.ts"),
  "openai/openai-text.chunks.txt": one(answer(), "openai-chat snap text"),
  "openai/openai-text.json": one(answer(), "openai-chat snap text"),
  // Mistral.
  "mistral/mistral-incremental-tool-call.chunks.txt": one(
    calls(["chatcmpl-tool-9f149c74c42f265b", "webSearchTool", { query: "current Berlin weather" }]),
    "mistral-chat-language-model.test.ts incremental tool call",
  ),
  // Magistral: content is a list of chunks (thinking, then text); the answer is the text chunk.
  "mistral/mistral-reasoning.chunks.txt": one(answer("2 + 2 = 4"), "mistral-chat snap should stream reasoning"),
  "mistral/mistral-reasoning.json": one(answer("2 + 2 = 4"), "mistral-chat snap should extract reasoning content"),
  "mistral/mistral-text.chunks.txt": one(answer(), "mistral-chat snap"),
  "mistral/mistral-text.json": one(answer('**Holiday Name: "World Kindness Day of Sharing"**'), "mistral-chat snap"),
  "mistral/mistral-tool-call.chunks.txt": one(calls(["gSIMJiOkT", "weather", SF]), "mistral-chat snap tool call"),
  "mistral/mistral-tool-call.json": one(calls(["gSIMJiOkT", "weather", SF]), "mistral-chat snap tool call"),
  // Gemini (generateContent and Vertex AI).
  "gemini/google-reasoning-gemini3.chunks.txt": one(answer('There are **3** "r"s'), `${GOOGLE} reasoning`),
  "gemini/google-reasoning-gemini3.json": one(answer('There are **3** "r"s'), `${GOOGLE} reasoning`),
  "gemini/google-reasoning.chunks.txt": one(answer('There are **3** "r"s'), `${GOOGLE} reasoning`),
  "gemini/google-reasoning.json": one(answer('There are **3** "r"s'), `${GOOGLE} reasoning`),
  "gemini/google-text.chunks.txt": one(answer('There are **3** "r"s'), `${GOOGLE} text`),
  "gemini/google-text.json": one(answer("There are **3** r's"), `${GOOGLE} text`),
  "gemini/google-stream-no-args-tool-call.chunks.txt": one(
    calls(
      [null, "read_theme", {}],
      [null, "read_screen", { id: "A" }],
      [null, "read_screen", { id: "B" }],
      [null, "read_screen", { id: "C" }],
    ),
    `${GOOGLE} streamed tool call without arguments`,
  ),
  "gemini/google-stream-tool-call-arguments.chunks.txt": one(
    calls([null, "getWeather", { location: "Boston" }], [null, "getWeather", SF]),
    `${GOOGLE} streamed tool call arguments`,
  ),
  "gemini/google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.txt": one(
    calls([
      null,
      "writeItems",
      {
        operations: [
          { action: "add", description: "Fresh red apple", itemid: "apple_001", price: 0.5 },
          { action: "add", description: "Ripe yellow banana", itemid: "banana_001", price: 0.3 },
        ],
      },
    ]),
    `${GOOGLE} array arguments without a terminal functionCall`,
  ),
  "gemini/google-tool-call-gemini3.chunks.txt": one(calls([null, "weather", SF]), `${GOOGLE} tool call gemini 3`),
  "gemini/google-tool-call-gemini3.json": one(calls([null, "weather", SF]), `${GOOGLE} tool call gemini 3`),
  "gemini/google-tool-call.chunks.txt": one(calls([null, "weather", SF]), `${GOOGLE} tool call`),
  "gemini/google-tool-call.json": one(calls([null, "weather", SF]), `${GOOGLE} tool call`),
  "gemini/google-vertex-stream-tool-call-arguments-nested.1.chunks.txt": one(
    calls([null, "cookRecipe", undefined]),
    `${GOOGLE} Vertex nested streamed arguments (checked whole in recorded.test.ts)`,
  ),
  // OpenAI Responses.
  "responses/github-copilot-id-rotation.1.chunks.txt": one(answer("There are **3** letter"), `${RESPONSES_TEST} ids`),
  "responses/openai-client-tool-search.2.chunks.txt": one(
    calls(["call_Q7pq6EfVGRnauPLWSSYBGJ1l", "get_weather", { location: "San Francisco, CA", unit: "fahrenheit" }]),
    `${RESPONSES_TEST} client tool search`,
  ),
  "responses/openai-client-tool-search.2.json": one(
    calls(["call_heVrRaKZEJbsRvHvaEf5BLUI", "get_weather", { location: "San Francisco, CA", unit: "fahrenheit" }]),
    `${RESPONSES_TEST} client tool search`,
  ),
  "responses/openai-code-interpreter-tool.1.chunks.txt": one(ran(3), `${RESPONSES_SNAP} code interpreter`),
  "responses/openai-code-interpreter-tool.1.json": one(ran(3), `${RESPONSES_SNAP} code interpreter`),
  "responses/openai-compaction.1.chunks.txt": one(answer("### Testing strategies"), `${RESPONSES_TEST} compaction`),
  "responses/openai-compaction.1.json": one(answer("### Testing strategies"), `${RESPONSES_TEST} compaction`),
  "responses/openai-error.1.chunks.txt": {
    turns: [],
    from: `${RESPONSES_TEST} error event`,
    error: /exceeded your current quota/,
  },
  "responses/openai-file-search-tool.1.chunks.txt": one(ran(1), `${RESPONSES_SNAP} file search`),
  "responses/openai-file-search-tool.1.json": one(ran(1), `${RESPONSES_SNAP} file search`),
  "responses/openai-file-search-tool.2.chunks.txt": one(ran(1), `${RESPONSES_SNAP} file search`),
  "responses/openai-file-search-tool.2.json": one(ran(1), `${RESPONSES_SNAP} file search`),
  "responses/openai-image-generation-tool.1.chunks.txt": one(
    ran(1, answer(false)),
    `${RESPONSES_SNAP} image generation`,
  ),
  "responses/openai-image-generation-tool.1.json": one(ran(1, answer(false)), `${RESPONSES_SNAP} image generation`),
  "responses/openai-mcp-tool-approval.2.chunks.txt": one(answer(), `${RESPONSES_SNAP} mcp approval`),
  "responses/openai-mcp-tool-approval.2.json": one(answer(), `${RESPONSES_SNAP} mcp approval`),
  "responses/openai-mcp-tool-approval.4.chunks.txt": one(ran(1, answer("Done")), `${RESPONSES_SNAP} mcp approval`),
  "responses/openai-mcp-tool-approval.4.json": one(ran(1, answer("Done")), `${RESPONSES_SNAP} mcp approval`),
  "responses/openai-mcp-tool.1.chunks.txt": one(ran(2, answer("Yes")), `${RESPONSES_SNAP} mcp tool`),
  "responses/openai-mcp-tool.1.json": one(ran(1, answer("Yes")), `${RESPONSES_SNAP} mcp tool`),
  "responses/openai-phase.1.chunks.txt": one(answer(), `${RESPONSES_TEST} phase`),
  "responses/openai-phase.1.json": one(answer(), `${RESPONSES_TEST} phase`),
  // Four responses one after another: three calls, one at a time, then the answer.
  "responses/openai-reasoning-encrypted-content.1.chunks.txt": {
    turns: [
      calls(["call_AB6AaRZ1FYZB2RwS6A5vbdqn", "calculator", { a: 12, b: 7, op: "add" }]),
      calls(["call_Q6pW65MUgW9vF59BmItYGos3", "calculator", { a: 19, b: 3, op: "multiply" }]),
      calls(["call_Zl5vIMnD7dVAjgU6FkhmiCZh", "calculator", { a: 57, b: 10, op: "multiply" }]),
      answer("The final result is **570**."),
    ],
    from: `${RESPONSES_SNAP} reasoning encrypted content`,
  },
  "responses/openai-reasoning-encrypted-content.1.json": one(answer(), `${RESPONSES_SNAP} reasoning encrypted content`),
  "responses/openai-shell-container-multiturn.1.chunks.txt": one(answer(), `${RESPONSES_TEST} shell container`),
  "responses/openai-shell-container-multiturn.1.json": one(answer(), `${RESPONSES_TEST} shell container`),
  "responses/openai-shell-container.1.chunks.txt": one(ran(1), `${RESPONSES_TEST} shell container (run by OpenAI)`),
  "responses/openai-shell-container.1.json": one(answer(), `${RESPONSES_TEST} shell container (run by OpenAI)`),
  "responses/openai-shell-local-multiturn.1.chunks.txt": one(answer(), `${RESPONSES_TEST} shell local`),
  "responses/openai-shell-local-multiturn.1.json": one(answer(), `${RESPONSES_TEST} shell local`),
  "responses/openai-shell-skills.1.chunks.txt": one(ran(2, answer("Build a STOP")), `${RESPONSES_TEST} shell skills`),
  "responses/openai-shell-skills.1.json": one(answer("Build a STOP"), `${RESPONSES_TEST} shell skills`),
  "responses/openai-tool-search.1.chunks.txt": one(
    calls(["call_pddfxhfOx4gY56zn4vIIEbFp", "get_weather", { location: "San Francisco, CA", unit: "fahrenheit" }]),
    `${RESPONSES_TEST} hosted tool search`,
  ),
  "responses/openai-tool-search.1.json": one(
    calls(["call_ytqozXvUXG8NN1b0IODxzUaE", "get_weather", { location: "San Francisco, CA", unit: "fahrenheit" }]),
    `${RESPONSES_TEST} hosted tool search`,
  ),
  "responses/openai-web-search-tool.1.chunks.txt": one(ran(6), `${RESPONSES_SNAP} web search`),
  "responses/openai-web-search-tool.1.json": one(ran(3), `${RESPONSES_SNAP} web search`),
  "responses/programmatic-tool-calling.1.chunks.txt": one(
    calls(["call_VgDSZztLociNcutQZWkC2fmL", "getInventory", { sku: "sku_123" }]),
    `${RESPONSES_TEST} programmatic tool calling`,
  ),
  "responses/programmatic-tool-calling.1.json": one(
    calls(["call_rj6LW6NEyodD5YVKeoexoLNz", "getInventory", { sku: "sku_123" }]),
    `${RESPONSES_TEST} programmatic tool calling`,
  ),
  "responses/programmatic-tool-calling.2.chunks.txt": one(
    calls(["call_8GZvm5Bs4q0YSJIFH8hZeIcp", "getDemand", { sku: "sku_123" }]),
    `${RESPONSES_TEST} programmatic tool calling`,
  ),
  "responses/programmatic-tool-calling.2.json": one(
    calls(["call_IYnPSr6i8TyBPs1H9U539pUP", "getDemand", { sku: "sku_123" }]),
    `${RESPONSES_TEST} programmatic tool calling`,
  ),
  "responses/programmatic-tool-calling.3.chunks.txt": one(answer("Inventory is sufficient"), RESPONSES_TEST),
  "responses/programmatic-tool-calling.3.json": one(answer("Inventory is sufficient"), RESPONSES_TEST),
  // xAI's Responses API: its server-run tools (code execution, file, web and X search, image generation) answer in
  // text; none is a call to run.
  "xai-responses/xai-code-execution-tool.1.json": one(ran(1), `${XAI_RESPONSES} code_interpreter tool`),
  "xai-responses/xai-file-search-tool.1.json": one(ran(1), `${XAI_RESPONSES} file_search tool`),
  "xai-responses/xai-image-generation-tool.1.chunks.txt": one(answer(), `${XAI_RESPONSES} image generation (stream)`),
  "xai-responses/xai-image-generation-tool.1.json": one(ran(1), `${XAI_RESPONSES} image generation (inline)`),
  "xai-responses/xai-text-streaming.1.chunks.txt": one(answer(), `${XAI_RESPONSES} text streaming`),
  "xai-responses/xai-text-with-reasoning-streaming-store-false.1.chunks.txt": one(answer(), XAI_RESPONSES),
  "xai-responses/xai-text-with-reasoning-streaming.1.chunks.txt": one(answer(), XAI_RESPONSES),
  "xai-responses/xai-web-search-tool.1.chunks.txt": one(ran(1), `${XAI_RESPONSES} web search with real response`),
  "xai-responses/xai-web-search-tool.1.json": one(ran(1), `${XAI_RESPONSES} web_search tool`),
  "xai-responses/xai-x-search-tool.1.json": one(ran(1), `${XAI_RESPONSES} x_search tool`),
  "xai-responses/xai-x-search-tool.chunks.txt": one(ran(6), `${XAI_RESPONSES} should stream x_search tool call`),
};

// Fixtures copied but not read here, each with its reason.
const SKIPPED: Record<string, string> = {
  "anthropic/anthropic-programmatic-tool-calling.1.chunks.txt": "read turn by turn in recorded.test.ts",
  "anthropic/anthropic-programmatic-tool-calling.1.json": "read in recorded.test.ts",
  "responses/openai-error.1.json": "an error body, no response (parseToolCalls' clear error is tested in parse tests)",
  // Items the client runs that are no function_call: the AI SDK gives tool calls for them; tooltype has no tool
  // kind for them, and its loop stops with an error naming each (recorded-client-items.test.ts).
  "responses/openai-apply-patch-tool.1.chunks.txt": "apply_patch_call: a client-run provider tool",
  "responses/openai-apply-patch-tool.1.json": "apply_patch_call: a client-run provider tool",
  "responses/openai-apply-patch-tool-delete.1.chunks.txt": "apply_patch_call: a client-run provider tool",
  "responses/openai-custom-tool.1.chunks.txt": "custom_tool_call: a free-form (grammar) custom tool",
  "responses/openai-custom-tool.1.json": "custom_tool_call: a free-form (grammar) custom tool",
  "responses/openai-local-shell-tool.1.chunks.txt": "local_shell_call: a client-run provider tool",
  "responses/openai-local-shell-tool.1.json": "local_shell_call: a client-run provider tool",
  "responses/openai-shell-tool.1.chunks.txt": "shell_call run locally (text-only turn in the stream; see json)",
  "responses/openai-shell-tool.1.json": "shell_call: a client-run provider tool",
  "responses/openai-client-tool-search.1.chunks.txt": "tool_search_call with execution client: the client searches",
  "responses/openai-client-tool-search.1.json": "tool_search_call with execution client: the client searches",
  "responses/openai-mcp-tool-approval.1.chunks.txt": "mcp_approval_request: an approval the user gives",
  "responses/openai-mcp-tool-approval.1.json": "mcp_approval_request: an approval the user gives",
  "responses/openai-mcp-tool-approval.3.chunks.txt": "mcp_approval_request: an approval the user gives",
  "responses/openai-mcp-tool-approval.3.json": "mcp_approval_request: an approval the user gives",
  "responses/parallel-tool-call-wrapper.1.chunks.txt":
    "hand-made (resp_parallel; its lines 1 and 6 are no JSON); the wrapper is no documented API",
  "responses/parallel-tool-call-wrapper.1.json": "hand-made; the AI SDK unwraps an undocumented `parallel` wrapper",
};

// The stream and the whole response of the same recorded interaction (their calls must agree).
const SAME: readonly (readonly [string, string])[] = [
  ["bedrock/amazon-bedrock-json-tool.3.chunks.txt", "bedrock/amazon-bedrock-json-tool.3.json"],
  ["bedrock/amazon-bedrock-json-with-tool.1.chunks.txt", "bedrock/amazon-bedrock-json-with-tool.1.json"],
  ["bedrock/amazon-bedrock-json-other-tool.1.chunks.txt", "bedrock/amazon-bedrock-json-other-tool.1.json"],
  ["bedrock/amazon-bedrock-tool-no-args.chunks.txt", "bedrock/amazon-bedrock-tool-no-args.json"],
  ["mistral/mistral-tool-call.chunks.txt", "mistral/mistral-tool-call.json"],
  ["mistral/mistral-reasoning.chunks.txt", "mistral/mistral-reasoning.json"],
  ["gemini/google-tool-call.chunks.txt", "gemini/google-tool-call.json"],
  ["gemini/google-tool-call-gemini3.chunks.txt", "gemini/google-tool-call-gemini3.json"],
  ["anthropic/anthropic-clear-thinking.1.chunks.txt", "anthropic/anthropic-clear-thinking.1.json"],
  ["cohere/cohere-text.chunks.txt", "cohere/cohere-text.json"],
];

type Provider = typeof anthropic | typeof bedrock | typeof cohere | typeof gemini | typeof mistral | typeof openai;
interface Speaker {
  readonly provider: unknown;
  readonly stream: typeof anthropicStream;
  readonly request: object;
  /** The event that opens a turn (a recording may hold several turns), and the one that closes it. */
  readonly turn?: readonly [open: string, close: string];
}
const chat = { model: "m", messages: [{ role: "user", content: "Hi" }] };
const OPENAI: Speaker = { provider: openai, stream: openaiStream, request: chat };
const RESPONSES: Speaker = {
  provider: responses,
  stream: responsesStream,
  request: { model: "m", input: "Hi" },
  turn: ["response.created", "response.completed"],
};
const SPEAKERS: Record<string, Speaker> = {
  anthropic: {
    provider: anthropic,
    stream: anthropicStream,
    request: { ...chat, max_tokens: 1024 },
    turn: ["message_start", "message_stop"],
  },
  bedrock: { provider: bedrock, stream: bedrockStream, request: chat },
  cohere: { provider: cohere, stream: cohereStream, request: chat },
  gemini: {
    provider: gemini,
    stream: geminiStream,
    request: { contents: [{ role: "user", parts: [{ text: "Hi" }] }] },
  },
  mistral: { provider: mistral, stream: mistralStream, request: chat },
  openai: OPENAI,
  deepseek: OPENAI,
  groq: OPENAI,
  xai: OPENAI,
  "openai-compatible": OPENAI,
  "xai-responses": RESPONSES,
  responses: RESPONSES,
};
const speakerOf = (path: string): Speaker => SPEAKERS[path.split("/")[0]!]!;

/** A recording's events (one JSON per line; an .sse file's `data:` lines), split into turns. */
function turnsOf(path: string): object[][] {
  const lines = String(FILES[path])
    .split("\n")
    .map((line) => line.replace(/^data: /, "").trim())
    .filter((line) => line && line !== "[DONE]" && !line.startsWith("event:"));
  const [open, close] = speakerOf(path).turn ?? ["", ""];
  const turns: object[][] = [[]];
  let closed = false;
  for (const line of lines) {
    const event = JSON.parse(line) as { type?: string };
    if (event.type === open && closed) turns.push([]);
    closed = closed ? event.type !== open : event.type === close;
    turns.at(-1)!.push(event);
  }
  return turns;
}

type Seen = readonly { id: string; name: string; arguments: unknown }[];
/** The calls against a turn's expectation; `undefined` inputs are not compared (checked elsewhere in full). */
function sameCalls(seen: Seen, turn: Turn, where: string): void {
  assert.ok(
    seen.every((c) => c.name),
    `${where}: a call without a name`,
  );
  assert.equal(
    seen.map((c, i) => [
      turn.calls[i]?.[0] === null ? null : c.id,
      c.name,
      turn.calls[i]?.[2] === undefined ? undefined : c.arguments,
    ]),
    turn.calls.map((c) => [...c]),
    where,
  );
}

function sameText(text: string | undefined, turn: Turn, where: string): void {
  if (typeof turn.text === "string") assert.ok(text?.startsWith(turn.text), `${where}: text ${JSON.stringify(text)}`);
  else if (turn.text) assert.ok(text && text.trim().length > 0, `${where}: no text`);
  else if (!turn.calls.length) assert.ok(!text?.trim(), `${where}: text where none was said`);
}

// What a provider runs itself: Anthropic's server_tool_use and mcp_tool_use blocks, Responses' hosted tool items
// (xAI's x_search_call among them).
const SERVER_TYPES = new Set([
  "server_tool_use",
  "mcp_tool_use",
  "web_search_call",
  "file_search_call",
  "code_interpreter_call",
  "image_generation_call",
  "mcp_call",
  "shell_call",
  "x_search_call",
  // xAI's X searches stream as completed custom_tool_call items, run by xAI (OpenAI's own custom tool calls, run by
  // the client, are among the skipped fixtures above).
  "custom_tool_call",
]);
/** The server-run tool calls anywhere in a conversation (each block or item once). */
function serverCalls(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + serverCalls(v), 0);
  if (typeof value !== "object" || value === null) return 0;
  const own = SERVER_TYPES.has(String((value as { type?: unknown }).type)) ? 1 : 0;
  return own + serverCalls(Object.values(value));
}

/** Anthropic's server blocks in a conversation: their inputs, which go back to the API whole (objects). */
function serverInputs(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(serverInputs);
  if (typeof value !== "object" || value === null) return [];
  const { type, input } = value as { type?: unknown; input?: unknown };
  const own = type === "server_tool_use" || type === "mcp_tool_use" ? [input] : [];
  return [...own, ...serverInputs(Object.values(value))];
}

/**
 * The input the history sends back for the call `id`, in any provider's shape: the object that names the call
 * (`id`, `call_id` or `toolUseId`) and is no answer to it, its `input`, `args`, `arguments` or `function.arguments`.
 */
function replayed(value: unknown, id: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => replayed(v, id));
  if (typeof value !== "object" || value === null) return [];
  const o = value as Record<string, unknown>;
  const names = o.id === id || o.call_id === id || o.toolUseId === id;
  const answer = "output" in o || "content" in o || "result" in o;
  const given = o.input ?? o.args ?? o.arguments ?? (o.function as { arguments?: unknown } | undefined)?.arguments;
  const own = names && !answer && given !== undefined ? [typeof given === "string" ? argumentsOf(given) : given] : [];
  return [...own, ...replayed(Object.values(o), id)];
}

// A call's argument text as the history holds it: Cohere's calls without parameters say "null" (whole) or ""
// (streamed), both "no arguments", as the API sent them.
const argumentsOf = (given: string): unknown => (given.trim() ? (JSON.parse(given) ?? {}) : {});

/** Each call goes back in the history once, with its input whole. */
function sameReplay(history: unknown, turn: Turn, where: string): void {
  for (const [id, , input] of turn.calls)
    if (id !== null && input !== undefined)
      assert.equal(replayed(history, id), [input], `${where}: the history's ${id}`);
}

function sameServer(history: unknown, turn: Turn, where: string): void {
  if (turn.server !== undefined)
    assert.is(serverCalls(history), turn.server, `${where}: server-run calls in the history`);
  const inputs = serverInputs(history);
  for (const input of inputs)
    assert.ok(typeof input === "object" && input !== null, `${where}: a server block's input ${JSON.stringify(input)}`);
  if (turn.serverInputs) assert.equal(inputs, turn.serverInputs, `${where}: the server blocks' inputs`);
}

/** (a) createToolCallStream: partial() after every event, calls() at the end. */
function streamCalls(path: string, events: readonly object[]): Seen {
  const stream = createToolCallStream(speakerOf(path).stream);
  for (const event of events) {
    stream.push(event);
    for (const call of stream.partial()) assert.ok(call.name, `${path}: a partial call without a name`);
  }
  return stream.calls();
}

/** (b) The loop's streamed turn (streamTools): its calls, its text, and its rebuilt response read whole. */
async function loopTurn(path: string, events: readonly object[]) {
  const { provider, request } = speakerOf(path);
  let step: { calls: Seen; response: unknown } | undefined;
  let text: string | undefined;
  let history: unknown;
  for await (const event of streamTools({
    provider: provider as Provider,
    chat: () =>
      (async function* () {
        yield* events;
      })(),
    request: request as never,
    maxSteps: 1,
  }))
    if (event.type === "step-finish") step = event as never;
    else if (event.type === "finish") ({ text, messages: history } = event as { text?: string; messages: unknown });
  return {
    calls: step?.calls ?? [],
    text,
    history,
    rebuilt: parseToolCalls(step?.response as object, provider as Provider),
  };
}

const streams = Object.keys(EXPECTED).filter((path) => !path.endsWith(".json"));
const wholes = Object.keys(EXPECTED).filter((path) => path.endsWith(".json"));

corpus("every copied fixture is read here or skipped with its reason", () => {
  const unread = Object.keys(FILES).filter((path) => !EXPECTED[path] && !SKIPPED[path]);
  assert.equal(unread, []);
  assert.equal(
    Object.keys(EXPECTED).filter((path) => !(path in FILES)),
    [],
  );
});

for (const path of streams) {
  const expected = EXPECTED[path]!;
  corpus(`${path}: createToolCallStream (${expected.from})`, () => {
    const turns = turnsOf(path);
    if (expected.streamThrows) {
      assert.throws(() => turns.map((events) => streamCalls(path, events)), expected.error);
      return;
    }
    if (expected.error) {
      assert.equal(
        turns.flatMap((events) => streamCalls(path, events)),
        [],
      );
      return;
    }
    assert.is(turns.length, expected.turns.length, `${path}: turns`);
    for (const [i, events] of turns.entries())
      sameCalls(streamCalls(path, events), expected.turns[i]!, `${path} turn ${i + 1}`);
    // One stream over the whole recording, as it was played back: every turn's calls, in order.
    if (turns.length > 1)
      sameCalls(
        streamCalls(path, turns.flat()),
        { calls: expected.turns.flatMap((turn) => turn.calls), text: false },
        `${path}: its turns in one stream`,
      );
  });
  corpus(`${path}: the loop's streamed turn, and its rebuilt response`, async () => {
    const turns = turnsOf(path);
    if (expected.error) {
      let thrown: unknown;
      try {
        for (const events of turns) await loopTurn(path, events);
      } catch (error) {
        thrown = error;
      }
      assert.match(String((thrown as Error | undefined)?.message), expected.error);
      return;
    }
    for (const [i, events] of turns.entries()) {
      const turn = expected.turns[i]!;
      const where = `${path} turn ${i + 1}`;
      const { calls, text, rebuilt, history } = await loopTurn(path, events);
      sameCalls(calls, turn, `${where} (loop)`);
      sameServer(history, turn, `${where} (loop)`);
      sameReplay(history, turn, `${where} (loop)`);
      sameCalls(rebuilt, turn, `${where} (rebuilt response)`);
      if (!turn.calls.length) sameText(text, turn, `${where} (loop)`);
      const { provider, request } = speakerOf(path);
      const read = await runTools({
        provider: provider as Provider,
        chat: () =>
          (async function* () {
            yield* events;
          })() as never,
        request: request as never,
        readStreams,
        maxSteps: 1,
      });
      sameCalls(read.steps[0]?.calls ?? [], turn, `${where} (runTools with readStreams)`);
      sameServer(read.messages, turn, `${where} (runTools with readStreams)`);
      sameReplay(read.messages, turn, `${where} (runTools with readStreams)`);
      if (!turn.calls.length) sameText(read.text, turn, `${where} (runTools with readStreams)`);
    }
  });
}

for (const path of wholes) {
  const expected = EXPECTED[path]!;
  corpus(`${path}: parseToolCalls and the loop (${expected.from})`, async () => {
    const { provider, request } = speakerOf(path);
    const turn = expected.turns[0]!;
    sameCalls(parseToolCalls(FILES[path] as object, provider as Provider), turn, `${path} (parseToolCalls)`);
    const out = await runTools({
      provider: provider as Provider,
      chat: async () => FILES[path] as never,
      request: request as never,
      maxSteps: 1,
    });
    sameCalls(out.steps[0]?.calls ?? [], turn, `${path} (loop)`);
    sameServer(out.messages, turn, `${path} (loop)`);
    sameReplay(out.messages, turn, `${path} (loop)`);
    assert.is(out.finishReason, turn.calls.length ? "max_steps" : "stop", `${path}: finishReason`);
    if (!turn.calls.length) sameText(out.text, turn, `${path} (loop)`);
  });
}

corpus("the stream and the whole response of the same interaction agree", async () => {
  for (const [stream, whole] of SAME) {
    const { provider } = speakerOf(whole);
    const [events] = turnsOf(stream);
    const streamed = streamCalls(stream, events!).map((c) => [c.name, c.arguments]);
    const read = parseToolCalls(FILES[whole] as object, provider as Provider).map((c) => [c.name, c.arguments]);
    assert.equal(streamed, read, `${stream} and ${whole}`);
    const loop = await loopTurn(stream, events!);
    const out = await runTools({
      provider: provider as Provider,
      chat: async () => FILES[whole] as never,
      request: speakerOf(whole).request as never,
      maxSteps: 1,
    });
    assert.is(loop.text ?? "", out.text ?? "", `${stream} and ${whole}: text`);
  }
});

corpus.run();
