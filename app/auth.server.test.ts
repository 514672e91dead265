import { beforeEach, describe, expect, it } from 'vitest'
import { setEnv } from '#tests/support/env'
import { getAuth } from './auth.server'

const useSiteUrl = (value: string | undefined) => setEnv({ SITE_URL: value })

/** Signs the test account in and returns the session cookie's Set-Cookie line. */
async function sessionCookie(): Promise<string> {
  await (await getAuth()).api.createUser({
    body: { email: 'claire@exemple.fr', password: 'un-mot-de-passe-long', name: 'Claire', role: 'admin' },
  })
  const response = await (await getAuth()).api.signInEmail({
    body: { email: 'claire@exemple.fr', password: 'un-mot-de-passe-long' },
    asResponse: true,
  })
  const line = response.headers.getSetCookie().find((cookie) => cookie.includes('session_token='))
  if (!line) throw new Error('pas de cookie de session')
  return line
}

function attributes(line: string): string[] {
  return line
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase())
}

beforeEach(() => useSiteUrl(undefined))

describe('session cookie (DESIGN.md §5 "Sessions")', () => {
  it('is HttpOnly and SameSite=Lax, and not Secure when the site is http', async () => {
    useSiteUrl('http://localhost:3000')
    const line = await sessionCookie()
    expect(line).toMatch(/^better-auth\.session_token=/)
    expect(attributes(line)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']))
    expect(attributes(line)).not.toContain('secure')
  })

  it('is Secure, with the __Secure- prefix, when SITE_URL is https', async () => {
    useSiteUrl('https://encre.exemple.fr')
    const line = await sessionCookie()
    expect(line).toMatch(/^__Secure-better-auth\.session_token=/)
    expect(attributes(line)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure']))
  })

  it('a session signed on https is read back from its __Secure- cookie', async () => {
    useSiteUrl('https://encre.exemple.fr')
    const line = await sessionCookie()
    const session = await (await getAuth()).api.getSession({
      headers: new Headers({ cookie: line.split(';')[0] ?? '' }),
    })
    expect(session?.user.email).toBe('claire@exemple.fr')
  })
})
