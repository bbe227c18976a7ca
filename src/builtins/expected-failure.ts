import type { Logger } from "../tools/tool.js";

/**
 * A failure a built-in tool expects and reports to the model as a failed result: an expression it does not
 * allow, an unknown time zone, an exception in the code the model sent, a timeout. Not a fault of the host,
 * so the built-ins' logger does not log it. Its name stays "Error", so the result reads `Tool "x" failed: <message>`.
 *
 * @example
 * throw new ExpectedFailure('Not allowed at position 1: a name ("Math")');
 */
export class ExpectedFailure extends Error {}

/**
 * The logger a built-in tool passes to `Tool`: expected failures are results, not exceptions, and are not
 * logged; anything else (a fault of the host) goes to `logger`, or to the console.
 *
 * @example
 * tool({ ..., logger: hostFaultsOnly(options.logger) });
 */
export function hostFaultsOnly(logger?: Logger): Logger {
  return {
    error(message, error) {
      if (error instanceof ExpectedFailure) return;
      if (logger) logger.error(message, error);
      else console.error(message, error);
    },
    warn(message) {
      if (logger) logger.warn?.(message);
      else console.warn(message);
    },
  };
}
