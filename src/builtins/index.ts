/**
 * tooltype/builtins: ready-made tools (seeds 003 and 001). A separate entry point, so an application that
 * does not import them does not ship them.
 */
export { createCalculatorTool, create_calculator_tool, type CalculatorToolOptions } from "./calculator.js";
export { createDatetimeTool, create_datetime_tool, type DatetimeToolOptions } from "./datetime.js";
export { createJavaScriptTool, type JavaScriptToolOptions } from "./javascript.js";
export { createCodeModeTool, type CodeModeToolOptions } from "./code-mode.js";
export type { ApproveHook } from "../agent/tool-call.js";
