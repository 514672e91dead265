import { beforeEach, describe, expect, it } from 'vitest'
import { resetAuthForTests } from '#app/auth.server'
import { resetRateLimitsForTests } from '#app/services/rate-limit.server'
import { formRequest, signedInCookie } from '#tests/support/sessions'
import { adminAction, adminSuccess } from './admin-action.server'
import { getToast } from './toast.server'

type Wrapped = { data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } }

beforeEach(async () => {
  resetAuthForTests()
  await resetRateLimitsForTests()
})

const action = adminAction(
  {
    create: async () => adminSuccess('create', 'Saison créée', 'La saison a été créée avec succès.'),
    update: async () => {
      throw new Error('connexion à la base perdue')
    },
    delete: async () => {
      throw new Error('connexion à la base perdue')
    },
  },
  { failure: { update: 'Impossible de sauvegarder la saison' } },
)

async function run(intent: string) {
  const request = formRequest('/admin/saisons-podcast', { intent }, await signedInCookie('admin'))
  return (await action({ request, params: {}, context: {} })) as unknown as Wrapped
}

/** The flash toast an answer leaves for the next page (app/http/toast.server.ts). */
async function flashOf(answer: Wrapped) {
  const cookie = new Headers(answer.init?.headers).get('Set-Cookie')?.split(';')[0] ?? ''
  return (await getToast(new Request('http://localhost/admin', { headers: { cookie } }))).toast
}

describe('adminAction (issue #9 §1)', () => {
  it('answers an unexpected failure with 500 and the screen’s failure toast, as the flash toast too', async () => {
    const answer = await run('update')
    expect(answer.init?.status).toBe(500)
    const toast = { type: 'error', title: 'Erreur', description: 'Impossible de sauvegarder la saison' }
    expect(answer.data.toast).toEqual(toast)
    expect(await flashOf(answer)).toMatchObject(toast)
  })

  it('falls back to the spec’s generic failure text when the screen names none', async () => {
    const answer = await run('delete')
    expect(answer.init?.status).toBe(500)
    expect(answer.data.toast).toMatchObject({ title: 'Erreur', description: 'Une erreur est survenue' })
  })

  it('sets a success’s toast as the flash toast', async () => {
    const answer = await run('create')
    expect(answer.data.ok).toBe(true)
    expect(await flashOf(answer)).toMatchObject({
      type: 'success',
      title: 'Saison créée',
      description: 'La saison a été créée avec succès.',
    })
  })

  it('refuses an unknown intent with 400', async () => {
    const answer = await run('tout-supprimer')
    expect(answer.init?.status).toBe(400)
    expect(answer.data.toast).toMatchObject({ title: 'Erreur', description: 'Action inconnue.' })
  })
})
