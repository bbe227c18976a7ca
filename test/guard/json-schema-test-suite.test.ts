// The official JSON-Schema-Test-Suite, draft 2020-12 (vendored in test/fixtures/json-schema-test-suite/,
// bundled by scripts/test-lib/build.mjs so that every runtime runs it), on every guard path this runtime has:
// generated code where eval is allowed, the interpreter always. Required tests: no wrong verdict, and
// errors() empty exactly when the guard says true. The suite's remote documents (test/fixtures/json-schema-test-suite/remotes/)
// and the 2020-12 meta-schemas are given in `schemas`, as an app gives what its schemas refer to: nothing is fetched.
// Every required group compiles; an optional one may be refused only for unknown keywords, which tooltype refuses by design.
import { suite } from "uvu";
import * as assert from "uvu/assert";
// @ts-expect-error: a module the test bundler writes from test/fixtures/json-schema-test-suite/
import { files, remotes, missing } from "json-schema-test-suite";
import { guards } from "../support/guards.js";
import { IDN_FORMATS, META_SCHEMAS_2020_12, vocabularies } from "tooltype";

interface Case {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}
interface Group {
  readonly description: string;
  readonly schema: object | boolean;
  readonly tests: readonly Case[];
}

const suiteFiles = files as Record<string, readonly Group[]>;
/**
 * What the suite's 2020-12 tests reach at http://localhost:1234/ (the remotes outside the folders of other drafts,
 * whose documents are written in those drafts: draft-06's `"$id": "#name"` is a 2020-12 error), and the
 * meta-schemas, by URI.
 */
const schemas = {
  ...Object.fromEntries(
    Object.entries(remotes as Record<string, object>).filter(
      ([uri]) => uri.includes("/draft2020-12/") || !/^http:\/\/localhost:1234\/(draft|v1\/)/.test(uri),
    ),
  ),
  ...META_SCHEMAS_2020_12,
};

/**
 * In the optional tests only: unknown keywords, which tooltype refuses rather than ignores, and references to the
 * documents of other drafts (cross-draft.json), which an app reading 2020-12 does not give.
 */
const OPTIONAL_REFUSALS = [/unsupported keyword/, /never fetched; pass the document in \{ schemas \}/];

/**
 * Optional tests tooltype answers otherwise, and why. (The required tests have none.)
 */
const KNOWN_WRONG = new Set([
  // Measuring an A-label needs a Punycode encoder; the U-label itself is checked.
  "optional/format/idn-hostname.json | validation of internationalized host names | a U-label whose A-label form is longer than 63 octets is invalid",
]);

/** The required files whose tests expect `format` and `contentEncoding` to annotate only. */
const ANNOTATING = new Set(["format.json", "content.json"]);

interface Tally {
  groups: number;
  compiled: number;
  refused: number;
  tests: number;
  wrong: string[];
  refusedBy: Record<string, number>;
}

function run(filter: (file: string) => boolean, allowed: readonly RegExp[]): Tally {
  const tally: Tally = { groups: 0, compiled: 0, refused: 0, tests: 0, wrong: [], refusedBy: {} };
  for (const file of Object.keys(suiteFiles).filter(filter)) {
    for (const group of suiteFiles[file]!) {
      tally.groups++;
      const schema = typeof group.schema === "boolean" ? (group.schema ? {} : { not: {} }) : group.schema;
      // The internationalized formats are an importable value (IDN_FORMATS), given here as an app would.
      // A custom meta-schema's $vocabulary is read by the `vocabularies` value, given as an app would.
      const given = { schemas, vocabularies };
      const options = ANNOTATING.has(file) ? { assertFormats: false, ...given } : { formats: IDN_FORMATS, ...given };
      let paths: ReturnType<typeof guards>;
      try {
        paths = guards(schema, options);
      } catch (error) {
        const message = (error as Error).message;
        assert.ok(
          allowed.some((reason) => reason.test(message)),
          `${file} | ${group.description}: refused for a reason not allowed: ${message}`,
        );
        tally.refused++;
        tally.refusedBy[file] = (tally.refusedBy[file] ?? 0) + 1;
        continue;
      }
      tally.compiled++;
      for (const test of group.tests) {
        tally.tests++;
        const where = `${file} | ${group.description} | ${test.description}`;
        for (const guard of paths) {
          const verdict = guard(test.data);
          if (verdict !== test.valid && !KNOWN_WRONG.has(where))
            tally.wrong.push(`${guard.mode}: ${where}: expected ${test.valid}`);
          const errors = guard.errors(test.data);
          assert.is(
            errors.length === 0,
            verdict,
            `${guard.mode}: ${where}: errors() ${JSON.stringify(errors).slice(0, 200)} disagree with the verdict ${verdict}`,
          );
        }
      }
    }
  }
  return tally;
}

const jsts = suite("JSON Schema Test Suite, draft 2020-12");

jsts("the suite is there", () => {
  assert.is(missing, undefined, missing);
  assert.ok(Object.keys(suiteFiles).length > 60, `only ${Object.keys(suiteFiles).length} files`);
  assert.ok(Object.keys(remotes as object).length > 70, `only ${Object.keys(remotes as object).length} remotes`);
});

jsts("required tests: every group compiles, no wrong verdict on any guard path", () => {
  const tally = run((f) => !f.startsWith("optional/"), []);
  assert.equal(tally.wrong, []);
  // The numbers README's conformance table gives; a change in what compiles shows here.
  assert.equal(
    { groups: tally.groups, compiled: tally.compiled, refused: tally.refused, tests: tally.tests },
    { groups: 383, compiled: 383, refused: 0, tests: 1299 },
  );
});

jsts("optional tests, formats asserted: no wrong verdict but the known ones", () => {
  const tally = run((f) => f.startsWith("optional/"), OPTIONAL_REFUSALS);
  assert.equal(tally.wrong, []);
  assert.equal(
    { groups: tally.groups, compiled: tally.compiled, refused: tally.refused, tests: tally.tests },
    { groups: 78, compiled: 72, refused: 6, tests: 914 },
  );
  assert.equal(tally.refusedBy, {
    "optional/cross-draft.json": 1,
    "optional/refOfUnknownKeyword.json": 4,
    "optional/unknownKeyword.json": 1,
  });
});

jsts("format.json and content.json assert when formats are asserted (the default)", () => {
  const wrong: string[] = [];
  for (const file of ANNOTATING) {
    for (const group of suiteFiles[file]!) {
      for (const guard of guards(group.schema as object, { formats: IDN_FORMATS })) {
        for (const test of group.tests) if (guard(test.data) !== test.valid) wrong.push(test.description);
      }
    }
  }
  // Each "invalid ... is only an annotation by default" test: the default checks what the option turns off.
  assert.ok(wrong.length >= 20 && wrong.every((d) => /annotation|validates true/.test(d)), wrong.join("\n"));
});

jsts.run();
