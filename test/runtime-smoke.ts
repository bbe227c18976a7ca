// The checks test/runtime-deno/smoke.ts and test/runtime-bun/smoke.ts run on the API each imported the way its
// runtime's users do ("tooltype" and "tooltype/builtins" by name, from dist/). It imports nothing itself, so
// the copy under test is the one passed in.
import type * as Tooltype from "../src/index.js";
import type { createCalculatorTool } from "../src/builtins/index.js";

export interface SmokeApi {
  t: typeof Tooltype.t;
  compile: typeof Tooltype.compile;
  tool: typeof Tooltype.tool;
  createToolCallStream: typeof Tooltype.createToolCallStream;
  createCalculatorTool: typeof createCalculatorTool;
}

export async function runSmoke(api: SmokeApi, runtime: string): Promise<{ passed: number; failed: number }> {
  const { t, compile, tool, createToolCallStream, createCalculatorTool } = api;
  let passed = 0;
  let failed = 0;
  const check = async (name: string, fn: () => unknown) => {
    try {
      const ok = await fn();
      if (ok !== true) throw new Error(`got ${JSON.stringify(ok)}`);
      passed++;
      console.log(`  ✓ ${name}`);
    } catch (error) {
      failed++;
      console.log(`  ✗ ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  console.log(`${runtime}: "tooltype" imported by name`);

  const Weather = t.object({ location: t.string(), unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }) });
  await check("t and compile: a guard accepts and rejects", () => {
    const isWeather = compile(Weather);
    return (
      isWeather({ location: "Paris" }) &&
      !isWeather({ location: 1 }) &&
      isWeather.errors({ location: 1 })[0]?.path === "/location"
    );
  });
  await check("tool: definitions and execute", async () => {
    const weather = tool({
      name: "get_weather",
      description: "Weather for a city.",
      parameters: Weather,
      execute: ({ location, unit }) => `${location} in ${unit}`,
    });
    const definition = weather.toOpenAIFormat();
    const result = await weather.execute('{"location": "Oslo"}');
    return definition.function.name === "get_weather" && result.success && result.value === "Oslo in celsius";
  });
  await check("createToolCallStream: partial arguments, then the call", () => {
    const stream = createToolCallStream("openai");
    const chunk = (fields: object) => ({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, ...fields }] } }] });
    stream.push(
      chunk({ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"location": "Par' } }),
    );
    const partial = (stream.partial()[0]?.arguments as { location?: string } | undefined)?.location;
    stream.push(chunk({ function: { arguments: 'is"}' } }));
    const [call] = stream.calls();
    return partial === "Par" && call?.id === "call_1" && (call.arguments as { location: string }).location === "Paris";
  });
  await check('"tooltype/builtins": the calculator runs', async () => {
    const result = await createCalculatorTool().execute({ expression: "(1 + 2) * 3" });
    return result.success && result.value === 9;
  });
  return { passed, failed };
}
