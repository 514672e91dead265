import { describe, expect, it } from 'vitest'
import { PASSKEY_MESSAGES } from '#app/lib/passkey'
import { setUpRouteServer } from '#tests/support/route-handler'
import * as route from './auth-passkey'

const served = setUpRouteServer('auth/cle-acces', route)

/** The first step of « Se connecter avec une clé d’accès », as the /auth page's script posts it. */
function askOptions(headers: Record<string, string>) {
  return fetch(`${served.origin}/auth/cle-acces`, {
    method: 'POST',
    body: new URLSearchParams({ etape: 'options' }),
    headers,
  })
}

describe('POST /auth/cle-acces: the origin of the post (issue #37 §3)', () => {
  it('gives the WebAuthn options and the challenge cookie to a post from the site itself', async () => {
    const response = await askOptions({ Origin: served.origin })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { ok: boolean; options?: { challenge?: string } }
    expect(body.ok).toBe(true)
    expect(body.options?.challenge).toEqual(expect.any(String))
    expect(response.headers.getSetCookie().length).toBeGreaterThan(0)
  })

  it('refuses a post from another site or an opaque origin, as React Router refuses a page action: 400, no cookie', async () => {
    for (const foreign of ['https://ailleurs.example', 'null', 'pas une adresse']) {
      const response = await askOptions({ Origin: foreign })
      expect(response.status, foreign).toBe(400)
      expect(await response.json()).toEqual({ ok: false, message: PASSKEY_MESSAGES.signInFailed })
      expect(response.headers.getSetCookie(), foreign).toEqual([])
    }
  })
})
