import 'react-router'
import type { PageCapture } from './http/page-cache.server'

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
  }
}
