import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetAuthForTests } from '#app/auth.server'
import { getDb } from '#app/db/client.server'
import { articles, medias, user } from '#app/db/schema'
import { resetRateLimitsForTests } from '#app/services/rate-limit.server'
import { postAction, runLoader } from '#tests/support/routes'
import { signedInCookie } from '#tests/support/sessions'
import { action, loader } from './articles'
import { action as uploadAction } from './upload'

const PATH = '/admin/articles'
let admin: string

const base = {
  intent: 'create',
  titre: 'Été à l’atelier',
  sous_titre: '',
  extrait: '',
  contenu: '<p>Le souffle et le <strong>trait</strong>.</p>',
  image_url: '',
  slug: '',
  statut: 'brouillon',
  type: 'article',
  date_publication: '',
  affiche: '',
}

async function allArticles() {
  return getDb().select().from(articles).orderBy(articles.cree_le)
}

beforeEach(async () => {
  resetAuthForTests()
  await resetRateLimitsForTests()
  admin = await signedInCookie('admin')
})

describe('create', () => {
  it('stores the article with the spec defaults, the admin as author and a slug without accents', async () => {
    const answer = await postAction(
      action,
      PATH,
      { ...base, tags: ['Encre', ' encre ', 'Papier', ''] },
      admin,
    )
    expect(answer.status).toBe(200)
    expect(answer.body?.toast).toEqual({ type: 'success', title: 'Succès', description: 'Article créé' })
    const [row] = await allArticles()
    const [author] = await getDb().select().from(user).where(eq(user.email, 'admin@exemple.fr'))
    expect(row).toMatchObject({
      titre: 'Été à l’atelier',
      slug: 'ete-a-latelier',
      statut: 'brouillon',
      type: 'article',
      affiche: false,
      sous_titre: null,
      extrait: null,
      image_url: null,
      date_publication: null,
      tags: ['Encre', 'Papier'],
      auteur_id: author?.id,
      contenu: '<p>Le souffle et le <strong>trait</strong>.</p>',
    })
    expect(answer.body?.id).toBe(row?.id)
  })

  it('sets date_publication to now when saved as publie without a date, keeps a given date (Paris time)', async () => {
    const before = Date.now()
    await postAction(action, PATH, { ...base, statut: 'publie', affiche: 'on' }, admin)
    await postAction(
      action,
      PATH,
      { ...base, titre: 'Daté', statut: 'publie', date_publication: '2026-07-14T10:30' },
      admin,
    )
    const [now, dated] = await allArticles()
    expect(now?.date_publication?.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(now?.affiche).toBe(true)
    expect(dated?.date_publication?.toISOString()).toBe('2026-07-14T08:30:00.000Z')
  })

  it('suffixes a derived slug already used and refuses a typed slug already used', async () => {
    await postAction(action, PATH, base, admin)
    const second = await postAction(action, PATH, base, admin)
    expect(second.status).toBe(200)
    const third = await postAction(action, PATH, { ...base, slug: 'Ete à l’atelier' }, admin)
    expect(third.status).toBe(409)
    expect(third.body?.fieldErrors?.slug?.[0]).toBe(
      'Ce slug est déjà utilisé par un autre article. Choisissez-en un autre ou laissez le champ vide.',
    )
    expect((await allArticles()).map((row) => row.slug)).toEqual(['ete-a-latelier', 'ete-a-latelier-2'])
  })

  it('refuses a missing title, a missing or empty content and unknown statut/type, writing nothing', async () => {
    const answers = [
      await postAction(action, PATH, { ...base, titre: '  ' }, admin),
      await postAction(action, PATH, { ...base, contenu: '' }, admin),
      await postAction(action, PATH, { ...base, contenu: '<p> </p><script>alert(1)</script>' }, admin),
      await postAction(action, PATH, { ...base, statut: 'supprime' }, admin),
      await postAction(action, PATH, { ...base, type: 'video' }, admin),
      await postAction(action, PATH, { ...base, date_publication: 'demain' }, admin),
      await postAction(action, PATH, { ...base, image_url: 'javascript:alert(1)' }, admin),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400, 400])
    expect(answers[0]?.body?.fieldErrors?.titre).toEqual(['Le titre est requis'])
    expect(answers[1]?.body?.fieldErrors?.contenu).toEqual(['Le contenu est requis'])
    expect(answers[2]?.body?.fieldErrors?.contenu).toEqual(['Le contenu est requis'])
    expect(answers[0]?.body?.toast.title).toBe('Erreur')
    expect(await allArticles()).toHaveLength(0)
  })
})

describe('update, toggle and delete', () => {
  async function created(fields: Record<string, string | string[]> = {}) {
    const answer = await postAction(action, PATH, { ...base, ...fields }, admin)
    return answer.body?.id as string
  }

  it('updates every field, keeps the author and the view count, re-derives an emptied slug', async () => {
    const id = await created({ tags: ['A'] })
    await getDb().update(articles).set({ nombre_vues: 7 }).where(eq(articles.id, id))
    const answer = await postAction(
      action,
      PATH,
      {
        ...base,
        intent: 'update',
        id,
        titre: 'Œuvres d’hiver',
        sous_titre: 'Sous-titre',
        extrait: 'Extrait',
        statut: 'publie',
        type: 'technique',
        affiche: 'on',
        tags: ['B', 'C'],
      },
      admin,
    )
    expect(answer.body?.toast.description).toBe('Article modifié')
    const [row] = await allArticles()
    expect(row).toMatchObject({
      titre: 'Œuvres d’hiver',
      slug: 'oeuvres-dhiver',
      sous_titre: 'Sous-titre',
      extrait: 'Extrait',
      statut: 'publie',
      type: 'technique',
      affiche: true,
      tags: ['B', 'C'],
      nombre_vues: 7,
    })
    expect(row?.auteur_id).toBeTruthy()
    expect(row?.date_publication).not.toBeNull()
  })

  it('refuses an update to another article’s slug, an unknown id and a malformed id, changing nothing', async () => {
    const first = await created()
    const second = await created({ titre: 'Autre' })
    const before = await allArticles()
    const taken = await postAction(
      action,
      PATH,
      { ...base, intent: 'update', id: second, titre: 'Autre', slug: 'ete-a-latelier' },
      admin,
    )
    expect(taken.status).toBe(409)
    const unknown = await postAction(
      action,
      PATH,
      { ...base, intent: 'update', id: '00000000-0000-4000-8000-000000000000' },
      admin,
    )
    expect(unknown.status).toBe(404)
    expect((await postAction(action, PATH, { ...base, intent: 'update', id: 'x' }, admin)).status).toBe(400)
    const invalid = await postAction(action, PATH, { ...base, intent: 'update', id: first, titre: '' }, admin)
    expect(invalid.status).toBe(400)
    expect(await allArticles()).toEqual(before)
  })

  it('toggles affiche with the spec toasts', async () => {
    const id = await created()
    const shown = await postAction(action, PATH, { intent: 'set-visibility', id, affiche: 'true' }, admin)
    expect(shown.body?.toast.description).toBe('Article affiché')
    expect((await allArticles())[0]?.affiche).toBe(true)
    const hidden = await postAction(action, PATH, { intent: 'set-visibility', id, affiche: 'false' }, admin)
    expect(hidden.body?.toast.description).toBe('Article masqué')
    expect((await allArticles())[0]?.affiche).toBe(false)
    const bad = await postAction(action, PATH, { intent: 'set-visibility', id, affiche: 'peut-être' }, admin)
    expect(bad.status).toBe(400)
    expect((await allArticles())[0]?.affiche).toBe(false)
  })

  it('deletes an article; an unknown id answers 404', async () => {
    const id = await created()
    const answer = await postAction(action, PATH, { intent: 'delete', id }, admin)
    expect(answer.body?.toast.description).toBe('Article supprimé')
    expect(await allArticles()).toHaveLength(0)
    expect((await postAction(action, PATH, { intent: 'delete', id }, admin)).status).toBe(404)
  })
})

describe('images', () => {
  async function uploadPng(): Promise<string> {
    const bytes = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#334455' } })
      .png()
      .toBuffer()
    const body = new FormData()
    body.set('intent', 'upload')
    body.set('folder', 'articles')
    body.set('file', new File([new Uint8Array(bytes)], 'a.png', { type: 'image/png' }))
    const request = new Request('http://localhost:3000/admin/upload', {
      method: 'POST',
      body,
      headers: { cookie: admin },
    })
    const result = (await uploadAction({
      request,
      params: {},
      context: { cspNonce: 'n', clientIp: '127.0.0.1' },
    } as never)) as {
      url?: string
    }
    return result.url ?? ''
  }

  it('deletes the uploaded file once the article no longer uses it (image replaced, then article deleted)', async () => {
    const first = await uploadPng()
    const second = await uploadPng()
    expect(first).toMatch(/^\/uploads\/articles\//)
    const created = await postAction(action, PATH, { ...base, image_url: first }, admin)
    const id = created.body?.id as string
    await postAction(action, PATH, { ...base, intent: 'update', id, image_url: second }, admin)
    const urls = async () => (await getDb().select({ url: medias.url }).from(medias)).map((row) => row.url)
    expect(await urls()).toEqual([second])
    await postAction(action, PATH, { intent: 'delete', id }, admin)
    expect(await urls()).toEqual([])
  })
})

describe('loader', () => {
  it('lists every article, newest change first, drafts and hidden ones included', async () => {
    await postAction(action, PATH, { ...base, titre: 'Premier' }, admin)
    await postAction(action, PATH, { ...base, titre: 'Second', statut: 'publie' }, admin)
    const data = await runLoader(loader, PATH, admin)
    expect(data.failed).toBe(false)
    expect(data.articles.map((article) => article.titre)).toEqual(['Second', 'Premier'])
  })
})
