// The lenient reading of a model's arguments, from the attacker's side: the model writes the text, so no
// regular expression may backtrack over it. Work is counted as the characters handed to regular expressions
// (every regex call goes through RegExp.prototype.exec), the same on every machine; nothing is timed.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { lenientArguments } from "tooltype";

const schema = { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } } };

/** Calls of regular expressions while `run` runs: how many, the characters they were given, the longest text. */
function regexWork(run: () => void): { calls: number; chars: number; longest: number } {
  const proto = RegExp.prototype;
  const exec = proto.exec;
  const seen = { calls: 0, chars: 0, longest: 0 };
  proto.exec = function (this: RegExp, text: string) {
    seen.calls++;
    seen.chars += text.length;
    seen.longest = Math.max(seen.longest, text.length);
    return exec.call(this, text);
  };
  try {
    run();
  } finally {
    proto.exec = exec;
  }
  return seen;
}

const HOSTILE: [string, (n: number) => string][] = [
  ["an unclosed fence with a long language tag", (n) => "```" + "a".repeat(n)],
  ["an unclosed fence of tag characters and dashes", (n) => "```" + "a-".repeat(n / 2) + "\n{"],
  ["a fence closed at both ends around a long tag", (n) => "```" + "w".repeat(n) + "```"],
  ["many fences", (n) => "```\n".repeat(n / 4)],
  ["commas before whitespace", (n) => "{" + ", ".repeat(n / 2) + "x"],
  ["single quotes never closed", (n) => "{'" + "a".repeat(n)],
];

const s = suite("lenientArguments: hostile text costs linear work, and no regular expression reads it whole");

s("300,000 characters of each hostile shape: regex work linear, no regex given more than one character", () => {
  const rows: string[] = [];
  for (const [name, make] of HOSTILE) {
    const cost = (n: number) => {
      const text = make(n);
      return regexWork(() => lenientArguments(text, schema));
    };
    const small = cost(75_000);
    const large = cost(300_000);
    assert.ok(large.longest <= 1, `${name}: a regular expression read ${large.longest} characters at once`);
    assert.ok(
      large.chars <= 4.2 * small.chars + 8,
      `${name}: ${small.chars} characters to regexes for 75,000, ${large.chars} for 300,000`,
    );
    assert.ok(large.chars <= 300_000 + 8, `${name}: ${large.chars} characters to regexes`);
    rows.push(`${name}: ${large.calls} calls`);
  }
  console.log(
    `hostile lenient: ${HOSTILE.length} shapes of 300,000 characters, regex work linear (${rows.join("; ")})`,
  );
});

s("fences are still read: a language tag, spaces after it, CRLF, and a fence without a tag", () => {
  assert.equal(lenientArguments('```json\n{"city": "Paris", "days": 3,}\n```', schema), { city: "Paris", days: 3 });
  assert.equal(lenientArguments('```json-5  \r\n{"days": "4"}\r\n```', schema), { days: 4 });
  assert.equal(lenientArguments('```{"city": "Oslo"}```', schema), { city: "Oslo" });
  assert.equal(lenientArguments("```\n{'city': 'Rome',}\n```", schema), { city: "Rome" });
  assert.is(lenientArguments("```" + "a".repeat(1000), schema), undefined);
  assert.is(lenientArguments("``````", schema), undefined);
});

s.run();
