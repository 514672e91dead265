/**
 * Whether a form posted to a resource route's action comes from this site, by React Router's own
 * rule for page actions (react-router 7.18, lib/actions.ts `throwIfPotentialCSRFAttack`, which
 * answers 400 otherwise): no `Origin` header passes (an old browser, a same-origin GET turned
 * POST by no one); an `Origin` that is a URL passes when its origin is the request's; anything
 * else — another site, `Origin: null` (a sandboxed frame, a privacy redirect), a value that is no
 * URL — does not. The router runs this rule before a page's action but not before a resource
 * route's (docs/upstream/react-router-resource-route-origin.md), so a resource route that takes a
 * form calls this first. The site sets no `allowedActionOrigins`, so no other origin is allowed.
 *
 * @param request - the action's request (its `url` as the router built it, `X-Forwarded-*`
 *   honoured under TRUST_PROXY).
 * @returns true when the action may run.
 */
export function isSameOriginAction(request: Request): boolean {
  const origin = request.headers.get('origin')
  if (origin === null) return true
  if (origin === 'null') return false
  try {
    return new URL(origin).origin === new URL(request.url).origin
  } catch {
    return false
  }
}
