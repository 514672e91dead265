import { beforeEach, describe, expect, it } from 'vitest'
import { loader as rootLoader } from '#app/root'
import { action as messagesAction } from '#app/routes/admin/messages'
import { formRequest, resetSignIn, signedInCookie } from '#tests/support/sessions'
import { createToastHeaders, getToast } from './toast.server'

const context = { cspNonce: 'n', clientIp: '127.0.0.1' }
type Wrapped = { data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } }

beforeEach(async () => {
  await resetSignIn()
})

/** root.tsx's loader for a request carrying `cookie`. */
async function loadRoot(cookie: string) {
  return (await rootLoader({
    request: new Request('http://localhost:3000/admin/messages', { headers: { cookie } }),
  } as Parameters<typeof rootLoader>[0])) as unknown as Wrapped | Record<string, unknown>
}

describe('the flash toast (issue #9 §1): set by the server, read once by root.tsx', () => {
  it('carries a refused back-office action’s toast to the next page, once, then clears it', async () => {
    const admin = await signedInCookie('admin')
    const answer = (await messagesAction({
      request: formRequest('/admin/messages', { intent: 'delete', id: 'pas-un-uuid' }, admin),
      params: {},
      context,
    } as never)) as Wrapped
    expect(answer.init?.status).toBe(400)
    const setCookie = new Headers(answer.init?.headers).get('Set-Cookie') ?? ''
    expect(setCookie).toMatch(/^encre_toast=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/)
    const flash = setCookie.split(';')[0] ?? ''

    const loaded = (await loadRoot(`${admin}; ${flash}`)) as Wrapped
    expect(loaded.data.toast).toMatchObject({
      type: 'error',
      title: 'Erreur',
      description: answer.data.toast && (answer.data.toast as { description: string }).description,
    })
    expect(new Headers(loaded.init?.headers).get('Set-Cookie')).toMatch(
      /^encre_toast=; Path=\/; Expires=Thu, 01 Jan 1970/,
    )

    const after = (await loadRoot(admin)) as Record<string, unknown>
    expect(after.toast).toBeNull()
  })

  it('ignores a forged or tampered cookie', async () => {
    const forged = Buffer.from(
      JSON.stringify({ toast: { type: 'error', title: '<script>', id: 'x' } }),
    ).toString('base64')
    expect(
      (await getToast(new Request('http://localhost/', { headers: { cookie: `encre_toast=${forged}` } })))
        .toast,
    ).toBeNull()

    const headers = await createToastHeaders({ type: 'success', title: 'Succès' })
    const genuine = (headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
    const [name, value = ''] = genuine.split('=')
    const [payload, signature = ''] = decodeURIComponent(value).split('.')
    const tampered = `${name}=${encodeURIComponent(`${payload}x.${signature}`)}`
    expect(
      (await getToast(new Request('http://localhost/', { headers: { cookie: tampered } }))).toast,
    ).toBeNull()
    expect(
      (await getToast(new Request('http://localhost/', { headers: { cookie: genuine } }))).toast,
    ).toMatchObject({
      type: 'success',
      title: 'Succès',
    })
  })

  it('sends no header and parses nothing for a request without the cookie', async () => {
    expect(await getToast(new Request('http://localhost/', { headers: { cookie: 'autre=1' } }))).toEqual({
      toast: null,
      headers: null,
    })
  })
})
