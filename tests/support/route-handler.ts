/**
 * Test helper: a resource route served over real sockets as server.ts serves it — Express, the
 * site's one body limit (app/http/body-limit.server.ts), then React Router's own request handler
 * (`@react-router/express`) — on a server build that holds that route alone under a root route
 * without page. What the router does before the route's action (matching its path, building the
 * Fetch `Request`, turning a thrown error into a 500) is the router's, not a copy of it.
 */

import { createRequestHandler } from '@react-router/express'
import express from 'express'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll } from 'vitest'
import { limitRequestBody } from '#app/http/body-limit.server'
import { startTestServer, type TestServer } from './http-server'

/** A route module as the build holds it: its action and loader, no page. */
type ResourceRouteModule = { action?: unknown; loader?: unknown }

/**
 * Starts a server answering `module` at `path`, with `clientIp` in the load context as server.ts
 * puts it there.
 *
 * @param path - the route's path as app/routes.ts writes it, e.g. 'enchere/:auctionLink/mise'.
 * @param module - the route module (`import * as route from '…'`).
 * @param clientIp - the client's address the route sees (default '203.0.113.9').
 * @returns the running server; close it after the tests.
 */
function startRouteServer(
  path: string,
  module: ResourceRouteModule,
  clientIp = '203.0.113.9',
): Promise<TestServer> {
  const build = {
    entry: {
      module: {
        default: () => new Response('Aucune page ici.', { status: 404 }),
        handleError: () => {},
      },
    },
    routes: {
      root: { id: 'root', path: '', module: {} },
      route: { id: 'route', parentId: 'root', path, module },
    },
    assets: { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: 'test' },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild
  const app = express()
  app.use(limitRequestBody)
  app.use(
    createRequestHandler({
      build,
      mode: 'production',
      getLoadContext: () => ({ cspNonce: 'n', clientIp, requestId: 'test' }),
    }),
  )
  return startTestServer(app as unknown as Parameters<typeof startTestServer>[0])
}

/**
 * A test file's route server ({@link startRouteServer}): started before its tests, closed after.
 *
 * @param path - the route's path as app/routes.ts writes it; `module` - the route module.
 * @returns an object whose `origin` ('http://127.0.0.1:{port}') is set once the server listens.
 */
export function setUpRouteServer(path: string, module: ResourceRouteModule): { origin: string } {
  const served = { origin: '' }
  let server: TestServer | undefined
  beforeAll(async () => {
    server = await startRouteServer(path, module)
    served.origin = server.origin
  })
  afterAll(() => server?.close())
  return served
}
