// Shared by the test/builtins*.test.ts suites.
import * as assert from "uvu/assert";
import type { Logger, ToolResult } from "tooltype";

/** The runtime the suites run in (set by the test bundle's banner; see scripts/test-lib/build.mjs). */
export const env = (globalThis as { __TOOLTYPE_ENV__?: string }).__TOOLTYPE_ENV__ ?? "node";

/** A logger that keeps what it is given, to check what a tool logs. */
export function recordingLogger(): Logger & { errors: Array<{ message: string; error: unknown }>; warnings: string[] } {
  const errors: Array<{ message: string; error: unknown }> = [];
  const warnings: string[] = [];
  return {
    errors,
    warnings,
    error: (message, error) => errors.push({ message, error }),
    warn: (message) => warnings.push(message),
  };
}

/** The value of a successful result; a failed one fails the test, showing its error. */
export function succeeded<T>(result: ToolResult<T>, what: string): T {
  if (!result.success) assert.unreachable(`${what} failed: ${result.error}`);
  return (result as { value: T }).value;
}

/** The error of a failed result; a successful one fails the test, showing its value. */
export function failed(result: ToolResult, what: string): string {
  if (result.success) assert.unreachable(`${what} should fail, gave ${JSON.stringify(result.value)}`);
  return (result as { error: string }).error;
}
