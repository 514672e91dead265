import { setCookieHeaders } from '#app/http/set-cookies.server'
import { isSameOriginAction } from '#app/lib/action-origin'
import { readForm } from '#app/lib/form-data'
import { PASSKEY_MESSAGES } from '#app/lib/passkey'
import { passkeySignInSchema } from '#app/lib/passkey-schema'
import { signInWithPasskey, startPasskeySignIn, TOO_MANY_ATTEMPTS } from '#app/services/auth/sign-in.server'
import type { Route } from './+types/auth-passkey'

/**
 * POST /auth/cle-acces (issue #37 §3), the two steps of « Se connecter avec une clé d’accès »,
 * answered as JSON for the /auth page's script:
 * - `etape=options`: `{ ok: true, options }`, WebAuthn request options for any passkey of this
 *   site, with better-auth's challenge cookie (5 minutes); 429 past 30 per 15 minutes per address;
 * - `etape=connexion`, `response` (the browser's answer as JSON): `{ ok: true }` with the
 *   session cookies, or `{ ok: false, message }` — 400 malformed, 401 refused, 429 too many
 *   attempts (the password's per-address limit).
 * Anything else: 400 `{ ok: false, message }`. A post from another origin is refused first, by
 * React Router's rule for page actions ({@link isSameOriginAction}): 400, no challenge cookie set.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameOriginAction(request))
    return Response.json({ ok: false, message: PASSKEY_MESSAGES.signInFailed }, { status: 400 })
  const form = await readForm(request)
  const step = form.get('etape')
  if (step === 'options') {
    const started = await startPasskeySignIn(context.clientIp)
    if (!started) return Response.json({ ok: false, message: TOO_MANY_ATTEMPTS }, { status: 429 })
    return Response.json(
      { ok: true, options: started.options },
      { headers: setCookieHeaders(started.setCookies) },
    )
  }
  if (step !== 'connexion') return Response.json({ ok: false, message: 'Étape inconnue.' }, { status: 400 })
  const parsed = passkeySignInSchema.safeParse({ response: form.get('response') ?? undefined })
  if (!parsed.success)
    return Response.json({ ok: false, message: PASSKEY_MESSAGES.signInFailed }, { status: 400 })
  const result = await signInWithPasskey({
    response: parsed.data.response,
    headers: request.headers,
    clientIp: context.clientIp,
  })
  if (!result.ok) return Response.json({ ok: false, message: result.message }, { status: result.status })
  return Response.json({ ok: true }, { headers: setCookieHeaders(result.setCookies) })
}
