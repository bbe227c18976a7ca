/**
 * OAuth 2.1 for `connectMCP({ url, auth })`: the provider interface (the MCP SDK's `OAuthClientProvider`, by
 * shape), a small in-memory provider for scripts and tests (`oauthProvider`), and the fetch wrapper that signs in
 * when a server answers 401 (or 403 `insufficient_scope`) and sends the request again with the token.
 */

/**
 * Tokens as an authorization server issues them (RFC 6749 §5.1).
 *
 * @example
 * { access_token: "eyJ...", token_type: "Bearer", expires_in: 3600, refresh_token: "r-1", scope: "mcp:read" }
 */
export interface MCPOAuthTokens {
  readonly access_token: string;
  readonly token_type: string;
  readonly expires_in?: number;
  readonly refresh_token?: string;
  readonly scope?: string;
  readonly [key: string]: unknown;
}

/**
 * What `connectMCP({ url, auth })` signs in with: the MCP SDK's `OAuthClientProvider` (any object of that shape,
 * such as the SDK's `ClientCredentialsProvider`, or `oauthProvider(...)`). The SDK runs the flow: protected-resource
 * metadata (RFC 9728, from the `resource_metadata` of `WWW-Authenticate` or the well-known URL), authorization-server
 * metadata (RFC 8414 or OpenID Connect discovery), dynamic client registration when the server offers it (or a
 * client ID metadata document, `clientMetadataUrl`), PKCE with S256, and token refresh. `authorizationCode()` is
 * tooltype's one addition: after `redirectToAuthorization(url)`, the code the person's sign-in sent back; without
 * it, a provider that must send a person to sign in makes `connectMCP` fail with a message saying so.
 *
 * @example
 * const auth: MCPOAuthProvider = oauthProvider({
 *   clientId: "ci-bot",
 *   clientSecret: process.env.SECRET!,
 *   grant: "client_credentials",
 * });
 */
export interface MCPOAuthProvider {
  readonly redirectUrl: string | URL | undefined;
  readonly clientMetadata: { readonly [key: string]: unknown };
  readonly clientMetadataUrl?: string | undefined;
  state?(): string | Promise<string>;
  clientInformation(): unknown;
  saveClientInformation?(information: { client_id: string; [key: string]: unknown }): void | Promise<void>;
  tokens(): MCPOAuthTokens | undefined | Promise<MCPOAuthTokens | undefined>;
  saveTokens(tokens: MCPOAuthTokens): void | Promise<void>;
  redirectToAuthorization(authorizationUrl: URL): void | Promise<void>;
  saveCodeVerifier(codeVerifier: string): void | Promise<void>;
  codeVerifier(): string | Promise<string>;
  /** The authorization code sent back to `redirectUrl` after `redirectToAuthorization` (tooltype's addition). */
  authorizationCode?(): string | Promise<string>;
}

/**
 * Options of `oauthProvider`.
 *
 * @example
 * {
 *   clientName: "my-agent",
 *   redirectUrl: "http://127.0.0.1:8765/callback",
 *   authorize: (url) => openBrowserAndWait(url),
 * }
 */
export interface OAuthProviderOptions {
  /**
   * `"authorization_code"` (default): a person signs in in a browser (`authorize`), with PKCE.
   * `"client_credentials"`: a program signs in as itself with `clientId` and `clientSecret`, no person involved.
   * `"jwt_bearer"`: the client presents an assertion (RFC 7523) its identity provider issued for this
   * authorization server (`assertion`), with `clientId` and `clientSecret`: enterprise sign-in (cross-app access).
   */
  readonly grant?: "authorization_code" | "client_credentials" | "jwt_bearer";
  /**
   * The assertion for the `jwt_bearer` grant, for the authorization server (`issuer`) and the MCP server
   * (`resource`) discovery found: typically a token exchange at the identity provider the person signed in to.
   */
  readonly assertion?: (target: {
    readonly issuer: string;
    readonly resource: string | undefined;
  }) => string | Promise<string>;
  /** A client registered beforehand; without it the client registers itself where the server offers it. */
  readonly clientId?: string;
  readonly clientSecret?: string;
  /** The client's name shown to the person signing in. Default: `"tooltype"`. */
  readonly clientName?: string;
  /** An HTTPS URL of this client's metadata document, used as its client ID where the server supports that. */
  readonly clientMetadataUrl?: string;
  /** Where the sign-in sends the person back (`authorization_code`). */
  readonly redirectUrl?: string | URL;
  /** The scope to ask for when neither the server's challenge nor its metadata name one. */
  readonly scope?: string;
  /**
   * Sends the person to the authorization URL (`authorization_code`) and resolves with the URL they were sent
   * back to (`redirectUrl?code=...&state=...`): open a browser and wait on a local callback server, say.
   */
  readonly authorize?: (authorizationUrl: URL) => string | URL | Promise<string | URL>;
  /** Tokens saved from an earlier sign-in. */
  readonly tokens?: MCPOAuthTokens;
}

/**
 * An in-memory OAuth client for `connectMCP({ url, auth })`, for scripts, tests and command-line agents: the
 * authorization code grant with PKCE (the person signs in through `authorize`; the `state` sent back is checked),
 * the client credentials grant, or the JWT bearer grant with an assertion from the person's identity provider. It keeps
 * the registration and tokens in memory: read `tokens()` to save them
 * and pass `tokens` next time. A sign-in the server refuses (`?error=access_denied`) fails with its reason.
 *
 * @example
 * const auth = oauthProvider({
 *   redirectUrl: "http://127.0.0.1:8765/callback",
 *   authorize: async (url) => (await fetch(url, { redirect: "manual" })).headers.get("location")!,
 * // a server that signs in at once
 * });
 * const docs = await connectMCP({ url: "https://docs.example.com/mcp", auth });
 */
export function oauthProvider(options: OAuthProviderOptions = {}): MCPOAuthProvider {
  const grant = options.grant ?? "authorization_code";
  checkOptions(options, grant);
  const redirectUrl = grant === "authorization_code" ? String(options.redirectUrl) : undefined;
  const interactive = grant === "authorization_code";
  let information: Record<string, unknown> | undefined =
    options.clientId === undefined
      ? undefined
      : {
          client_id: options.clientId,
          ...(options.clientSecret !== undefined && { client_secret: options.clientSecret }),
        };
  let tokens = options.tokens;
  let verifier: string | undefined;
  let state: string | undefined;
  let code: string | undefined;
  let discovered: Discovery | undefined;
  return {
    redirectUrl,
    clientMetadata: {
      client_name: options.clientName ?? "tooltype",
      redirect_uris: redirectUrl === undefined ? [] : [redirectUrl],
      grant_types: interactive
        ? ["authorization_code", "refresh_token"]
        : [grant === "jwt_bearer" ? JWT_BEARER : grant],
      response_types: interactive ? ["code"] : [],
      ...(options.scope !== undefined && { scope: options.scope }),
    },
    ...(options.clientMetadataUrl !== undefined && { clientMetadataUrl: options.clientMetadataUrl }),
    state: () => {
      state = randomToken();
      return state;
    },
    clientInformation: () => information,
    saveClientInformation: (saved) => {
      information = { ...saved };
    },
    tokens: () => tokens,
    saveTokens: (saved) => {
      tokens = saved;
    },
    redirectToAuthorization: async (url) => {
      if (!options.authorize)
        throw new Error(
          "oauthProvider: the server asks a person to sign in; give authorize, or grant: client_credentials",
        );
      code = codeFrom(await options.authorize(url), state);
    },
    saveCodeVerifier: (saved) => {
      verifier = saved;
    },
    codeVerifier: () => {
      if (verifier === undefined) throw new Error("oauthProvider: no PKCE code verifier was saved before the sign-in");
      return verifier;
    },
    authorizationCode: () => {
      if (code === undefined) throw new Error("oauthProvider: the sign-in sent no authorization code back");
      return code;
    },
    ...(grant === "client_credentials" && {
      prepareTokenRequest: (scope?: string) =>
        new URLSearchParams({ grant_type: "client_credentials", ...(scope && { scope }) }),
    }),
    ...(grant === "jwt_bearer" && {
      saveDiscoveryState: (state: Discovery) => {
        discovered = state;
      },
      prepareTokenRequest: async () => {
        const issuer = discovered?.authorizationServerMetadata?.issuer ?? discovered?.authorizationServerUrl;
        if (!issuer) throw new Error("oauthProvider: no authorization server was discovered to ask an assertion for");
        const assertion = await options.assertion!({ issuer, resource: discovered?.resourceMetadata?.resource });
        if (typeof assertion !== "string" || !assertion)
          throw new TypeError(
            `oauthProvider: assertion must resolve with the assertion (a JWT), got ${typeof assertion}`,
          );
        return new URLSearchParams({ grant_type: JWT_BEARER, assertion });
      },
    }),
  };
}

const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/** What the SDK's flow discovered (its `saveDiscoveryState`): the authorization server and the resource. */
interface Discovery {
  readonly authorizationServerUrl?: string;
  readonly authorizationServerMetadata?: { readonly issuer?: string };
  readonly resourceMetadata?: { readonly resource?: string };
}

function checkOptions(options: OAuthProviderOptions, grant: string): void {
  if (grant !== "authorization_code" && grant !== "client_credentials" && grant !== "jwt_bearer")
    throw new TypeError(
      `oauthProvider: grant is "authorization_code", "client_credentials" or "jwt_bearer", not ${JSON.stringify(grant)}`,
    );
  if (grant !== "authorization_code" && (!options.clientId || !options.clientSecret))
    throw new TypeError(`oauthProvider: grant ${grant} needs clientId and clientSecret`);
  if (grant === "jwt_bearer" && typeof options.assertion !== "function")
    throw new TypeError(
      "oauthProvider: grant jwt_bearer needs assertion({ issuer, resource }), which gets the assertion",
    );
  if (grant === "authorization_code") {
    if (options.redirectUrl === undefined || !URL.canParse(String(options.redirectUrl)))
      throw new TypeError(
        `oauthProvider: the authorization code grant needs redirectUrl, an absolute URL (got ${String(options.redirectUrl)})`,
      );
    if (typeof options.authorize !== "function")
      throw new TypeError(
        "oauthProvider: the authorization code grant needs authorize(url), which sends the person to sign in",
      );
  }
  if (options.clientSecret !== undefined && options.clientId === undefined)
    throw new TypeError("oauthProvider: clientSecret is given without clientId");
}

// The code in the URL the sign-in sent the person back to; its `error`, or a `state` that is not ours, refused.
function codeFrom(returned: string | URL, state: string | undefined): string {
  const text = String(returned ?? "");
  if (!URL.canParse(text))
    throw new Error(
      `oauthProvider: authorize must resolve with the URL the sign-in sent back, got ${JSON.stringify(text)}`,
    );
  const params = new URL(text).searchParams;
  const error = params.get("error");
  if (error) {
    const description = params.get("error_description");
    throw new Error(
      `OAuth sign-in refused by the authorization server: ${error}${description ? ` (${description})` : ""}`,
    );
  }
  if (state !== undefined && params.get("state") !== state)
    throw new Error("OAuth sign-in sent back a state that is not the one sent: the answer is refused");
  const code = params.get("code");
  if (!code) throw new Error(`OAuth sign-in sent no code back: ${text}`);
  return code;
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The MCP SDK's OAuth functions `oauthFetch` runs the flow with (`@modelcontextprotocol/sdk/client/auth.js`).
 *
 * @example
 * const flow: OAuthFlow = await import("@modelcontextprotocol/sdk/client/auth.js");
 */
export interface OAuthFlow {
  auth(
    provider: MCPOAuthProvider,
    options: {
      serverUrl: string | URL;
      authorizationCode?: string;
      scope?: string;
      resourceMetadataUrl?: URL;
      fetchFn?: Fetch;
    },
  ): Promise<"AUTHORIZED" | "REDIRECT">;
  extractWWWAuthenticateParams(response: Response): { resourceMetadataUrl?: URL; scope?: string; error?: string };
}

type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * `fetch` with the provider's bearer token, signing in (once a request) when the server answers 401, or 403
 * `insufficient_scope` (asking then for the scope the challenge names). A second refusal is an error.
 *
 * @example
 * const signedFetch = oauthFetch(
 *   fetch,
 *   oauthProvider({ grant: "client_credentials", clientId, clientSecret }),
 *   new URL(url),
 *   flow,
 * );
 */
export function oauthFetch(next: Fetch, provider: MCPOAuthProvider, serverUrl: URL, flow: OAuthFlow): Fetch {
  let signingIn: Promise<void> | undefined; // one sign-in at a time; requests refused meanwhile wait for it
  const send = async (input: string | URL, init: RequestInit | undefined) => {
    const headers = new Headers(init?.headers);
    const token = (await provider.tokens())?.access_token;
    if (token) headers.set("authorization", `Bearer ${token}`);
    return next(input, { ...init, headers });
  };
  return async (input, init) => {
    const first = await send(input, init);
    if (!challenged(first, flow)) return first;
    const challenge = flow.extractWWWAuthenticateParams(first);
    signingIn ??= signIn(provider, serverUrl, challenge, next, flow).finally(() => {
      signingIn = undefined;
    });
    await signingIn;
    const second = await send(input, init);
    if (challenged(second, flow))
      throw new Error(
        `connectMCP: ${serverUrl.href} still answers ${second.status} after signing in${describeChallenge(second)}`,
      );
    return second;
  };
}

function challenged(response: Response, flow: OAuthFlow): boolean {
  if (response.status === 401) return true;
  return response.status === 403 && flow.extractWWWAuthenticateParams(response).error === "insufficient_scope";
}

function describeChallenge(response: Response): string {
  const header = response.headers.get("www-authenticate");
  return header ? ` (WWW-Authenticate: ${header.slice(0, 300)})` : "";
}

async function signIn(
  provider: MCPOAuthProvider,
  serverUrl: URL,
  challenge: { resourceMetadataUrl?: URL; scope?: string },
  fetchFn: Fetch,
  flow: OAuthFlow,
): Promise<void> {
  const options = {
    serverUrl,
    fetchFn,
    ...(challenge.resourceMetadataUrl && { resourceMetadataUrl: challenge.resourceMetadataUrl }),
    ...(challenge.scope && { scope: challenge.scope }),
  };
  if ((await flow.auth(provider, options)) === "AUTHORIZED") return;
  if (typeof provider.authorizationCode !== "function")
    throw new Error(
      "connectMCP: the server asks a person to sign in, and auth has no authorizationCode() to wait for the code; finish the sign-in and connect again",
    );
  const authorizationCode = await provider.authorizationCode();
  if ((await flow.auth(provider, { ...options, authorizationCode })) !== "AUTHORIZED")
    throw new Error("connectMCP: the authorization server did not issue a token for the code the sign-in sent back");
}
