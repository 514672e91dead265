import { beforeEach, describe, expect, it } from 'vitest'
import { resetAuthForTests } from '#app/auth.server'
import { formRequest, signedInCookie } from '#app/services/auth/test-sessions.server'
import { resetRateLimitsForTests } from '#app/services/rate-limit.server'
import { loader } from './layout'
import { action as messagesAction } from './messages'

const context = { cspNonce: 'n', clientIp: '127.0.0.1' }
type Wrapped = { data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } }

beforeEach(async () => {
  resetAuthForTests()
  await resetRateLimitsForTests()
})

describe('the admin layout shows the last action’s toast (cookie flash)', () => {
  it('carries a refused action’s toast to the next layout load, once, then clears it', async () => {
    const admin = await signedInCookie('admin')
    const answer = (await messagesAction({
      request: formRequest('/admin/messages', { intent: 'delete', id: 'pas-un-uuid' }, admin),
      params: {},
      context,
    } as never)) as Wrapped
    expect(answer.init?.status).toBe(400)
    const setCookie = new Headers(answer.init?.headers).get('Set-Cookie') ?? ''
    expect(setCookie).toMatch(/^encre_toast=[\w-]+; Path=\/admin; Max-Age=60; HttpOnly; SameSite=Lax$/)
    const flash = setCookie.split(';')[0] ?? ''

    const loaded = (await loader({
      request: new Request('http://localhost:3000/admin/messages', {
        headers: { cookie: `${admin}; ${flash}` },
      }),
      params: {},
      context,
    } as never)) as Wrapped
    expect(loaded.data.toast).toMatchObject({ type: 'error', title: 'Erreur', id: answer.data.toastId })
    expect(new Headers(loaded.init?.headers).get('Set-Cookie')).toContain(
      'encre_toast=; Path=/admin; Max-Age=0',
    )

    const after = await loader({
      request: new Request('http://localhost:3000/admin/messages', { headers: { cookie: admin } }),
      params: {},
      context,
    } as never)
    expect(after).toEqual({ toast: null })
  })

  it('ignores a forged cookie', async () => {
    const admin = await signedInCookie('admin')
    const forged = Buffer.from(JSON.stringify({ type: 'html', title: '<script>' })).toString('base64url')
    const loaded = (await loader({
      request: new Request('http://localhost:3000/admin', {
        headers: { cookie: `${admin}; encre_toast=${forged}` },
      }),
      params: {},
      context,
    } as never)) as Wrapped
    expect(loaded.data.toast).toBeNull()
  })
})
