// httpChat with real endpoints: each provider's usual environment variables where the runtime has them (never in
// a browser; options win), and a request that gets no answer as a ProviderError carrying the cause.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { httpChat, ProviderError } from "tooltype";
import { openai } from "tooltype/providers/openai";
import { responses } from "tooltype/providers/responses";
import { anthropic } from "tooltype/providers/anthropic";
import { gemini } from "tooltype/providers/gemini";
import { bedrock } from "tooltype/providers/bedrock";
import { providerEnv } from "../../src/calls/env.js";

const env = String((globalThis as { __TOOLTYPE_ENV__?: string }).__TOOLTYPE_ENV__);
const inBrowser = env.startsWith("chromium");
const from = (vars: Record<string, string>) => (name: string) => vars[name];

const table = suite("providerEnv: each provider's usual variables");

table("keys and base URLs by provider, the first variable set winning, empty values ignored", () => {
  const vars = from({
    OPENAI_API_KEY: "sk-1",
    OPENAI_BASE_URL: "http://proxy/v1",
    ANTHROPIC_API_KEY: "ant-1",
    ANTHROPIC_BASE_URL: "http://ant",
    GEMINI_API_KEY: "",
    GOOGLE_API_KEY: "g-2",
    AWS_BEARER_TOKEN_BEDROCK: "aws-1",
    AWS_REGION: "eu-west-3",
  });
  assert.equal(providerEnv(openai.http!, vars), { apiKey: "sk-1", baseURL: "http://proxy/v1" });
  assert.equal(providerEnv(responses.http!, vars), { apiKey: "sk-1", baseURL: "http://proxy/v1" });
  assert.equal(providerEnv(anthropic.http!, vars), { apiKey: "ant-1", baseURL: "http://ant" });
  assert.equal(providerEnv(gemini.http!, vars), { apiKey: "g-2", baseURL: undefined });
  assert.equal(providerEnv(bedrock.http!, vars), {
    apiKey: "aws-1",
    baseURL: "https://bedrock-runtime.eu-west-3.amazonaws.com",
  });
  assert.equal(providerEnv({ ...openai.http!, env: undefined }, vars), {});
});

table.run();

// ---- httpChat reading the runtime's environment --------------------------------------------------------------

interface Sent {
  url: string;
  headers: Record<string, string>;
}
const recorder = () => {
  const sent: Sent[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string> });
    return new Response("{}");
  };
  return { sent, fetch };
};
const request = { model: "m", messages: [{ role: "user", content: "hi" }] };

/** Sets variables on the runtime's environment (a stand-in `process` in a browser) for `body`, then restores it. */
async function withEnv(vars: Record<string, string>, body: () => Promise<void>) {
  const g = globalThis as { process?: { env: Record<string, string | undefined> } };
  const made = !g.process;
  if (made) g.process = { env: {} };
  const envObject = g.process!.env;
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, envObject[k]]));
  Object.assign(envObject, vars);
  try {
    await body();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete envObject[k];
      else envObject[k] = v;
    }
    if (made) delete g.process;
  }
}
const ENV = { OPENAI_API_KEY: "sk-env", OPENAI_BASE_URL: "http://env.example/v1/", ANTHROPIC_API_KEY: "ant-env" };

const reads = suite("httpChat: the environment where the runtime has one");
const outsideBrowser = inBrowser ? reads.skip : reads;
const inPage = inBrowser ? reads : reads.skip;

outsideBrowser("OPENAI_API_KEY and OPENAI_BASE_URL, ANTHROPIC_API_KEY; options win", async () => {
  await withEnv(ENV, async () => {
    const { sent, fetch } = recorder();
    await httpChat("openai", { fetch })(request);
    await httpChat("anthropic", { fetch })({ ...request, max_tokens: 10 });
    await httpChat("openai", { fetch, apiKey: "sk-option", baseURL: "http://option/v1" })(request);
    await httpChat("openai", { fetch, apiKey: "" })(request); // "" sends no key
    assert.is(sent[0]!.url, "http://env.example/v1/chat/completions");
    assert.is(sent[0]!.headers.authorization, "Bearer sk-env");
    assert.is(sent[1]!.url, "https://api.anthropic.com/v1/messages");
    assert.is(sent[1]!.headers["x-api-key"], "ant-env");
    assert.is(sent[2]!.url, "http://option/v1/chat/completions");
    assert.is(sent[2]!.headers.authorization, "Bearer sk-option");
    assert.is(sent[3]!.headers.authorization, undefined);
  });
});

inPage("in a browser nothing is read, even with a process.env polyfill", async () => {
  await withEnv(ENV, async () => {
    const { sent, fetch } = recorder();
    await httpChat("openai", { fetch })(request);
    assert.is(sent[0]!.url, "https://api.openai.com/v1/chat/completions");
    assert.is(sent[0]!.headers.authorization, undefined);
  });
});

reads.run();

// ---- no answer -----------------------------------------------------------------------------------------------

const down = suite("httpChat: a request that gets no answer");

down("a refused connection is a ProviderError naming provider and URL, with the fetch error as its cause", async () => {
  const chat = httpChat("openai", { apiKey: "k", baseURL: "http://127.0.0.1:9/v1" }); // port 9: nothing listens
  const error = await chat(request).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(error, ProviderError);
  assert.match((error as Error).message, /^openai: could not reach http:\/\/127\.0\.0\.1:9\/v1\/chat\/completions: /);
  assert.ok((error as Error).cause instanceof Error, "the cause is the runtime's own error");
  assert.is((error as ProviderError).status, undefined);
});

down("an abort stays the abort, not a ProviderError", async () => {
  const controller = new AbortController();
  const fetch = (_url: string, init: RequestInit) =>
    new Promise<Response>((_, reject) =>
      init.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
    );
  const sent = httpChat("openai", { apiKey: "k", fetch })(request, { signal: controller.signal });
  controller.abort();
  const error = await sent.then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.not.instance(error, ProviderError);
  assert.is((error as Error).name, "AbortError");
});

down.run();
