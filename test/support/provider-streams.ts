// Streaming answers in each provider's wire format (server-sent events, as the APIs send them), written from a
// short description of one model turn: the text, the calls (their argument text cut in pieces as the APIs
// cut it), the usage. The hand-written transcripts in test/fixtures/streams/ were written by this, then kept as
// text; tests use it directly for the other scenarios (repair, approval, abort).

export type StreamProvider = "openai" | "responses" | "anthropic" | "gemini";

export interface TurnCall {
  readonly id: string;
  readonly name: string;
  /** The argument text exactly as the model sends it (may be broken JSON). */
  readonly args: string;
}

export interface Turn {
  readonly text?: string;
  readonly calls?: readonly TurnCall[];
  readonly usage?: { readonly input: number; readonly output: number };
  /** Where the stream ends early: after this many events (for a cut connection). */
  readonly cutAfter?: number;
}

const PIECE = 9; // argument and text pieces, about as long as the APIs' deltas
const cut = (text: string, size = PIECE): string[] => {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [""];
};

type Event = { readonly event?: string; readonly data: unknown };

/** SSE text of events: `event:` when named, then `data:` (objects as JSON); Gemini's lines end in CRLF. */
export function sse(events: readonly Event[], crlf = false): string {
  const nl = crlf ? "\r\n" : "\n";
  return events
    .map(
      (e) =>
        `${e.event ? `event: ${e.event}${nl}` : ""}data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}${nl}${nl}`,
    )
    .join("");
}

/** The events of one streamed turn. */
export function turnEvents(provider: StreamProvider, turn: Turn, n = 1): Event[] {
  const events = WRITERS[provider](turn, n);
  return turn.cutAfter === undefined ? events : events.slice(0, turn.cutAfter);
}

/** The SSE text of one streamed turn. */
export function turnText(provider: StreamProvider, turn: Turn, n = 1): string {
  return sse(turnEvents(provider, turn, n), provider === "gemini");
}

const WRITERS: Record<StreamProvider, (turn: Turn, n: number) => Event[]> = {
  openai: (turn, n) => {
    const head = {
      id: `chatcmpl-Bx7Rk2mQ9vT4${n}`,
      object: "chat.completion.chunk",
      created: 1767225600 + n,
      model: "gpt-4o-mini-2024-07-18",
      service_tier: "default",
      system_fingerprint: "fp_560af6e559",
    };
    const chunk = (delta: object, finish: string | null = null) => ({
      data: { ...head, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], usage: null },
    });
    const events: Event[] = [chunk({ role: "assistant", content: turn.text ? "" : null, refusal: null })];
    for (const piece of turn.text ? cut(turn.text, 6) : []) events.push(chunk({ content: piece }));
    (turn.calls ?? []).forEach((call, index) => {
      events.push(
        chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }),
      );
      for (const piece of cut(call.args))
        events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    });
    events.push(chunk({}, turn.calls?.length ? "tool_calls" : "stop"));
    const usage = turn.usage ?? { input: 50, output: 10 };
    events.push({
      data: {
        ...head,
        choices: [],
        usage: {
          prompt_tokens: usage.input,
          completion_tokens: usage.output,
          total_tokens: usage.input + usage.output,
          prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
          completion_tokens_details: {
            reasoning_tokens: 0,
            audio_tokens: 0,
            accepted_prediction_tokens: 0,
            rejected_prediction_tokens: 0,
          },
        },
      },
    });
    events.push({ data: "[DONE]" });
    return events;
  },
  responses: (turn, n) => {
    let seq = 0;
    const ev = (type: string, body: object): Event => ({
      event: type,
      data: { type, sequence_number: seq++, ...body },
    });
    const id = `resp_68b1c0ffee${n}`;
    const base = {
      id,
      object: "response",
      created_at: 1767225600 + n,
      model: "gpt-4.1-mini-2025-04-14",
      parallel_tool_calls: true,
      tool_choice: "auto",
      error: null,
      incomplete_details: null,
      instructions: null,
      metadata: {},
    };
    const events: Event[] = [
      ev("response.created", { response: { ...base, status: "in_progress", output: [], usage: null } }),
      ev("response.in_progress", { response: { ...base, status: "in_progress", output: [], usage: null } }),
    ];
    const output: object[] = [];
    if (turn.text) {
      const at = output.length;
      const msgId = `msg_68b1c0${n}a`;
      events.push(
        ev("response.output_item.added", {
          output_index: at,
          item: { id: msgId, type: "message", status: "in_progress", content: [], role: "assistant" },
        }),
      );
      events.push(
        ev("response.content_part.added", {
          item_id: msgId,
          output_index: at,
          content_index: 0,
          part: { type: "output_text", annotations: [], logprobs: [], text: "" },
        }),
      );
      for (const delta of cut(turn.text, 6))
        events.push(
          ev("response.output_text.delta", { item_id: msgId, output_index: at, content_index: 0, delta, logprobs: [] }),
        );
      events.push(
        ev("response.output_text.done", {
          item_id: msgId,
          output_index: at,
          content_index: 0,
          text: turn.text,
          logprobs: [],
        }),
      );
      const part = { type: "output_text", annotations: [], logprobs: [], text: turn.text };
      events.push(ev("response.content_part.done", { item_id: msgId, output_index: at, content_index: 0, part }));
      const item = { id: msgId, type: "message", status: "completed", content: [part], role: "assistant" };
      events.push(ev("response.output_item.done", { output_index: at, item }));
      output.push(item);
    }
    (turn.calls ?? []).forEach((call, k) => {
      const at = output.length;
      const itemId = `fc_68b1c0${n}${k}`;
      events.push(
        ev("response.output_item.added", {
          output_index: at,
          item: {
            id: itemId,
            type: "function_call",
            status: "in_progress",
            arguments: "",
            call_id: call.id,
            name: call.name,
          },
        }),
      );
      for (const delta of cut(call.args))
        events.push(ev("response.function_call_arguments.delta", { item_id: itemId, output_index: at, delta }));
      events.push(
        ev("response.function_call_arguments.done", { item_id: itemId, output_index: at, arguments: call.args }),
      );
      const item = {
        id: itemId,
        type: "function_call",
        status: "completed",
        arguments: call.args,
        call_id: call.id,
        name: call.name,
      };
      events.push(ev("response.output_item.done", { output_index: at, item }));
      output.push(item);
    });
    const usage = turn.usage ?? { input: 50, output: 10 };
    events.push(
      ev("response.completed", {
        response: {
          ...base,
          status: "completed",
          output,
          usage: {
            input_tokens: usage.input,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: usage.output,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: usage.input + usage.output,
          },
        },
      }),
    );
    return events;
  },
  anthropic: (turn, n) => {
    const ev = (type: string, body: object = {}): Event => ({ event: type, data: { type, ...body } });
    const usage = turn.usage ?? { input: 50, output: 10 };
    const events: Event[] = [
      ev("message_start", {
        message: {
          id: `msg_01XFDUDYJgAACzvnptvVoYE${n}`,
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-5-20250929",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: usage.input,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
            output_tokens: 1,
            service_tier: "standard",
          },
        },
      }),
    ];
    let index = 0;
    if (turn.text) {
      events.push(ev("content_block_start", { index, content_block: { type: "text", text: "" } }));
      events.push({ event: "ping", data: { type: "ping" } });
      for (const text of cut(turn.text, 6))
        events.push(ev("content_block_delta", { index, delta: { type: "text_delta", text } }));
      events.push(ev("content_block_stop", { index }));
      index++;
    }
    for (const call of turn.calls ?? []) {
      events.push(
        ev("content_block_start", {
          index,
          content_block: { type: "tool_use", id: call.id, name: call.name, input: {} },
        }),
      );
      events.push(ev("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: "" } }));
      for (const partial_json of cut(call.args))
        events.push(ev("content_block_delta", { index, delta: { type: "input_json_delta", partial_json } }));
      events.push(ev("content_block_stop", { index }));
      index++;
    }
    events.push(
      ev("message_delta", {
        delta: { stop_reason: turn.calls?.length ? "tool_use" : "end_turn", stop_sequence: null },
        usage: { output_tokens: usage.output },
      }),
    );
    events.push(ev("message_stop"));
    return events;
  },
  gemini: (turn, n) => {
    const usage = turn.usage ?? { input: 50, output: 10 };
    const meta = (output: number) => ({
      promptTokenCount: usage.input,
      candidatesTokenCount: output,
      totalTokenCount: usage.input + output,
      promptTokensDetails: [{ modality: "TEXT", tokenCount: usage.input }],
    });
    const chunk = (parts: object[], finish?: string, output = 1) => ({
      data: {
        candidates: [{ content: { parts, role: "model" }, ...(finish && { finishReason: finish }), index: 0 }],
        usageMetadata: meta(output),
        modelVersion: "gemini-2.5-flash",
        responseId: `mKq_aKfXO5ar1dkP0b6x${n}Q`,
      },
    });
    const events: Event[] = [];
    for (const text of turn.text ? cut(turn.text, 12) : []) events.push(chunk([{ text }]));
    const calls = (turn.calls ?? []).map((call, k) => ({
      functionCall: { name: call.name, args: JSON.parse(call.args) },
      ...(k === 0 && { thoughtSignature: "CiQB0e2Kb3Vq9mZ4R2xW" }),
    }));
    if (calls.length) events.push(chunk(calls, "STOP", usage.output));
    else events.push(chunk([{ text: "" }], "STOP", usage.output));
    return events;
  },
};
