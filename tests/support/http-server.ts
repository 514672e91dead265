import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A real HTTP server of a test on a free port of 127.0.0.1. */
export type TestServer = {
  server: http.Server
  /** `http://127.0.0.1:{port}`, without trailing slash. */
  origin: string
  /** Closes every connection, then the server. */
  close: () => Promise<void>
}

/**
 * Test helper: starts a real `node:http` server answering with `handler` (for handlers mounted in
 * server.ts before React Router, tested over real sockets), or starts `server` itself, made by the
 * code under test.
 */
export async function startTestServer(handler: http.RequestListener | http.Server): Promise<TestServer> {
  const server = handler instanceof http.Server ? handler : http.createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
