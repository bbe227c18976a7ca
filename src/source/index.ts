/**
 * `tooltype/source`: tools read from plain functions at run time: `functionToTool`, `tool(fn)` and `@tool`
 * on class methods, `toolsFrom(object)`, and the readers behind them (docstrings, written types).
 *
 * @example
 * import { functionToTool } from "tooltype/source";
 * const add = functionToTool(function add(a = 0, b = 0) { "Adds two numbers."; return a + b; });
 * add.parameters; // { type: "object", properties: { a: { type: "integer", ... }, b: {...} }, required: [] }
 */
export {
  functionToTool,
  functionToToolFromSource,
  function_to_tool,
  type FunctionToToolOptions,
  type DeclaredFunction,
  type DeclaredParameter,
} from "./function-to-tool.js";
export { tool, toolsFrom, type ToolDecoratorOptions, type ToolsFromOptions } from "./define.js";
export { SourceError } from "./read-function.js";
export { readType } from "./type-text.js";
export { parseDocstring, type Docstring } from "./docstring.js";
