#!/usr/bin/env node
// End-to-end test of the demo page (demo/), as a person uses it: headless Chromium (Debian's, through
// playwright-core) opens the page served by demo/serve.mjs under its CSP without 'unsafe-eval', picks each
// example, reads each provider's panel, edits the arguments, runs the tool and replays the stream. Fails on
// any console error or page error. Saves test-results/demo.png, and with UPDATE_SCREENSHOT=1 also
// demo/screenshot.png (the README's picture).
// Prints `N passed, N failed` (one per check group) and exits 1 when anything failed. Needs dist/ built.
import { spawn, spawnSync } from "node:child_process";
import { connect } from "node:net";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { createChecks } from "./support/checks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const started = Date.now();
const { check, expect, counts, finish } = createChecks();

// The server, on a random port; its first line names the URL.
const server = spawn(process.execPath, [join(root, "demo/serve.mjs")], {
  cwd: root,
  env: { ...process.env, PORT: "0" },
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (d) => {
    out += d;
    const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
    if (m) resolve(m[0]);
  });
  server.on("exit", (code) => reject(new Error(`demo/serve.mjs exited with ${code}`)));
  setTimeout(() => reject(new Error("demo/serve.mjs printed no URL within 10s")), 10_000);
});

const profile = mkdtempSync(join(tmpdir(), "tooltype-demo-"));
// A fresh profile each run (playwright passes it as --user-data-dir).
const browser = await chromium.launchPersistentContext(profile, {
  executablePath,
  headless: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
  viewport: { width: 1400, height: 1000 },
  deviceScaleFactor: 1,
});
const problems = [];
try {
  const page = await browser.newPage();
  page.on("console", (m) => {
    // The library probes once whether eval is allowed (allowsEval); under this CSP Chromium reports the refusal.
    // That refusal is the point of the page; any other error is a failure.
    if (m.type() === "error" && !/Refused to evaluate a string as JavaScript because 'unsafe-eval'/.test(m.text()))
      problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));

  console.log(`demo e2e: ${url}`);
  const response = await page.goto(url);
  await check("the page is served with a CSP without unsafe-eval, and loads", async () => {
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp.includes("script-src 'self'") && !csp.includes("unsafe-eval"), `CSP header: ${csp}`);
    await page.waitForSelector("body[data-ready=true]", { timeout: 10_000 });
    const env = await page.textContent("#env");
    expect(/eval blocked/.test(env), `environment badge: ${env}`);
  });

  const panelName = (id) => page.getAttribute(`#panel-${id}`, "data-name");
  const panelText = (id) => page.textContent(`#panel-${id} pre`);
  const EXPECTED = {
    get_weather: { params: ["location", "unit"], required: ["location"] },
    silly_sum: { params: ["a", "b"], required: ["a"] },
    create_event: { params: ["title", "start", "attendees", "location", "metadata"], required: ["title", "start"] },
  };
  for (const [name, want] of Object.entries(EXPECTED)) {
    await check(`${name}: every provider panel shows the tool in its own shape, with its warnings`, async () => {
      await page.getByRole("button", { name, exact: true }).click();
      expect(
        (await page.getAttribute(`#examples button:text-is("${name}")`, "aria-pressed")) === "true",
        "the picked example is marked",
      );
      expect((await page.inputValue("#source")).includes(`function ${name}(`), "the source shows the function");
      const shapes = {
        openai: (d) =>
          d.type === "function" &&
          d.function.name === name &&
          d.function.parameters.type === "object" &&
          !("strict" in d.function),
        "openai-strict": (d) =>
          d.function.strict === true &&
          d.function.parameters.additionalProperties === false &&
          d.function.parameters.required.length === want.params.length,
        responses: (d) => d.type === "function" && d.name === name && "strict" in d,
        anthropic: (d) =>
          d.name === name &&
          d.input_schema?.type === "object" &&
          JSON.stringify(d.input_schema.required) === JSON.stringify(want.required),
        gemini: (d) => d.name === name && d.parameters?.type === "OBJECT",
        mcp: (d) => d.name === name && d.inputSchema?.type === "object",
      };
      for (const [id, ok] of Object.entries(shapes)) {
        expect((await panelName(id)) === name, `panel ${id} names ${await panelName(id)}`);
        const definition = JSON.parse(await panelText(id));
        expect(ok(definition), `panel ${id} has the wrong shape: ${JSON.stringify(definition).slice(0, 300)}`);
        const schema =
          definition.function?.parameters ?? definition.parameters ?? definition.input_schema ?? definition.inputSchema;
        for (const p of want.params) expect(p in schema.properties, `panel ${id} lacks parameter ${p}`);
        expect((await page.locator(`#panel-${id} .warnings li`).count()) >= 1, `panel ${id} has no warnings list`);
      }
      expect((await page.textContent("#verdict")).includes("Valid arguments"), "the sample arguments are valid");
    });
  }
  await check("create_event: the conversion warnings are shown under the panel they concern", async () => {
    const strict = await page.textContent("#panel-openai-strict .warnings");
    expect(/\/properties\/metadata/.test(strict), `strict warnings: ${strict}`);
    expect(
      (await page.textContent("#panel-openai .warnings")).includes("No conversion warnings"),
      "plain OpenAI has none",
    );
  });

  await check("the guard's verdict follows the arguments live: invalid JSON, a wrong type, then valid", async () => {
    await page.getByRole("button", { name: "get_weather", exact: true }).click();
    await page.fill("#args", '{"location": "Par');
    expect(/^Not JSON/.test(await page.textContent("#verdict")), `verdict: ${await page.textContent("#verdict")}`);
    await page.fill("#args", '{"location": 42, "unit": "kelvin"}');
    const verdict = await page.textContent("#verdict");
    expect(verdict.includes("2 issues"), `verdict: ${verdict}`);
    const errors = await page.locator("#errors li").allTextContents();
    expect(
      errors.some((e) => e.startsWith("/location") && /Expected string, received integer/.test(e)),
      `errors: ${errors}`,
    );
    expect(
      errors.some((e) => e.startsWith("/unit")),
      `errors: ${errors}`,
    );
    await page.fill("#args", '{"location": "Oslo, Norway"}');
    expect((await page.textContent("#verdict")).includes("interpreter, no eval"), "valid, on the interpreter");
    expect((await page.locator("#errors li").count()) === 0, "no errors left");
  });

  await check("running the tool shows its result, and a failed result for bad arguments", async () => {
    await page.click("#run");
    await page.waitForSelector("#result.ok");
    const result = await page.textContent("#result");
    expect(
      /"location": "Oslo, Norway"/.test(result) && /"unit": "celsius"/.test(result) && /"temperature"/.test(result),
      `result: ${result}`,
    );
    await page.getByRole("button", { name: "silly_sum", exact: true }).click();
    await page.fill("#args", '{"a": "4", "b": 2}');
    await page.click("#run");
    await page.waitForSelector("#result.ok");
    expect((await page.textContent("#result")).includes('"42"'), `silly_sum: ${await page.textContent("#result")}`);
    await page.fill("#args", '{"b": "x"}');
    await page.click("#run");
    await page.waitForSelector("#result.bad");
    expect(
      /Invalid arguments for tool "silly_sum"/.test(await page.textContent("#result")),
      `bad run: ${await page.textContent("#result")}`,
    );
  });

  await check("a typed function is read without eval; running it says the CSP forbids eval", async () => {
    await page.fill(
      "#source",
      'function lookup_user(\n  user_id, // The user\'s id\n  verbose = false, // More detail\n) {\n  "Finds a user.";\n}',
    );
    expect((await panelName("anthropic")) === "lookup_user", "the panels follow the text");
    const gemini = JSON.parse(await panelText("gemini"));
    expect(gemini.parameters.properties.verbose.type === "BOOLEAN", `gemini: ${JSON.stringify(gemini)}`);
    await page.fill("#args", '{"user_id": "u1"}');
    expect((await page.textContent("#verdict")).includes("Valid"), "typed tool's guard");
    await page.click("#run");
    expect(/forbids eval/.test(await page.textContent("#result")), `run: ${await page.textContent("#result")}`);
    await page.fill("#source", "function broken(a) { return a }");
    expect(
      /no documentation/.test(await page.textContent("#source-status")),
      `status: ${await page.textContent("#source-status")}`,
    );
    await page.getByRole("button", { name: "get_weather", exact: true }).click();
  });

  await check("the stream replay fills the arguments in as the chunks arrive, then runs the calls", async () => {
    await page.click("#replay");
    await page.waitForFunction(() => /chunk [3-6] of/.test(document.querySelector("#stream-progress").textContent));
    const early = await page.locator("#stream-calls .call pre.args").first().textContent();
    const parsedEarly = JSON.parse(early);
    expect(
      typeof parsedEarly.location === "string" && parsedEarly.location.length < "Paris, France".length,
      `partial arguments: ${early}`,
    );
    expect(
      (await page.locator("#stream-calls .call").first().textContent()).includes("streaming"),
      "marked as streaming",
    );
    await page.waitForFunction(() => /^done/.test(document.querySelector("#stream-progress").textContent), null, {
      timeout: 10_000,
    });
    const args = (await page.locator("#stream-calls .call pre.args").allTextContents()).map((t) => JSON.parse(t));
    expect(
      args.length === 2 &&
        args[0].location === "Paris, France" &&
        args[1].location === "Tokyo, Japan" &&
        args[1].unit === "fahrenheit",
      `final: ${JSON.stringify(args)}`,
    );
    expect((await page.locator("#stream-calls .call.done").count()) === 2, "both complete");
    const results = await page.textContent("#stream-results");
    expect(
      /call_paris/.test(results) && /call_tokyo/.test(results) && /"unit": "fahrenheit"/.test(results),
      `results: ${results}`,
    );
  });

  // The screenshot: the first example, arguments with an error so the verdict shows, after the replay.
  await page.getByRole("button", { name: "create_event", exact: true }).click();
  await page.fill(
    "#args",
    '{\n  "title": "Design review",\n  "start": "next tuesday",\n  "attendees": [{ "email": "ada@example.com" }]\n}',
  );
  mkdirSync(join(root, "test-results"), { recursive: true });
  await page.screenshot({ path: join(root, "test-results/demo.png"), fullPage: true });
  // The README's copy is refreshed on request only, so a test run never changes a committed file.
  if (process.env.UPDATE_SCREENSHOT)
    copyFileSync(join(root, "test-results/demo.png"), join(root, "demo/screenshot.png"));

  // A phone: 390 px wide (an iPhone 14's CSS width), touch, mobile viewport.
  const mobile = await chromium.launch({
    executablePath,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  const small = await (
    await mobile.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1,
    })
  ).newPage();
  small.on("pageerror", (e) => problems.push(`page error (phone): ${e.message}`));
  await small.goto(url);
  await check(
    "at 390 px wide: nothing is wider than the screen, the panels stack in one column, and the tool runs",
    async () => {
      await small.waitForSelector("body[data-ready=true]", { timeout: 10_000 });
      const layout = await small.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll("body *")]
          .filter((e) => e.getBoundingClientRect().right > width + 0.5)
          .map(
            (e) =>
              `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${e.className ? `.${String(e.className).split(" ").join(".")}` : ""}`,
          );
        const panels = [...document.querySelectorAll(".panel")].map((p) => p.getBoundingClientRect());
        return {
          width,
          scrollWidth: document.documentElement.scrollWidth,
          wide,
          lefts: [...new Set(panels.map((r) => Math.round(r.left)))],
          panelWidth: Math.min(...panels.map((r) => r.width)),
        };
      });
      expect(layout.width === 390, `viewport width ${layout.width}`);
      expect(
        layout.scrollWidth <= layout.width,
        `the page scrolls sideways: ${layout.scrollWidth} px wide; too wide: ${layout.wide.slice(0, 8).join(", ")}`,
      );
      expect(!layout.wide.length, `elements past the right edge: ${layout.wide.slice(0, 8).join(", ")}`);
      expect(layout.lefts.length === 1, `panels in one column (left edges ${layout.lefts.join(", ")})`);
      expect(layout.panelWidth >= 300, `panels at least 300 px wide (${layout.panelWidth})`);
      await small.getByRole("button", { name: "create_event", exact: true }).tap();
      await small.getByRole("button", { name: "get_weather", exact: true }).tap();
      await small.fill("#args", '{ "location": "Lima, Peru" }');
      await small.tap("#run");
      await small.waitForFunction(() => document.querySelector("#result").textContent.trim().length > 0);
      expect(
        /Lima, Peru/.test(await small.textContent("#result")) && !/Invalid/.test(await small.textContent("#result")),
        `result: ${await small.textContent("#result")}`,
      );
    },
  );
  await small.screenshot({ path: join(root, "test-results/demo-phone.png"), fullPage: true });
  await mobile.close();

  await check("no console errors or page errors", async () => {
    expect(!problems.length, problems.join("\n"));
  });
} finally {
  await browser.close();
  server.kill();
  rmSync(profile, { recursive: true, force: true });
}
// `npm start` needs no browser: its set-up step skips Chromium, then the server above prints its URL.
await check("npm start runs set-up with --no-browser, which succeeds when Chromium is missing", async () => {
  const start = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.start;
  expect(start === "exec node scripts/start.mjs", `npm start is: ${start}`);
  expect(
    readFileSync(join(root, "scripts/start.mjs"), "utf8").includes('step(["scripts/setup.mjs", "--no-browser"]);'),
    "scripts/start.mjs does not run set-up with --no-browser",
  );
  const setup = spawnSync(process.execPath, ["scripts/setup.mjs", "--no-browser"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CHROMIUM_PATH: join(tmpdir(), "no-such-chromium"), SKIP_CHROMIUM: "" },
  });
  expect(setup.status === 0, `setup --no-browser exited ${setup.status}: ${setup.stdout}${setup.stderr}`);
  expect(/--no-browser: not checking Chromium/.test(setup.stdout), `setup said: ${setup.stdout}`);
});

/** Whether something accepts connections on 127.0.0.1:port. */
const listening = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

// The process `npm start` leaves behind is the server itself, so stopping it by its process id closes the port
// (a chain of commands under a shell left the server running when the shell was stopped).
await check("npm start stopped with SIGTERM to its process id: the server stops and its port closes", async () => {
  const npm = spawn(process.platform === "win32" ? "npm.cmd" : "npm", ["start"], {
    cwd: root,
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise((resolve) => npm.once("exit", (code, signal) => resolve(signal ?? code)));
  const port = await new Promise((resolve, reject) => {
    const collect = (d) => {
      output += d;
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (m) resolve(Number(m[1]));
    };
    npm.stdout.on("data", collect);
    npm.stderr.on("data", collect);
    exited.then((how) => reject(new Error(`npm start ended (${how}) before it served:\n${output}`)));
    setTimeout(() => reject(new Error(`npm start printed no URL within 300 s:\n${output}`)), 300_000).unref();
  });
  expect((await fetch(`http://127.0.0.1:${port}/`)).status === 200, "the demo page is not served");
  process.kill(npm.pid, "SIGTERM");
  const how = await Promise.race([
    exited,
    new Promise((resolve) => setTimeout(resolve, 60_000, "still running after 60 s").unref()),
  ]);
  // The port must close with it; the process is given a generous while to go.
  let open = true;
  for (let i = 0; i < 100 && open; i++) {
    open = await listening(port);
    if (open) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(!open, `port ${port} still open after npm start (pid ${npm.pid}) was sent SIGTERM (it ended: ${how})`);
});
const { passed, failed } = counts();
console.log(
  `\n  Total:     ${passed + failed}\n  Passed:    ${passed}\n  Skipped:   0\n  Duration:  ${Date.now() - started}ms\n`,
);
finish();
