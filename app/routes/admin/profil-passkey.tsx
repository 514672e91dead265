import { z } from 'zod'
import { adminAction, defineIntent } from '#app/http/admin-action.server'
import { setCookieHeaders } from '#app/http/set-cookies.server'
import { startPasskeyRegistration } from '#app/services/auth/passkeys.server'
import type { Route } from './+types/profil-passkey'

/**
 * POST /admin/profil/cle-acces (issue #37 §3): `intent=start-passkey` answers the WebAuthn
 * creation options of a new passkey for the signed-in administrator as JSON
 * (`{ ok: true, options }`) with better-auth's challenge cookie; the browser then runs the
 * ceremony and posts its answer to /admin/profil (`add-passkey`, audited there). Reachable by an
 * administrator held on /admin/profil by the second-factor requirement. Nothing of the site
 * changes here (a five-minute challenge only): not written to the audit log.
 */
export const action = adminAction<Route.ActionArgs>(
  {
    'start-passkey': defineIntent({
      schema: z.object({}),
      run: async (_, { request, admin }) => {
        const { options, setCookies } = await startPasskeyRegistration(request.headers, admin.id)
        return Response.json(
          { ok: true, intent: 'start-passkey', options },
          { headers: setCookieHeaders(setCookies) },
        )
      },
      success: { title: 'Clé d’accès' },
      failure: 'L’enregistrement de la clé d’accès a échoué.',
      audit: false,
    }),
  },
  { flashToast: false },
)
