// compile: $dynamicRef and $dynamicAnchor (draft 2020-12 section 8.2.3.2), on every guard path.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "tooltype";
import { compile as leanCompile, dynamicScope } from "tooltype/guard";
import { check, codes, guards } from "../support/guards.js";

const dynamic = suite("compile: $dynamicRef");

// A generic list whose items a schema that refers to it chooses, as 2020-12 meta-schemas extend each other.
const list = {
  $id: "https://example.com/list",
  type: "array",
  items: { $dynamicRef: "#item" },
  $defs: { item: { $dynamicAnchor: "item" } },
};
const strings = {
  $id: "https://example.com/strings",
  $ref: "list",
  $defs: { item: { $dynamicAnchor: "item", type: "string" }, list },
};

dynamic(
  "the outermost $dynamicAnchor in scope decides: a schema that refers to a generic one narrows its items",
  () => {
    check(strings, [[], ["a", "b"]], [[1], ["a", null], {}]);
    assert.equal(codes(strings, ["a", 2, "c", false]), [
      ["type", "/1"],
      ["type", "/3"],
    ]);
    // The generic list on its own takes any item: its own anchor is the outermost in scope.
    check(list, [[1, "a", null]], ["x"]);
  },
);

dynamic("the scope is the path taken: the same target, reached from two resources, checks differently", () => {
  const numbers = {
    $id: "https://example.com/numbers",
    $ref: "list",
    $defs: { item: { $dynamicAnchor: "item", type: "number" } },
  };
  const both = {
    $id: "https://example.com/both",
    type: "object",
    properties: { s: strings, n: numbers },
    $defs: { list },
  };
  // `list` is written once, under the root; each property reaches it through its own resource.
  const schema = { ...both, properties: { s: { ...strings, $defs: { item: strings.$defs.item } }, n: numbers } };
  check(schema, [{ s: ["a"], n: [1] }], [{ s: [1] }, { n: ["a"] }]);
  assert.equal(codes(schema, { s: [1, "a"], n: ["b", 2] }), [
    ["type", "/s/0"],
    ["type", "/n/0"],
  ]);
});

dynamic(
  "recursion through $dynamicRef: an extended tree checks every level, and a deep value is still refused as too deep",
  () => {
    const tree = {
      $id: "https://example.com/tree",
      $dynamicAnchor: "node",
      type: "object",
      properties: { data: true, children: { type: "array", items: { $dynamicRef: "#node" } } },
    };
    const strict = {
      $id: "https://example.com/strict-tree",
      $dynamicAnchor: "node",
      $ref: "tree",
      unevaluatedProperties: false,
      $defs: { tree },
    };
    check(strict, [{ children: [{ data: 1, children: [] }] }], [{ children: [{ daat: 1 }] }, { extra: 1 }]);
    assert.equal(codes(strict, { children: [{ children: [{ daat: 1 }] }] }), [
      ["additional_property", "/children/0/children/0/daat"],
    ]);
    let deep: unknown = {};
    for (let i = 0; i < 2000; i++) deep = { children: [deep] };
    for (const guard of guards(strict)) {
      assert.is(guard(deep), false, guard.mode);
      assert.is(guard.errors(deep).at(-1)?.code, "too_deep", guard.mode);
    }
  },
);

dynamic(
  "with one schema of that anchor name, or a fragment that is no anchor, it is a $ref: generated code keeps no scope",
  () => {
    const single = {
      type: "array",
      items: { $dynamicRef: "#item" },
      $defs: { item: { $dynamicAnchor: "item", type: "integer" } },
    };
    check(single, [[1, 2]], [["a"]]);
    const pointer = {
      $id: "https://example.com/p",
      items: { $dynamicRef: "#/$defs/item" },
      $defs: { item: { $dynamicAnchor: "item", type: "integer" } },
    };
    check(pointer, [[1]], [[1.5]]);
    for (const guard of guards(single)) if (guard.mode === "eval") assert.not.match(guard.code!, /S\[/);
    for (const guard of guards(strings)) if (guard.mode === "eval") assert.match(guard.code!, /S\[0\]/);
  },
);

dynamic("a $dynamicRef beside a $ref is checked too", () => {
  check(
    {
      $id: "https://example.com/x",
      $ref: "#/$defs/a",
      $dynamicRef: "#b",
      $defs: { a: { type: "string" }, b: { $dynamicAnchor: "b", minLength: 2 } },
    },
    ["ab"],
    ["a", 1],
  );
});

dynamic(
  "tooltype/guard's compile reads $dynamicRef with the dynamicScope value (the root entry's compile passes it), and names it when missing",
  () => {
    assert.throws(
      () => leanCompile(strings),
      /"\$dynamicRef" "#item" at list#\/items needs \{ dynamicScope \} \(from tooltype\/guard/,
    );
    const guard = leanCompile(strings, { dynamicScope });
    assert.is(guard(["a"]), true);
    assert.is(guard([1]), false);
    assert.equal(
      guard.errors([1]).map((e) => e.path),
      ["/0"],
    );
  },
);

dynamic("a $dynamicRef that points nowhere, or back to its own value, is refused naming it", () => {
  assert.throws(
    () => compile({ items: { $dynamicRef: "#nowhere" } }),
    /"\$dynamicRef" "#nowhere" at #\/items points to nothing in this schema/,
  );
  const loop = {
    $id: "https://example.com/loop",
    $dynamicAnchor: "self",
    anyOf: [{ $dynamicRef: "#self" }, { type: "string" }],
    $defs: { other: { $id: "other", $dynamicAnchor: "self" } },
  };
  assert.throws(() => compile(loop), /comes back to the same value/);
});

dynamic.run();
