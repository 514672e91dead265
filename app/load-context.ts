import 'react-router'
import type { PageCapture } from './http/page-cache.server'
import type { Unavailability } from './lib/unavailable'

declare module 'react-router' {
  interface AppLoadContext {
    /** Nonce of this response's Content-Security-Policy, set on every inline script. */
    cspNonce: string
    /** The client's IP address as seen by Express (honours TRUST_PROXY). */
    clientIp: string
    /** Set when this render may be stored in the page cache (app/http/page-cache.server.ts). */
    pageCapture?: PageCapture
    /** This request's id (X-Request-Id, app/http/access-log.server.ts), shown on error pages. */
    requestId: string
    /**
     * Set by `handleError` (app/entry.server.tsx) when a loader or action failed because the
     * database cannot be reached or the disk is full: the page is then answered 503 (issue #37 §4).
     */
    unavailable?: Unavailability
  }
}
