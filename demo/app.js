// The playground. Plain ES module, no framework: it imports the built bundle and nothing else, and works
// under a Content-Security-Policy without 'unsafe-eval' (typed functions are read as text, never evaluated
// for their definitions; the guards take the library's interpreter path).
import { functionToTool, functionToToolFromSource, compile, createToolCallStream, allowsEval } from "/dist/index.js";
import { EXAMPLES } from "./examples.js";

const $ = (id) => document.getElementById(id);
const el = (tag, props = {}) => Object.assign(document.createElement(tag), props);
function append(node, children) {
  for (const c of children.flat()) if (c != null) node.append(c);
  return node;
}
const json = (value) => JSON.stringify(value, null, 2);
const quiet = { error: () => {}, warn: () => {} }; // failures are shown as results; nothing goes to the console

const PROVIDERS = [
  {
    id: "openai",
    title: "OpenAI",
    call: "toOpenAIFormat()",
    format: (tool, o) => tool.toOpenAIFormat({ ...o, strict: false }),
    name: (d) => d.function.name,
  },
  {
    id: "openai-strict",
    title: "OpenAI strict",
    call: "toOpenAIFormat({ strict: true })",
    format: (tool, o) => tool.toOpenAIFormat({ ...o, strict: true }),
    name: (d) => d.function.name,
  },
  {
    id: "responses",
    title: "Responses",
    call: "toResponsesFormat()",
    format: (tool, o) => tool.toResponsesFormat(o),
    name: (d) => d.name,
  },
  {
    id: "anthropic",
    title: "Anthropic",
    call: "toAnthropicFormat()",
    format: (tool, o) => tool.toAnthropicFormat(o),
    name: (d) => d.name,
  },
  {
    id: "gemini",
    title: "Gemini",
    call: "toGeminiFormat()",
    format: (tool, o) => tool.toGeminiFormat(o),
    name: (d) => d.name,
  },
  { id: "mcp", title: "MCP", call: "toMCPFormat()", format: (tool, o) => tool.toMCPFormat(o), name: (d) => d.name },
];

const canEval = allowsEval();
const state = { example: undefined, tool: undefined, guard: undefined, runnable: false };

// ---- 1. the function -------------------------------------------------------------------------------------
const sourceOf = (fn) => Function.prototype.toString.call(fn);

function pick(index) {
  const example = EXAMPLES[index];
  state.example = example;
  for (const [i, b] of [...$("examples").children].entries()) b.setAttribute("aria-pressed", String(i === index));
  $("source").value = sourceOf(example.fn);
  $("args").value = json(example.args);
  $("result").textContent = "";
  update();
}

// The tool for the text in the editor: the example itself while it is unedited (a real function that runs
// anywhere), else a tool read from the text, runnable only where eval is allowed.
function toolFromEditor() {
  const text = $("source").value;
  const example = EXAMPLES.find((e) => sourceOf(e.fn) === text);
  if (example)
    return {
      tool: functionToTool(example.fn, { logger: quiet }),
      runnable: true,
      note: `the example ${example.fn.name}, a real function`,
    };
  let implementation;
  if (canEval) {
    try {
      implementation = new Function(`"use strict"; return (${text});`)();
    } catch {
      implementation = undefined; // a syntax error: the definition may still read; running says so
    }
  }
  const tool = functionToToolFromSource(text, {
    logger: quiet,
    ...(typeof implementation === "function" && { implementation }),
  });
  return {
    tool,
    runnable: typeof implementation === "function",
    note: "read from your text" + (canEval ? "" : " (not evaluated: this page forbids eval)"),
  };
}

function update() {
  for (const b of $("examples").children)
    b.setAttribute("aria-pressed", String(b.dataset.source === $("source").value));
  const status = $("source-status");
  try {
    const { tool, runnable, note } = toolFromEditor();
    state.tool = tool;
    state.runnable = runnable;
    state.guard = compile(tool.parameters);
    status.className = "status";
    status.textContent = `Tool "${tool.name}": ${Object.keys(tool.parameters.properties ?? {}).length} parameter(s), ${note}.`;
  } catch (error) {
    state.tool = state.guard = undefined;
    status.className = "status bad";
    status.textContent = error.message;
  }
  renderPanels();
  checkArgs();
}

// ---- 2. one panel per provider -----------------------------------------------------------------------------
function buildPanels() {
  for (const p of PROVIDERS) {
    $("panels").append(
      append(el("article", { className: "panel", id: `panel-${p.id}` }), [
        append(el("h3"), [p.title, append(el("small"), [p.call])]),
        el("pre", { className: "definition" }),
        el("ul", { className: "warnings" }),
      ]),
    );
  }
}

function renderPanels() {
  for (const p of PROVIDERS) {
    const panel = $(`panel-${p.id}`);
    const pre = panel.querySelector("pre");
    const list = panel.querySelector(".warnings");
    list.replaceChildren();
    panel.dataset.name = "";
    if (!state.tool) {
      panel.className = "panel failed";
      pre.textContent = "(no tool: see the message under the function)";
      continue;
    }
    const warnings = [];
    try {
      // Issues are data (kind: changed, rejected or advice), collected here and listed under the panel.
      const definition = p.format(state.tool, { onIssue: (w) => warnings.push(w) });
      panel.className = "panel";
      panel.dataset.name = p.name(definition);
      pre.textContent = json(definition);
    } catch (error) {
      panel.className = "panel failed";
      pre.textContent = `${error.name}: ${error.message}`;
    }
    list.className = warnings.length ? "warnings" : "warnings none";
    if (!warnings.length) list.append(el("li", { textContent: "No conversion warnings" }));
    for (const w of warnings)
      list.append(
        append(el("li", { className: w.kind }), [
          append(el("code"), [w.path || "/"]),
          " ",
          w.kind === "changed" ? "" : `${w.kind}: `,
          w.message,
        ]),
      );
  }
}

// ---- 3. arguments, the guard, running ------------------------------------------------------------------------
function checkArgs() {
  const verdict = $("verdict");
  const errors = $("errors");
  errors.replaceChildren();
  if (!state.guard) {
    verdict.className = "verdict bad";
    verdict.textContent = "No tool to check against";
    return;
  }
  let value;
  try {
    value = JSON.parse($("args").value);
  } catch (error) {
    verdict.className = "verdict bad";
    verdict.textContent = `Not JSON: ${error.message}`;
    return;
  }
  if (state.guard(value)) {
    verdict.className = "verdict ok";
    verdict.textContent = `✓ Valid arguments for ${state.tool.name} (guard: ${state.guard.mode === "eval" ? "generated code" : "interpreter, no eval"})`;
    return;
  }
  const issues = state.guard.errors(value);
  verdict.className = "verdict bad";
  verdict.textContent = `✗ ${issues.length} issue${issues.length === 1 ? "" : "s"}`;
  for (const issue of issues)
    errors.append(append(el("li"), [append(el("code"), [issue.path || "/"]), " ", issue.message]));
}

async function run() {
  const out = $("result");
  if (!state.tool) return;
  if (!state.runnable) {
    out.className = "result bad";
    out.textContent = canEval
      ? "This text does not evaluate to a function, so there is nothing to run."
      : "This page's Content-Security-Policy forbids eval, so a typed function cannot run here (its definitions and the guard above need no eval). The examples run: pick one, or serve with CSP=off.";
    return;
  }
  const result = await state.tool.execute($("args").value);
  out.className = result.success ? "result ok" : "result bad";
  out.textContent = result.success ? `→ ${json(result.value)}` : result.error;
}

// ---- 4. the stream replay ------------------------------------------------------------------------------------
let replaying = false;
async function replay() {
  if (replaying) return;
  replaying = true;
  $("replay").disabled = true;
  $("stream-results").textContent = "";
  $("stream-results").className = "result";
  try {
    const recording = await (await fetch("recorded-stream.json")).json();
    const stream = createToolCallStream("openai");
    const total = recording.chunks.length;
    for (const [i, chunk] of recording.chunks.entries()) {
      await new Promise((r) => setTimeout(r, recording.delayMs));
      stream.push(chunk);
      renderCalls(stream.partial());
      $("stream-progress").textContent = `chunk ${i + 1} of ${total}`;
    }
    const weather = functionToTool(EXAMPLES[0].fn, { logger: quiet });
    const calls = stream.calls();
    const results = await Promise.all(calls.map((c) => weather.execute(c.arguments)));
    $("stream-progress").textContent = `done: ${calls.length} call(s), run with get_weather`;
    $("stream-results").className = "result ok";
    $("stream-results").textContent = calls
      .map((c, i) => `${c.id} → ${json(results[i].success ? results[i].value : results[i].error)}`)
      .join("\n");
  } catch (error) {
    $("stream-progress").textContent = `failed: ${error.message}`;
  } finally {
    replaying = false;
    $("replay").disabled = false;
  }
}

function renderCalls(partials) {
  $("stream-calls").replaceChildren(
    ...partials.map((c) =>
      append(el("div", { className: c.done ? "call done" : "call" }), [
        append(el("header"), [
          append(el("span", { className: "name" }), [`${c.name} `, append(el("small"), [c.id])]),
          append(el("span", { className: "state" }), [c.done ? "complete" : "streaming…"]),
        ]),
        el("pre", { className: "args", textContent: json(c.arguments ?? {}) }),
        el("pre", { className: "raw", textContent: c.text }),
      ]),
    ),
  );
}

// ---- wiring --------------------------------------------------------------------------------------------------
$("env").textContent = canEval ? "eval allowed: generated-code guards" : "eval blocked by CSP: interpreter guards";
for (const [i, e] of EXAMPLES.entries()) {
  $("examples").append(el("button", { type: "button", textContent: e.fn.name, onclick: () => pick(i) }));
  $("examples").lastChild.dataset.source = sourceOf(e.fn);
}
buildPanels();
$("source").addEventListener("input", update);
$("args").addEventListener("input", checkArgs);
$("run").addEventListener("click", run);
$("replay").addEventListener("click", replay);
pick(0);
document.body.dataset.ready = "true";
