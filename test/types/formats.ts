// The format methods are the root entry's: its tools and registry have them, and their types say so; a lean
// tool (tooltype/tools, tooltype/source) has none, and its type says so too, whatever else the program imports.
import {
  t,
  tool,
  functionToTool,
  functionToToolFromSource,
  toolsFrom,
  Tool,
  ToolRegistry,
  type OpenAITool,
  type AnthropicTool,
  type MCPTool,
} from "tooltype";
import { tool as leanTool, Tool as LeanTool, ToolRegistry as LeanToolRegistry, toOpenAIFormat } from "tooltype/tools";
import { functionToTool as leanFunctionToTool, toolsFrom as leanToolsFrom } from "tooltype/source";
import { createCalculatorTool, createCodeModeTool, createDatetimeTool, createJavaScriptTool } from "tooltype/builtins";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expect = <T extends true>(): T => undefined as never;

const parameters = t.object({ city: t.string() });
const definition = {
  name: "get_weather",
  description: "Weather.",
  parameters,
  execute: ({ city }: { city: string }) => city,
};

// The root's tools: instances of its Tool, with every format method.
const rooted = tool(definition);
expect<Equal<typeof rooted, Tool<{ city: string }, string, unknown>>>();
const openai: OpenAITool = rooted.toOpenAIFormat({ strict: true });
const anthropic: AnthropicTool = functionToTool(
  function add(a = 0) {
    return a;
  },
  { description: "Adds." },
).toAnthropicFormat();
const mcp: MCPTool = toolsFrom({
  add(a = 0) {
    "Adds.";
    return a;
  },
})[0]!.toMCPFormat();
functionToToolFromSource('function ping(host) { "Pings." }').toResponsesFormat();
tool(
  function ping(host: string) {
    return host;
  },
  { description: "Pings." },
).toGeminiFormat();
new Tool({ name: "echo", description: "Echoes.", parameters, run: () => 1 }).toOpenAIFormat();
const registry = new ToolRegistry().register(rooted);
const listed: OpenAITool[] = registry.toOpenAIFormat({ strict: true });
registry.toAnthropicFormat("weather");

// The root's Tool and ToolRegistry are the lean classes' subclasses: a root tool is a lean Tool everywhere.
const asLean: LeanTool<{ city: string }, string> = rooted;
const leanRegistry: LeanToolRegistry = registry;

// The builtins make the root's tools.
createCalculatorTool().toOpenAIFormat();
createDatetimeTool().toAnthropicFormat();
createJavaScriptTool().toMCPFormat();
expect<Equal<ReturnType<typeof createCalculatorTool>, Tool<{ expression: string }, number>>>();
createCodeModeTool({ tools: [createCalculatorTool(), leanTool(definition)] }).toResponsesFormat();
expect<Equal<ReturnType<typeof createCodeModeTool>, Tool<{ code: string }, unknown>>>();

// Lean tools and registries: the formats are functions, and no method is there to call.
const lean = leanTool(definition);
expect<Equal<typeof lean, LeanTool<{ city: string }, string, unknown>>>();
toOpenAIFormat(lean);
// @ts-expect-error a lean tool has no format methods
lean.toOpenAIFormat();
const leanRead = leanFunctionToTool(
  function add(a = 0) {
    return a;
  },
  { description: "Adds." },
);
// @ts-expect-error a lean tool has no format methods
leanRead.toAnthropicFormat();
const [leanFrom] = leanToolsFrom({
  add(a = 0) {
    "Adds.";
    return a;
  },
});
// @ts-expect-error a lean tool has no format methods
leanFrom!.toMCPFormat();
// @ts-expect-error the lean Tool class has no format methods
new LeanTool({ name: "echo", description: "Echoes.", parameters, run: () => 1 }).toGeminiFormat();
// @ts-expect-error the lean registry has no format methods
new LeanToolRegistry().toOpenAIFormat();
// @ts-expect-error a lean tool is not the root's Tool
const notRooted: Tool<{ city: string }, string> = lean;

void openai, anthropic, mcp, listed, asLean, leanRegistry, notRooted;
