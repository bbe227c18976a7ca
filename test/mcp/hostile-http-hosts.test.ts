// DNS rebinding, from the attacker's side: a web page whose name the attacker rebinds to 127.0.0.1 reaches
// local servers with its own name in Host. Every HTTP server this repository ships answers only to loopback
// names: the demo server (demo/serve.mjs) here, mcpHttpHandler in test/mcp/mcp-http.test.ts, the SDK fixture in
// test/agent.e2e.mjs. Node only: it starts a real server on 127.0.0.1.
import { suite } from "uvu";
import * as assert from "uvu/assert";

const isNode =
  typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === "string" &&
  !("Deno" in globalThis) &&
  !("Bun" in globalThis);

const s = suite("HTTP servers we ship refuse a Host that is not a loopback name");

/** The status of a raw request with this Host header (fetch cannot set Host). */
async function statusFor(port: number, host: string): Promise<number> {
  const name = "node:http";
  const http = (await import(/* @vite-ignore */ name)) as typeof import("node:http");
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: "/", method: "GET", headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

(isNode ? s : s.skip)(
  "demo/serve.mjs: 403 for a rebinding Host, the page for localhost, 127.0.0.1 and [::1] (Node)",
  async () => {
    const [urlName, pathName] = ["node:url", "node:path"];
    const { pathToFileURL } = (await import(/* @vite-ignore */ urlName)) as typeof import("node:url");
    const { resolve } = (await import(/* @vite-ignore */ pathName)) as typeof import("node:path");
    const process = (globalThis as unknown as { process: { cwd(): string } }).process;
    const demo = (await import(/* @vite-ignore */ pathToFileURL(resolve(process.cwd(), "demo/serve.mjs")).href)) as {
      createDemoServer(): import("node:http").Server;
    };
    const server = demo.createDemoServer();
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as { port: number };
    try {
      for (const host of [
        `attacker.example:${port}`,
        "attacker.example",
        `127.0.0.1.attacker.example:${port}`,
        `localhost.attacker.example`,
      ]) {
        assert.is(await statusFor(port, host), 403, host);
      }
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, "LOCALHOST"])
        assert.is(await statusFor(port, host), 200, host);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  },
);

s.run();
