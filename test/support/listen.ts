// A test HTTP server on a free local port, and a close that does not wait for keep-alive sockets.

/** What `listenLocally` needs of a node:http server (the tests declare no Node types: they run in browsers too). */
export interface LocalServer {
  once(event: "error", listener: (error: Error) => void): void;
  listen(port: number, host: string, ready: () => void): void;
  address(): { port: number } | string | null;
  closeAllConnections?(): void;
  close(done: () => void): void;
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
