import { beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { conflict, notFound } from '#app/lib/use-case-error'
import { formRequest, resetSignIn, signedInCookie } from '#tests/support/sessions'
import { adminAction, defineIntent, loadScreen } from './admin-action.server'
import { getToast } from './toast.server'

type Wrapped = { data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } }

beforeEach(async () => {
  await resetSignIn()
})

const SAVE_FAILED = 'Impossible de sauvegarder la saison'
const seasonSchema = z.object({
  nom: z.string().trim().min(1, 'Le nom est obligatoire'),
  ordre: z.preprocess((value) => Number.parseInt(String(value), 10) || 0, z.number()),
})
/** What the use cases stored, to see that a refusal stores nothing. */
let stored: Array<{ nom: string; ordre: number }> = []

const action = adminAction({
  create: defineIntent({
    schema: seasonSchema,
    run: async (season) => {
      if (season.nom === 'Doublon')
        throw conflict('Ce nom est déjà pris.', { nom: ['Ce nom est déjà pris.'] })
      stored.push(season)
      return 'id-1'
    },
    success: (id, season) => ({
      title: 'Saison créée',
      description: `« ${season.nom} » a été créée avec succès.`,
      id,
    }),
    failure: SAVE_FAILED,
  }),
  update: defineIntent({
    schema: seasonSchema,
    run: async () => {
      throw notFound("Cette saison n'existe plus.")
    },
    success: { title: 'Saison modifiée' },
    failure: SAVE_FAILED,
  }),
  delete: defineIntent({
    schema: z.object({}),
    run: async () => {
      throw new Error('connexion à la base perdue')
    },
    success: { title: 'Saison supprimée' },
    failure: 'Impossible de supprimer la saison',
  }),
})

beforeEach(() => {
  stored = []
})

async function run(intent: string, fields: Record<string, string> = {}) {
  const request = formRequest('/admin/saisons-podcast', { intent, ...fields }, await signedInCookie('admin'))
  return (await action({ request, params: {}, context: {} })) as unknown as Wrapped
}

/** The flash toast an answer leaves for the next page (app/http/toast.server.ts). */
async function flashOf(answer: Wrapped) {
  const cookie = new Headers(answer.init?.headers).get('Set-Cookie')?.split(';')[0] ?? ''
  return (await getToast(new Request('http://localhost/admin', { headers: { cookie } }))).toast
}

describe('adminAction with declared intents (issue #9 §1)', () => {
  it('parses the form with the schema, runs the use case and answers its success toast, as the flash toast too', async () => {
    const answer = await run('create', { nom: ' Saison 1 ', ordre: '3' })
    expect(answer.init?.status ?? 200).toBe(200)
    expect(stored).toEqual([{ nom: 'Saison 1', ordre: 3 }])
    const toast = {
      type: 'success',
      title: 'Saison créée',
      description: '« Saison 1 » a été créée avec succès.',
    }
    expect(answer.data).toMatchObject({ ok: true, intent: 'create', id: 'id-1', toast })
    expect(await flashOf(answer)).toMatchObject(toast)
  })

  it('refuses invalid input with 400, the fields’ messages and the failure toast, storing nothing', async () => {
    const answer = await run('create', { nom: '   ' })
    expect(answer.init?.status).toBe(400)
    expect(answer.data.fieldErrors).toEqual({ nom: ['Le nom est obligatoire'] })
    expect(answer.data.toast).toEqual({ type: 'error', title: 'Erreur', description: SAVE_FAILED })
    expect(stored).toEqual([])
  })

  it('answers a row gone meanwhile with 404 and the failure text, then why', async () => {
    const answer = await run('update', { nom: 'Saison 1' })
    expect(answer.init?.status).toBe(404)
    expect(answer.data.toast).toMatchObject({
      title: 'Erreur',
      description: "Impossible de sauvegarder la saison. Cette saison n'existe plus.",
    })
  })

  it('answers a conflict with 409, its own sentence and the fields’ messages', async () => {
    const answer = await run('create', { nom: 'Doublon' })
    expect(answer.init?.status).toBe(409)
    expect(answer.data.toast).toMatchObject({ title: 'Erreur', description: 'Ce nom est déjà pris.' })
    expect(answer.data.fieldErrors).toEqual({ nom: ['Ce nom est déjà pris.'] })
  })

  it('answers an unexpected failure with 500 and the intent’s failure toast, as the flash toast too', async () => {
    const answer = await run('delete')
    expect(answer.init?.status).toBe(500)
    const toast = { type: 'error', title: 'Erreur', description: 'Impossible de supprimer la saison' }
    expect(answer.data.toast).toEqual(toast)
    expect(await flashOf(answer)).toMatchObject(toast)
  })

  it('refuses an unknown intent with 400', async () => {
    const answer = await run('tout-supprimer')
    expect(answer.init?.status).toBe(400)
    expect(answer.data.toast).toMatchObject({ title: 'Erreur', description: 'Action inconnue.' })
  })
})

describe('loadScreen (back-office spec §8: a loading failure)', () => {
  it("answers the screen's data with no error, at the given status", async () => {
    const answer = await loadScreen('Impossible de charger les messages', async () => ({ items: [1, 2] }), {
      items: [],
    })
    expect(answer.data).toEqual({ items: [1, 2], loadError: null })
    expect(answer.init?.status).toBe(200)
  })

  it("answers the empty screen with the spec's text and status 500 when a read fails", async () => {
    const answer = await loadScreen(
      'Impossible de charger les messages',
      async (): Promise<{ items: number[] }> => {
        throw new Error('base indisponible')
      },
      { items: [] },
      400,
    )
    expect(answer.data).toEqual({ items: [], loadError: 'Impossible de charger les messages' })
    expect(answer.init?.status).toBe(500)
  })
})
