// Provider values type runTools' request and result as names do from the root.
import { runTools } from "tooltype/agent";
import { runTools as rootRunTools } from "tooltype";
import { openai } from "tooltype/providers/openai";

export async function typed(chat: (r: object) => Promise<unknown>) {
  await runTools({ provider: openai, chat, request: { model: "m", messages: [{ role: "user", content: "Hi" }] } });
  await rootRunTools({
    provider: "openai",
    chat,
    request: { model: "m", messages: [{ role: "user", content: "Hi" }] },
  });
  await rootRunTools({ provider: openai, chat, request: { model: "m", messages: [{ role: "user", content: "Hi" }] } });
}
