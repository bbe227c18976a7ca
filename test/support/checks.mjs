// The tiny check harness of the end-to-end scripts (demo, chat-ui, size, runtimes): named checks, a summary line
// `N passed, N failed` that scripts/test-all.mjs reads, and the exit code.

/**
 * @example
 * const { check, expect, finish } = createChecks();
 * await check("the page loads", async () => expect(await page.title() === "tooltype", "wrong title"));
 * finish();
 */
export function createChecks({ traceLines = 4 } = {}) {
  let passed = 0;
  let failed = 0;
  return {
    async check(name, fn) {
      try {
        await fn();
        passed++;
        console.log(`  ✓ ${name}`);
      } catch (error) {
        failed++;
        console.log(
          `  ✗ ${name}\n    ${String(error?.stack ?? error)
            .split("\n")
            .slice(0, traceLines)
            .join("\n    ")}`,
        );
      }
    },
    expect(condition, message) {
      if (!condition) throw new Error(message);
    },
    counts: () => ({ passed, failed }),
    /** Prints the summary line and exits: 1 when anything failed or nothing ran. */
    finish() {
      console.log(`${passed} passed, ${failed} failed`);
      process.exit(failed || !passed ? 1 : 0);
    },
  };
}
