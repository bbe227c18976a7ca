// A scripted OpenAI chat model, shared by the agent suites.

/** A tool call a scripted turn makes: its id, the tool's name and the arguments. */
export type Call = [id: string, name: string, args: object];

/** An OpenAI chat model answering from a script, one answer a request; every request kept. */
export function scriptedChat(...turns: ({ calls: Call[] } | { text: string })[]) {
  const sent: any[] = [];
  const chat = (request: any) => {
    sent.push(structuredClone(request));
    const turn = turns[sent.length - 1];
    if (!turn) throw new Error(`no answer scripted for request ${sent.length}`);
    const message =
      "text" in turn
        ? { role: "assistant", content: turn.text }
        : {
            role: "assistant",
            content: null,
            tool_calls: turn.calls.map(([id, name, args]) => ({
              id,
              type: "function",
              function: { name, arguments: JSON.stringify(args) },
            })),
          };
    return { choices: [{ message, finish_reason: "text" in turn ? "stop" : "tool_calls" }] };
  };
  return { chat, sent };
}
