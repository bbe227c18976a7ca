// Static types through the lean entries: the same types as the root's, guards typed from descriptors,
// Standard Schema inference, dialect values, format functions typed by provider.
import { t, type Infer, type InferJSON } from "tooltype/t";
import { toJSONSchema, fromJSONSchema, type JSONSchema } from "tooltype/schema";
import { openaiStrict, gemini, type Dialect } from "tooltype/dialects";
import { compile, standard, type Guard, type StandardSchemaV1 } from "tooltype/guard";
import { jit } from "tooltype/jit";
import {
  tool,
  toOpenAIFormat,
  toGeminiFormat,
  type OpenAITool,
  type GeminiFunctionDeclaration,
  type Tool,
} from "tooltype/tools";
import { functionToTool } from "tooltype/source";
import { parseToolCalls, type ToolCall } from "tooltype/calls";
import { openai, type OpenAIToolMessage } from "tooltype/providers/openai";
import * as root from "tooltype";
import * as tt from "tooltype/t";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expect = <T extends true>(): T => undefined as never;

const Weather = t.object({
  city: t.string(),
  when: t.optional(t.datetime()),
  unit: t.enum(["c", "f"], { default: "c" }),
});
expect<Equal<Infer<typeof Weather>, { city: string; unit: "c" | "f"; when?: Date }>>();

// The namespace import: the same builders and types, `tt.Infer` included.
const Same = tt.object({
  city: tt.string(),
  when: tt.optional(tt.datetime()),
  unit: tt.enum(["c", "f"], { default: "c" }),
});
expect<Equal<tt.Infer<typeof Same>, Infer<typeof Weather>>>();
expect<Equal<ReturnType<typeof tt.null>, ReturnType<typeof t.null>>>();

const isWeather = compile(Weather, { jit });
expect<Equal<typeof isWeather, Guard<InferJSON<typeof Weather>>>>();
const asStandard: StandardSchemaV1<InferJSON<typeof Weather>> = standard(Weather);
expect<Equal<StandardSchemaV1.InferOutput<typeof isWeather>, InferJSON<typeof Weather>>>();

const dialect: Dialect = openaiStrict;
const strictSchema: JSONSchema = toJSONSchema(Weather, { target: dialect });
// @ts-expect-error the lean toJSONSchema takes dialect values; names are the root entry's
toJSONSchema(Weather, { target: "openai-strict" });
root.toJSONSchema(Weather, { target: "openai-strict" });
root.toJSONSchema(Weather, { target: gemini });

const weather = tool({
  name: "get_weather",
  description: "Weather.",
  parameters: Weather,
  execute: ({ city, when, unit }) => `${city} ${when?.toISOString()} ${unit}`,
});
expect<Equal<typeof weather, Tool<Infer<typeof Weather>, string, unknown>>>();
const openaiTool: OpenAITool = toOpenAIFormat(weather, { strict: true });
const geminiTool: GeminiFunctionDeclaration = toGeminiFormat(weather);
// The root's Tool is a subclass with the format methods; a lean tool is not one (test/types/formats.ts).
expect<Equal<typeof weather, root.Tool<Infer<typeof Weather>, string, unknown>> extends false ? true : false>();

const Search = fromJSONSchema<{ q: string }>({
  type: "object",
  properties: { q: { type: "string" } },
  required: ["q"],
});
const search = tool({ name: "search", description: "Search.", parameters: Search, execute: ({ q }) => q.length });
const add = functionToTool(
  function add(a = 0, b = 0) {
    return a + b;
  },
  { description: "Adds." },
);
const calls: ToolCall[] = parseToolCalls({}, openai);
// A lean entry takes provider values only; names are the root entry's.
// @ts-expect-error: "openai" is a name, not a provider value
parseToolCalls({}, "openai");
expect<Equal<root.ToolMessageOf<typeof openai>, OpenAIToolMessage | root.OpenAIUserMessage>>();
expect<Equal<root.ProviderMessages["openai"]["assistant"], root.OpenAIAssistantMessage>>();
void asStandard, strictSchema, openaiTool, geminiTool, search, add, calls;
