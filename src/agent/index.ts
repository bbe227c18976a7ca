/**
 * `tooltype/agent`: the tool loop: send the request, run the tools the model calls, answer, until it stops.
 *
 * @example
 * import { runTools } from "tooltype/agent";
 * const { messages } = await runTools({ provider: "openai", chat: (req) => openai.chat.completions.create(req), request: { model, messages: [] }, tools: [weather] });
 */
export { runTools, type RunToolsOptions, type RunToolsResult, type ToolStep } from "./run-tools.js";
