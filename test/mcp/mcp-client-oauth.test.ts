// connectMCP({ url, auth }): signing in with OAuth when the server answers 401, against a fake protected resource
// (mcpHttpHandler behind a bearer check, its RFC 9728 metadata) and a fake authorization server (RFC 8414 metadata,
// dynamic registration, an authorization endpoint that signs in at once, a token endpoint checking PKCE S256,
// refresh tokens and client credentials), all reached through connectMCP's `fetch` (no socket). The official suite's
// auth scenarios run in test/mcp-conformance-client.e2e.mjs; this checks tooltype's own provider and messages.
// connectMCP loads the SDK by a specifier built at run time, so the connections run in Node; oauthProvider's
// checks run everywhere.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { t, tool, ToolRegistry } from "tooltype";
import { connectMCP, mcpHttpHandler, oauthProvider, type OAuthProviderOptions } from "tooltype/mcp";

const isNode =
  typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === "string" &&
  !("Deno" in globalThis) &&
  !("Bun" in globalThis);
const quiet = { error: () => {} };
const MCP = "http://mcp.test/mcp";
const AS = "http://auth.test";
const REDIRECT = "http://127.0.0.1:8765/callback";

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

async function sha256url(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The fake resource and authorization servers, and what they saw. */
function fakeServers({ deny = false, tamperState = false, acceptNothing = false } = {}) {
  const seen = {
    registrations: 0,
    authorizations: [] as URLSearchParams[],
    grants: [] as URLSearchParams[],
    basic: [] as string[],
  };
  const valid = new Set<string>();
  const challenges = new Map<string, string>(); // code -> code_challenge
  let issued = 0;
  const mcp = mcpHttpHandler(
    new ToolRegistry().register(
      tool({
        name: "whoami",
        description: "Who is signed in.",
        parameters: t.object({}),
        execute: () => "alice",
      }),
    ),
    { allowedHosts: ["mcp.test"] },
  );
  const issue = () => {
    issued++;
    const token = `at-${issued}`;
    valid.add(token);
    return json({ access_token: token, token_type: "Bearer", expires_in: 3600, refresh_token: `rt-${issued}` });
  };
  async function token(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    seen.grants.push(form);
    seen.basic.push(request.headers.get("authorization") ?? "");
    const grant = form.get("grant_type");
    if (grant === "authorization_code") {
      const challenge = challenges.get(form.get("code") ?? "");
      if (!challenge || challenge !== (await sha256url(form.get("code_verifier") ?? "")))
        return json({ error: "invalid_grant" }, 400);
      return issue();
    }
    if (grant === "refresh_token" && /^rt-\d+$/.test(form.get("refresh_token") ?? "")) return issue();
    if (grant === "client_credentials" && request.headers.get("authorization") === `Basic ${btoa("bot:s3cret")}`)
      return issue();
    if (
      grant === "urn:ietf:params:oauth:grant-type:jwt-bearer" &&
      form.get("assertion") === `id-jag for ${AS} and ${MCP}` &&
      request.headers.get("authorization") === `Basic ${btoa("app:s3cret")}`
    )
      return issue();
    return json({ error: "invalid_grant" }, 400);
  }
  function authorize(url: URL): Response {
    seen.authorizations.push(url.searchParams);
    const code = `code-${seen.authorizations.length}`;
    challenges.set(code, url.searchParams.get("code_challenge") ?? "");
    const back = new URL(url.searchParams.get("redirect_uri") ?? "");
    if (deny) back.searchParams.set("error", "access_denied");
    else back.searchParams.set("code", code);
    back.searchParams.set("state", tamperState ? "forged" : (url.searchParams.get("state") ?? ""));
    return new Response(null, { status: 302, headers: { location: back.href } });
  }
  const fetch = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.href === `http://mcp.test/.well-known/oauth-protected-resource/mcp`)
      return json({ resource: MCP, authorization_servers: [AS], scopes_supported: ["tools"] });
    if (url.origin === AS) {
      if (url.pathname === "/.well-known/oauth-authorization-server")
        return json({
          issuer: AS,
          authorization_endpoint: `${AS}/authorize`,
          token_endpoint: `${AS}/token`,
          registration_endpoint: `${AS}/register`,
          response_types_supported: ["code"],
          grant_types_supported: [
            "authorization_code",
            "refresh_token",
            "client_credentials",
            "urn:ietf:params:oauth:grant-type:jwt-bearer",
          ],
          code_challenge_methods_supported: ["S256"],
          token_endpoint_auth_methods_supported: ["none", "client_secret_basic"],
        });
      if (url.pathname === "/register") {
        seen.registrations++;
        return json({ ...(await request.json()), client_id: "registered-1" }, 201);
      }
      if (url.pathname === "/authorize") return authorize(url);
      if (url.pathname === "/token") return token(request);
      return new Response("not found", { status: 404 });
    }
    if (url.href === MCP) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
      if (!bearer || !valid.has(bearer) || acceptNothing)
        return new Response("unauthorized", {
          status: 401,
          headers: {
            "www-authenticate": `Bearer resource_metadata="http://mcp.test/.well-known/oauth-protected-resource/mcp"`,
          },
        });
      return mcp(request);
    }
    return new Response("not found", { status: 404 });
  };
  return { fetch, seen, revoke: () => valid.clear() };
}

// What a person's browser does against the fake: follow the redirect, hand back where it went.
const follow = (fetch: (u: string | URL) => Promise<Response>) => async (url: URL) =>
  (await fetch(url)).headers.get("location") ?? "";
const signedIn = (fake: ReturnType<typeof fakeServers>, extra: OAuthProviderOptions = {}) =>
  oauthProvider({ redirectUrl: REDIRECT, authorize: follow(fake.fetch), ...extra });

const provider = suite("oauthProvider");

provider("options that cannot work are refused, naming what is missing", () => {
  assert.throws(() => oauthProvider(), /needs redirectUrl/);
  assert.throws(
    () => oauthProvider({ redirectUrl: "callback" }),
    /needs redirectUrl, an absolute URL \(got callback\)/,
  );
  assert.throws(() => oauthProvider({ redirectUrl: REDIRECT }), /needs authorize\(url\)/);
  assert.throws(
    () => oauthProvider({ grant: "client_credentials", clientId: "bot" }),
    /needs clientId and clientSecret/,
  );
  assert.throws(
    () => oauthProvider({ grant: "password" as never }),
    /"authorization_code", "client_credentials" or "jwt_bearer", not "password"/,
  );
  assert.throws(
    () => oauthProvider({ redirectUrl: REDIRECT, authorize: () => "", clientSecret: "x" }),
    /clientSecret is given without clientId/,
  );
});

provider("client credentials: a token request of that grant, no redirect URL", async () => {
  const auth = oauthProvider({ grant: "client_credentials", clientId: "bot", clientSecret: "s3cret", scope: "tools" });
  assert.is(auth.redirectUrl, undefined);
  assert.equal(auth.clientInformation(), { client_id: "bot", client_secret: "s3cret" });
  const prepare = (auth as unknown as { prepareTokenRequest(scope?: string): URLSearchParams }).prepareTokenRequest;
  assert.is(String(prepare("tools")), "grant_type=client_credentials&scope=tools");
});

provider("the code sent back is taken only with the state sent, and a refusal says why", async () => {
  const back = (query: string) => oauthProvider({ redirectUrl: REDIRECT, authorize: () => `${REDIRECT}?${query}` });
  const reason = async (auth: ReturnType<typeof back>) => {
    await auth.state!();
    return Promise.resolve(auth.redirectToAuthorization(new URL(`${AS}/authorize`))).then(
      () => "taken",
      (e: Error) => e.message,
    );
  };
  assert.match(await reason(back("code=c1&state=forged")), /state that is not the one sent/);
  const echo = (query: string) =>
    oauthProvider({
      redirectUrl: REDIRECT,
      authorize: (url) => `${REDIRECT}?${query}&state=${url.searchParams.get("state")}`,
    });
  const noCode = echo("x=1");
  const state = await noCode.state!();
  const missing = await Promise.resolve(noCode.redirectToAuthorization(new URL(`${AS}/authorize?state=${state}`))).then(
    () => "taken",
    (e: Error) => e.message,
  );
  assert.match(missing, /sent no code back/);
  assert.match(await reason(back("error=access_denied&error_description=no+thanks")), /access_denied \(no thanks\)/);
  const matching = echo("code=c7");
  const sent = await matching.state!();
  await matching.redirectToAuthorization(new URL(`${AS}/authorize?state=${sent}`));
  assert.is(await matching.authorizationCode!(), "c7");
});

provider.run();

const flows = suite("connectMCP({ url, auth })");
const node = (name: string, fn: () => Promise<void>) => (isNode ? flows(name, fn) : flows.skip(name, fn));

node("authorization code with PKCE S256 and dynamic registration, then the tools answer", async () => {
  const fake = fakeServers();
  const auth = signedIn(fake);
  const server = await connectMCP({ url: MCP, fetch: fake.fetch, auth }, { logger: quiet });
  try {
    assert.equal(
      server.tools.map((x) => x.name),
      ["whoami"],
    );
    const result = await server.tools[0]!.execute({});
    assert.equal(result.success && result.value, "alice");
    assert.is(fake.seen.registrations, 1);
    assert.is(fake.seen.authorizations.length, 1);
    const asked = fake.seen.authorizations[0]!;
    assert.is(asked.get("code_challenge_method"), "S256");
    assert.is(asked.get("client_id"), "registered-1");
    assert.is(asked.get("resource"), MCP);
    assert.is(asked.get("scope"), "tools");
    assert.is(fake.seen.grants[0]!.get("grant_type"), "authorization_code");
    assert.is((await auth.tokens())?.access_token, "at-1");
  } finally {
    await server.close();
  }
});

node("a token the server stops taking is refreshed, without asking the person again", async () => {
  const fake = fakeServers();
  const server = await connectMCP({ url: MCP, fetch: fake.fetch, auth: signedIn(fake) }, { logger: quiet });
  try {
    fake.revoke();
    const result = await server.tools[0]!.execute({});
    assert.equal(result.success && result.value, "alice");
    assert.is(fake.seen.authorizations.length, 1);
    assert.equal(
      fake.seen.grants.map((g) => g.get("grant_type")),
      ["authorization_code", "refresh_token"],
    );
  } finally {
    await server.close();
  }
});

node("client credentials: the program signs in as itself", async () => {
  const fake = fakeServers();
  const auth = oauthProvider({ grant: "client_credentials", clientId: "bot", clientSecret: "s3cret" });
  const server = await connectMCP({ url: MCP, fetch: fake.fetch, auth }, { logger: quiet });
  try {
    assert.is(fake.seen.registrations, 0);
    assert.is(fake.seen.authorizations.length, 0);
    assert.is(fake.seen.grants[0]!.get("grant_type"), "client_credentials");
    assert.is(fake.seen.basic[0], `Basic ${btoa("bot:s3cret")}`);
  } finally {
    await server.close();
  }
});

node(
  "jwt bearer: an assertion asked for the discovered authorization server and resource, presented with the client's secret",
  async () => {
    const fake = fakeServers();
    const asked: object[] = [];
    const auth = oauthProvider({
      grant: "jwt_bearer",
      clientId: "app",
      clientSecret: "s3cret",
      assertion: (target) => {
        asked.push(target);
        return `id-jag for ${target.issuer} and ${target.resource}`;
      },
    });
    const server = await connectMCP({ url: MCP, fetch: fake.fetch, auth }, { logger: quiet });
    try {
      assert.equal(asked, [{ issuer: AS, resource: MCP }]);
      assert.is(fake.seen.grants[0]!.get("grant_type"), "urn:ietf:params:oauth:grant-type:jwt-bearer");
      assert.is(fake.seen.authorizations.length, 0);
      const result = await server.tools[0]!.execute({});
      assert.equal(result.success && result.value, "alice");
    } finally {
      await server.close();
    }
  },
);

node("a refused sign-in, a forged state, or a server that never takes the token fails with the reason", async () => {
  const failure = async (fake: ReturnType<typeof fakeServers>) =>
    connectMCP({ url: MCP, fetch: fake.fetch, auth: signedIn(fake) }, { logger: quiet }).then(
      () => "connected",
      (e: Error) => e.message,
    );
  assert.match(await failure(fakeServers({ deny: true })), /refused by the authorization server: access_denied/);
  assert.match(await failure(fakeServers({ tamperState: true })), /state that is not the one sent/);
  assert.match(
    await failure(fakeServers({ acceptNothing: true })),
    /mcp\.test\/mcp still answers 401 after signing in/,
  );
});

node("auth that is not a provider, or auth for a spawned server, is a clear error", async () => {
  const message = (server: Parameters<typeof connectMCP>[0]) =>
    connectMCP(server).then(
      () => "connected",
      (e: Error) => e.message,
    );
  assert.match(
    await message({ url: MCP, auth: { tokens: () => undefined } as never }),
    /has no saveTokens, clientInformation/,
  );
  assert.match(
    await message({ command: "node", auth: signedIn(fakeServers()) } as never),
    /auth \(OAuth\) is for a server reached by url/,
  );
});

flows.run();
