// `npm start`: a short tour of the built bundle. Describe parameters with `t`, emit JSON Schema,
// then check what a model might send, on the generated-code guard and on the no-eval interpreter.
import { t, toJSONSchema, compile } from "../dist/index.js";

const bold = (s) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);

const getWeather = t.object({
  location: t.string({ description: "City and country, e.g. Paris, France" }),
  unit: t.enum(["celsius", "fahrenheit"], { default: "celsius" }),
  days: t.optional(t.integer({ minimum: 1, maximum: 14, description: "Forecast length" })),
  when: t.optional(t.datetime({ description: "Start of the forecast" })),
});

console.log(bold("\nParameters of get_weather as JSON Schema (draft 2020-12):"));
console.log(JSON.stringify(toJSONSchema(getWeather), null, 2));

const samples = [
  ['{"location":"Paris, France"}', "a good call"],
  ['{"location":"Oslo","unit":"kelvin","days":0}', "a wrong enum and a bound"],
  ['{"unit":"celsius","when":"tomorrow"}', "a missing property and a bad date-time"],
  ['{"location": "Rome", ', "truncated JSON"],
];

for (const evalMode of [true, false]) {
  const guard = compile(getWeather, { eval: evalMode });
  console.log(
    bold(
      `\nChecking model arguments with the ${guard.mode === "eval" ? "generated-code" : "interpreted (no eval)"} guard:`,
    ),
  );
  for (const [text, label] of samples) {
    let args;
    try {
      args = JSON.parse(text);
    } catch (error) {
      console.log(`  ✗ ${label}: not JSON (${error.message})`);
      continue;
    }
    if (guard(args)) console.log(`  ✓ ${label}: ${text}`);
    else for (const e of guard.errors(args)) console.log(`  ✗ ${label}: ${e.path || "/"} ${e.message}`);
  }
}

const Tree = t.recursive("Category", (self) => t.object({ name: t.string(), children: t.array(self) }));
console.log(bold("\nA recursive type is emitted with $defs and $ref:"));
console.log(JSON.stringify(toJSONSchema(t.object({ root: Tree }))));
console.log("\nNext: `npm test` runs every suite in Node, Chromium (with and without eval), Deno and Bun.\n");
