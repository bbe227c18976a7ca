// The provider conformance kit (test/support/conformance.ts) for every provider in ADAPTERS: a provider without
// fixtures fails here, naming the files to add. Known gaps are skipped (uvu counts them) and printed with their reason.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ADAPTERS, type Provider } from "tooltype";
import {
  CASES,
  CHECKS,
  KNOWN_GAPS,
  checkName,
  gapOf,
  loadFixtures,
  notApplicable,
  type Fixtures,
} from "../support/conformance.js";

const providers = Object.keys(ADAPTERS) as Provider[];
// Loaded before the tests are named, so that a check that does not apply to a provider is no test at all.
const loaded = new Map<Provider, Fixtures | Error>(
  await Promise.all(
    providers.map(async (provider) => [provider, await loadFixtures(provider).catch((error: Error) => error)] as const),
  ),
);
const fixtures = (provider: Provider): Fixtures => {
  const f = loaded.get(provider);
  if (f instanceof Error || f === undefined) throw f ?? new Error(`no fixtures for ${provider}`);
  return f;
};

const kit = suite("conformance kit");
const inapplicable: string[] = [];

for (const provider of providers) {
  kit(`${provider}: a fixture for every case (${CASES.join(", ")}), each naming its source`, () => {
    fixtures(provider);
  });
  const f = loaded.get(provider);
  if (f instanceof Error || f === undefined) continue;
  for (const check of CHECKS) {
    const name = `${provider} · ${checkName(check)}`;
    const reason = notApplicable(check, f);
    if (reason) inapplicable.push(`  not applicable: ${name}: ${reason}`);
    else if (gapOf(provider, checkName(check))) kit.skip(name);
    else kit(name, () => check.run(provider, f));
  }
}

kit.before(() => {
  const gaps = KNOWN_GAPS.map((gap) => `  skipped: ${gap.provider} · ${gap.check}: ${gap.reason}`);
  console.log(`conformance kit: ${KNOWN_GAPS.length} known gap(s), skipped\n${gaps.join("\n")}`);
  console.log(
    `conformance kit: ${inapplicable.length} check(s) with no counterpart in the API\n${inapplicable.join("\n")}`,
  );
});

kit("a provider with no fixtures fails the kit, naming every file to add", async () => {
  let message = "";
  await loadFixtures("newprovider").catch((error: Error) => (message = error.message));
  assert.match(message, /provider "newprovider" is in ADAPTERS but lacks conformance fixtures/);
  for (const name of CASES) assert.ok(message.includes(`test/fixtures/providers/newprovider/${name}.json`), name);
});

// A gap stays in the table only while the check still fails: once it passes, its line must go (the case turns on).
kit("every known gap is real: each gapped check still fails, and names a provider and check the kit has", async () => {
  const names = new Set(CHECKS.map(checkName));
  for (const gap of KNOWN_GAPS) {
    assert.ok(providers.includes(gap.provider), `known gap for ${gap.provider}, which is not in ADAPTERS`);
    assert.ok(names.has(gap.check), `known gap for "${gap.check}", which is not a check of the kit`);
    const check = CHECKS.find((c) => checkName(c) === gap.check)!;
    const reason = notApplicable(check, fixtures(gap.provider));
    assert.is(reason, undefined, `known gap for ${gap.provider} · ${gap.check}, which its fixture says does not apply`);
    let passed = false;
    try {
      await check.run(gap.provider, fixtures(gap.provider));
      passed = true;
    } catch {
      // still a gap
    }
    assert.not.ok(passed, `${gap.provider} · ${gap.check} passes now: remove its line from KNOWN_GAPS`);
  }
});

kit.run();
