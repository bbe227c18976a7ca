// connectMCP's auth takes the MCP SDK's own OAuth client providers (its type, structurally) and oauthProvider's;
// the handlers see typed requests.
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from "@modelcontextprotocol/sdk/client/auth-extensions.js";
import { connectMCP, oauthProvider, type MCPOAuthProvider, type MCPServer } from "tooltype/mcp";

declare const sdkProvider: OAuthClientProvider;
const fromSdk: MCPOAuthProvider = sdkProvider;
const credentials: MCPOAuthProvider = new ClientCredentialsProvider({ clientId: "bot", clientSecret: "s" });
const jwt: MCPOAuthProvider = new PrivateKeyJwtProvider({ clientId: "bot", privateKey: "pem", algorithm: "ES256" });
const ours: MCPOAuthProvider = oauthProvider({ grant: "client_credentials", clientId: "bot", clientSecret: "s" });
void [fromSdk, credentials, jwt, ours];

const server: MCPServer = {
  url: "https://example.com/mcp",
  auth: ours,
  onElicit: (request, { signal }) => {
    const message: string = request.message;
    void [message, signal.aborted];
    return { action: "accept", content: { confirm: true } };
  },
  onSample: (request) => ({
    role: "assistant",
    model: "m",
    content: { type: "text", text: String(request.maxTokens) },
  }),
  onLog: ({ level, data }) => void [level, data],
};
void connectMCP(server);
// @ts-expect-error: an answer's action is accept, decline or cancel
const wrong: MCPServer = { url: "https://example.com/mcp", onElicit: () => ({ action: "ok" }) };
void wrong;
