// Responses with two parallel tool calls, in each provider's own shape (from the official SDKs' types),
// and the text answers that end a loop. Used by the calls and run-tools suites.

export const ARGS_1 = { location: "Paris", unit: "celsius" };
export const ARGS_2 = { expression: "2 + 2" };

export const openai = {
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1,
  model: "gpt-4o-mini",
  choices: [
    {
      index: 0,
      finish_reason: "tool_calls",
      message: {
        role: "assistant",
        content: null,
        refusal: null,
        tool_calls: [
          { id: "call_a", type: "function", function: { name: "get_weather", arguments: JSON.stringify(ARGS_1) } },
          { id: "call_b", type: "function", function: { name: "calculator", arguments: JSON.stringify(ARGS_2) } },
        ],
      },
    },
  ],
};
export const openaiText = {
  choices: [
    { index: 0, finish_reason: "stop", message: { role: "assistant", content: "It is 21 °C in Paris and 2 + 2 = 4." } },
  ],
};

export const responses = {
  id: "resp_1",
  object: "response",
  output: [
    { type: "reasoning", id: "rs_1", summary: [] },
    {
      type: "function_call",
      id: "fc_1",
      call_id: "call_a",
      name: "get_weather",
      arguments: JSON.stringify(ARGS_1),
      status: "completed",
    },
    {
      type: "function_call",
      id: "fc_2",
      call_id: "call_b",
      name: "calculator",
      arguments: JSON.stringify(ARGS_2),
      status: "completed",
    },
  ],
};
export const responsesText = {
  id: "resp_2",
  output: [
    {
      type: "message",
      id: "msg_1",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: "Done.", annotations: [] }],
    },
  ],
};

export const anthropic = {
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "claude-sonnet-4-5",
  stop_reason: "tool_use",
  content: [
    { type: "text", text: "Let me check." },
    { type: "tool_use", id: "toolu_a", name: "get_weather", input: ARGS_1 },
    { type: "tool_use", id: "toolu_b", name: "calculator", input: ARGS_2 },
  ],
};
export const anthropicText = {
  id: "msg_2",
  type: "message",
  role: "assistant",
  stop_reason: "end_turn",
  content: [{ type: "text", text: "Done." }],
};

export const gemini = {
  candidates: [
    {
      content: {
        role: "model",
        parts: [
          { functionCall: { name: "get_weather", args: ARGS_1 } },
          { functionCall: { name: "calculator", args: ARGS_2 } },
        ],
      },
      finishReason: "STOP",
    },
  ],
};
export const geminiText = {
  candidates: [{ content: { role: "model", parts: [{ text: "Thinking…", thought: true }, { text: "Done." }] } }],
};

export const mcp = {
  role: "assistant",
  model: "any",
  stopReason: "toolUse",
  content: [
    { type: "tool_use", id: "tu_a", name: "get_weather", input: ARGS_1 },
    { type: "tool_use", id: "tu_b", name: "calculator", input: ARGS_2 },
  ],
};
export const mcpText = {
  role: "assistant",
  model: "any",
  stopReason: "endTurn",
  content: { type: "text", text: "Done." },
};

export const bedrock = {
  output: {
    message: {
      role: "assistant",
      content: [
        { text: "Checking." },
        { toolUse: { toolUseId: "tooluse_a", name: "get_weather", input: ARGS_1 } },
        { toolUse: { toolUseId: "tooluse_b", name: "calculator", input: ARGS_2 } },
      ],
    },
  },
  stopReason: "tool_use",
};
export const bedrockText = {
  output: { message: { role: "assistant", content: [{ text: "Done." }] } },
  stopReason: "end_turn",
};

export const mistral = {
  id: "m1",
  choices: [
    {
      index: 0,
      finishReason: "tool_calls",
      message: {
        role: "assistant",
        content: "",
        toolCalls: [
          { id: "mc_a", type: "function", function: { name: "get_weather", arguments: JSON.stringify(ARGS_1) } },
          { id: "mc_b", type: "function", function: { name: "calculator", arguments: ARGS_2 } },
        ],
      },
    },
  ],
};
export const mistralText = {
  choices: [{ index: 0, finishReason: "stop", message: { role: "assistant", content: "Done." } }],
};

export const ollama = {
  model: "llama3.2",
  message: {
    role: "assistant",
    content: "",
    tool_calls: [
      { function: { name: "get_weather", arguments: ARGS_1 } },
      { function: { name: "calculator", arguments: ARGS_2 } },
    ],
  },
  done: true,
};
export const ollamaText = { model: "llama3.2", message: { role: "assistant", content: "Done." }, done: true };

export const cohere = {
  id: "c1",
  finishReason: "TOOL_CALL",
  message: {
    role: "assistant",
    toolPlan: "I will look up the weather and compute.",
    toolCalls: [
      { id: "co_a", type: "function", function: { name: "get_weather", arguments: JSON.stringify(ARGS_1) } },
      { id: "co_b", type: "function", function: { name: "calculator", arguments: JSON.stringify(ARGS_2) } },
    ],
  },
};
export const cohereText = {
  id: "c2",
  finishReason: "COMPLETE",
  message: { role: "assistant", content: [{ type: "text", text: "Done." }] },
};

/** Each provider's tool-call response, its final text response, and the ids its calls should get. */
export const PROVIDERS = {
  openai: { calls: openai, text: openaiText, ids: ["call_a", "call_b"], final: "It is 21 °C in Paris and 2 + 2 = 4." },
  responses: { calls: responses, text: responsesText, ids: ["call_a", "call_b"], final: "Done." },
  anthropic: { calls: anthropic, text: anthropicText, ids: ["toolu_a", "toolu_b"], final: "Done." },
  gemini: {
    calls: gemini,
    text: geminiText,
    ids: ["tooltype_call_0_get_weather", "tooltype_call_1_calculator"],
    final: "Done.",
  },
  mcp: { calls: mcp, text: mcpText, ids: ["tu_a", "tu_b"], final: "Done." },
  bedrock: { calls: bedrock, text: bedrockText, ids: ["tooluse_a", "tooluse_b"], final: "Done." },
  mistral: { calls: mistral, text: mistralText, ids: ["mc_a", "mc_b"], final: "Done." },
  ollama: {
    calls: ollama,
    text: ollamaText,
    ids: ["tooltype_call_0_get_weather", "tooltype_call_1_calculator"],
    final: "Done.",
  },
  cohere: { calls: cohere, text: cohereText, ids: ["co_a", "co_b"], final: "Done." },
} as const;
