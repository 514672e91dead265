import { z } from 'zod'
import { getAuth } from '#app/auth.server'
import { defineIntent } from '#app/http/admin-action.server'
import { setCookieHeaders } from '#app/http/set-cookies.server'
import { redirectWithToast } from '#app/http/toast.server'
import type { Toast } from '#app/lib/toast'

/** The sign-out's toast (public spec §8 "Logout"). */
export const SIGNED_OUT_TOAST: Toast = {
  type: 'success',
  title: 'Déconnexion réussie',
  description: 'À bientôt !',
}

/**
 * Intent 'sign-out' of the back-office screens that offer « Se déconnecter » (the dashboard, and
 * the account screen, the one left open to an administrator held there until they turn on the
 * required second factor, issue #37 §3): ends the session (better-auth deletes it and clears the
 * cookies) and goes to /auth with the flash toast 'Déconnexion réussie' / 'À bientôt !'. On
 * failure the 'Erreur de déconnexion' toast (public spec §8 "Logout"). Not audited: signing out
 * changes nothing of the site.
 *
 * @throws nothing: a better-auth failure is answered with the failure toast.
 */
export const signOutIntent = defineIntent({
  schema: z.object({}),
  run: async (_, { request }) => {
    const response = await (await getAuth()).api.signOut({ headers: request.headers, asResponse: true })
    if (!response.ok) throw new Error(`signOut a répondu ${response.status}`)
    return redirectWithToast('/auth', SIGNED_OUT_TOAST, {
      headers: setCookieHeaders(response.headers.getSetCookie()),
    })
  },
  success: { title: SIGNED_OUT_TOAST.title },
  failure: { title: 'Erreur de déconnexion', description: 'Une erreur est survenue. Veuillez réessayer.' },
  audit: false,
})
