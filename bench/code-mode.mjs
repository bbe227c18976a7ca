// Code mode, counted: `node bench/code-mode.mjs` (after `node esbuild.config.mjs`; it runs dist/) writes
// bench/CODE-MODE.md; `--quick` prints the table and writes nothing. Nothing here is timed: every number is a count
// (tokens with o200k_base, model turns, bytes of the requests sent), the same on every machine.
//
// 1. For a set of 50 tools, the tokens of the tool definitions a request carries (toolTokens, per provider) against
//    the one code-mode tool whose description declares all 50 as a TypeScript API.
// 2. A task of 20 dependent calls (each call's input is the previous call's result), run by runTools against a mock
//    model that replays a script: one call a turn, reading each result from the conversation, without code mode;
//    one program that makes the 20 calls, with it. Model turns and request bytes (the JSON of every request) of each.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runTools, t, tool, toolTokens } from "../dist/index.js";
import { createCodeModeTool } from "../dist/builtins/index.js";

const OUT = fileURLToPath(new URL("./CODE-MODE.md", import.meta.url));
const AREAS = ["crm", "billing", "shipping", "inventory", "calendar", "docs", "support", "analytics", "hr", "search"];
const VERBS = ["get", "list", "create", "update", "archive"];
const HOPS = 20;

/** 50 tools of a business app: 10 areas × 5 verbs, each with 2 to 5 described parameters; one is the task's `hop`. */
function fiftyTools() {
  const tools = [];
  for (const [a, area] of AREAS.entries()) {
    for (const [v, verb] of VERBS.entries()) {
      const properties = {
        id: t.string({ description: `The ${area} record's id, e.g. "${area.slice(0, 3)}_123"` }),
        limit: t.optional(t.integer({ minimum: 1, maximum: 100, description: "How many records at most" })),
      };
      if (v >= 2) properties.fields = t.record(t.string(), { description: `Fields to set on the ${area} record` });
      if (v >= 3)
        properties.reason = t.optional(t.string({ description: "Why the change is made, for the audit log" }));
      if ((a + v) % 3 === 0) properties.since = t.optional(t.datetime({ description: "Only records changed since" }));
      tools.push(
        tool({
          name: `${area}_${verb}`,
          description: `${verb[0].toUpperCase()}${verb.slice(1)}s ${verb === "list" ? "records" : "a record"} of the ${area} service. Returns the record${verb === "list" ? "s" : ""} as JSON.`,
          parameters: t.object(properties),
          execute: ({ id }) => ({ id, area, verb }),
        }),
      );
    }
  }
  tools[0] = tool({
    name: "hop",
    description: "Follows a link: returns the id the given id points to.",
    parameters: t.object({ id: t.string({ description: "The id to follow" }) }),
    returns: t.object({ next: t.string() }),
    execute: ({ id }) => ({ next: `n${(Number(id.slice(1)) * 7 + 3) % 1000}` }),
  });
  return tools;
}

const expectedEnd = () => {
  let id = "n1";
  for (let i = 0; i < HOPS; i++) id = `n${(Number(id.slice(1)) * 7 + 3) % 1000}`;
  return id;
};

/** An OpenAI chat model replaying a script: `next(messages)` answers each request from the conversation so far. */
function mockModel(next) {
  const bytes = [];
  const chat = (request) => {
    bytes.push(JSON.stringify(request).length);
    const answer = next(request.messages);
    const message =
      "text" in answer
        ? { role: "assistant", content: answer.text }
        : {
            role: "assistant",
            content: null,
            tool_calls: [
              {
                id: answer.id,
                type: "function",
                function: { name: answer.name, arguments: JSON.stringify(answer.args) },
              },
            ],
          };
    return { choices: [{ message, finish_reason: "text" in answer ? "stop" : "tool_calls" }] };
  };
  return { chat, bytes };
}

const lastToolResult = (messages) => {
  const content = messages.filter((m) => m.role === "tool").at(-1).content; // JSON text, or a string as it is
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
};
const request = {
  model: "mock",
  messages: [{ role: "user", content: `Follow ${HOPS} links from n1; say where they end.` }],
};

/** One call a turn: the model reads each result and sends the next call, then answers. */
async function withoutCodeMode(tools) {
  let hops = 0;
  const model = mockModel((messages) => {
    if (hops === 0) return { id: `c${++hops}`, name: "hop", args: { id: "n1" } };
    const { next } = lastToolResult(messages);
    if (hops < HOPS) return { id: `c${++hops}`, name: "hop", args: { id: next } };
    return { text: `The links end at ${next}.` };
  });
  const out = await runTools({ provider: "openai", chat: model.chat, request, tools, maxSteps: 50 });
  return { text: out.text, turns: model.bytes.length, bytes: model.bytes.reduce((a, b) => a + b, 0) };
}

const PROGRAM = `let id = "n1";
for (let i = 0; i < ${HOPS}; i++) id = (await tools.hop({ id })).next;
return id;`;

/** One program makes the 20 calls; the model reads its result and answers. */
async function withCodeMode(tools) {
  const mode = createCodeModeTool({ tools });
  let sent = false;
  const model = mockModel((messages) => {
    if (!sent) return ((sent = true), { id: "p1", name: "run_program", args: { code: PROGRAM } });
    return { text: `The links end at ${lastToolResult(messages)}.` };
  });
  const out = await runTools({ provider: "openai", chat: model.chat, request, tools: [mode], maxSteps: 5 });
  return { text: out.text, turns: model.bytes.length, bytes: model.bytes.reduce((a, b) => a + b, 0), mode };
}

const n = (value) => value.toLocaleString("en-US");
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;

async function main(quick) {
  const tools = fiftyTools();
  const plain = await withoutCodeMode(tools);
  const coded = await withCodeMode(tools);
  const end = `The links end at ${expectedEnd()}.`;
  if (plain.text !== end || coded.text !== end)
    throw new Error(`the task went wrong: ${JSON.stringify([plain.text, coded.text, end])}`);
  const rows = [];
  for (const provider of ["openai", "anthropic", "gemini"]) {
    const all = (await toolTokens(tools, provider)).total;
    const one = (await toolTokens([coded.mode], provider)).total;
    rows.push(
      `| tool definitions a request carries (${provider}), 50 tools | ${n(all)} tokens | ${n(one)} tokens | ${ratio(all, one)} |`,
    );
  }
  rows.push(
    `| model turns, ${HOPS} dependent calls | ${plain.turns} | ${coded.turns} | ${ratio(plain.turns, coded.turns)} |`,
    `| request bytes over the task (JSON of every request) | ${n(plain.bytes)} | ${n(coded.bytes)} | ${ratio(plain.bytes, coded.bytes)} |`,
  );
  const table = [
    "| measure | without code mode | with code mode | ratio (without ÷ with) |",
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
  console.log(table);
  if (quick) return;
  writeFileSync(
    OUT,
    `# Code mode, counted\n\nWritten by \`node bench/code-mode.mjs\` (after \`node esbuild.config.mjs\`). Counts, not times: the same on every machine. Tokens are o200k_base tokens of the JSON each provider's format writes (\`toolTokens\`). The task: follow ${HOPS} links, each call's input the previous call's result, through \`runTools\` with a mock OpenAI model replaying a script (without code mode: one call a turn, read back from the conversation; with it: one program of ${HOPS} calls, \`${PROGRAM.replaceAll("\n", " ")}\`). Both offer the same 50 tools: as 50 definitions, or as the one code-mode tool declaring them.\n\n${table}\n`,
  );
  console.log("bench/CODE-MODE.md written");
}

await main(process.argv.includes("--quick"));
