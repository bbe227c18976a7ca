// Loaded by scripts/test-lib/browser.mjs as a classic <script src> from the page's own origin, so it runs
// under the page's Content-Security-Policy. (Code that playwright's page.evaluate runs through the DevTools
// protocol is NOT subject to the CSP's eval restriction, so it cannot be used for this check.)
globalThis.__TOOLTYPE_EVAL_PROBE__ = (() => {
  try {
    return new Function("return 1")() === 1 ? "allowed" : "broken";
  } catch (error) {
    return "blocked: " + error?.name + ": " + error?.message;
  }
})();
