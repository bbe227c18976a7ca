// A test HTTP server on a free local port, and a close that does not wait for keep-alive sockets.

/** What `listenLocally` needs of a node:http server (the tests declare no Node types: they run in browsers too). */
export interface LocalServer {
  once(event: "error", listener: (error: Error) => void): void;
  listen(port: number, host: string, ready: () => void): void;
  address(): { port: number } | string | null;
  closeAllConnections?(): void;
  close(done: () => void): void;
}

/** What the test servers use of node:http. */
export interface NodeHTTP {
  createServer(
    handler: (
      req: {
        method?: string;
        url?: string;
        headers: Record<string, string | string[] | undefined>;
        on(event: string, listener: (part: Uint8Array) => void): void;
      },
      res: {
        writeHead(status: number, headers: Record<string, string>): void;
        write(chunk: string, done: () => void): void;
        end(): void;
        on(event: "close", listener: () => void): void;
      },
    ) => void,
  ): LocalServer;
}

/** node:http, imported at run time (Node only). @example const http = await importNodeHttp(); */
export async function importNodeHttp(): Promise<NodeHTTP> {
  // A specifier esbuild cannot fold into a constant, so the browser bundles never try to resolve it.
  const specifier = ["node", "http"].join(":");
  return (await import(specifier)) as NodeHTTP;
}

/**
 * Starts `server` on 127.0.0.1 at a free port. `close` also drops open connections: the keep-alive sockets of an
 * SDK's fetch would otherwise hold it open.
 *
 * @example
 * const { origin, close } = await listenLocally(createServer(handler)); // origin: "http://127.0.0.1:49152"
 */
export async function listenLocally(server: LocalServer): Promise<{ origin: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    });
  return { origin: `http://127.0.0.1:${port}`, close };
}
