import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { articles, medias, user } from '#app/db/schema'
import { adminRoute, expectCreated } from '#tests/support/routes'
import { testImage } from '#tests/support/test-image'
import { action, loader } from './articles'
import { action as uploadAction } from './upload'

const PATH = '/admin/articles'
const { post, load, cookie } = adminRoute(PATH, { action, loader })

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

describe('create', () => {
  it('stores the article with the spec defaults, the admin as author and a slug without accents', async () => {
    const answer = await post({ ...base, tags: ['Encre', ' encre ', 'Papier', ''] })
    const [author] = await getDb().select().from(user).where(eq(user.email, 'admin@exemple.fr'))
    await expectCreated(answer, ['Succès', 'Article créé'], allArticles, {
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
  })

  it('sets date_publication to now when saved as publie without a date, keeps a given date (Paris time)', async () => {
    const before = Date.now()
    await post({ ...base, statut: 'publie', affiche: 'on' })
    await post({ ...base, titre: 'Daté', statut: 'publie', date_publication: '2026-07-14T10:30' })
    const [now, dated] = await allArticles()
    expect(now?.date_publication?.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(now?.affiche).toBe(true)
    expect(dated?.date_publication?.toISOString()).toBe('2026-07-14T08:30:00.000Z')
  })

  it('suffixes a derived slug already used and refuses a typed slug already used', async () => {
    await post(base)
    const second = await post(base)
    expect(second.status).toBe(200)
    const third = await post({ ...base, slug: 'Ete à l’atelier' })
    expect(third.status).toBe(409)
    expect(third.body?.fieldErrors?.slug?.[0]).toBe(
      'Ce slug est déjà utilisé par un autre article. Choisissez-en un autre ou laissez le champ vide.',
    )
    expect((await allArticles()).map((row) => row.slug)).toEqual(['ete-a-latelier', 'ete-a-latelier-2'])
  })

  it('refuses a missing title, a missing or empty content and unknown statut/type, writing nothing', async () => {
    const answers = [
      await post({ ...base, titre: '  ' }),
      await post({ ...base, contenu: '' }),
      await post({ ...base, contenu: '<p> </p><script>alert(1)</script>' }),
      await post({ ...base, statut: 'supprime' }),
      await post({ ...base, type: 'video' }),
      await post({ ...base, date_publication: 'demain' }),
      await post({ ...base, image_url: 'javascript:alert(1)' }),
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
    const answer = await post({ ...base, ...fields })
    return answer.body?.id as string
  }

  it('updates every field, keeps the author and the view count, re-derives an emptied slug', async () => {
    const id = await created({ tags: ['A'] })
    await getDb().update(articles).set({ nombre_vues: 7 }).where(eq(articles.id, id))
    const answer = await post({
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
    })
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
    const taken = await post({
      ...base,
      intent: 'update',
      id: second,
      titre: 'Autre',
      slug: 'ete-a-latelier',
    })
    expect(taken.status).toBe(409)
    const unknown = await post({ ...base, intent: 'update', id: '00000000-0000-4000-8000-000000000000' })
    expect(unknown.status).toBe(404)
    expect((await post({ ...base, intent: 'update', id: 'x' })).status).toBe(400)
    const invalid = await post({ ...base, intent: 'update', id: first, titre: '' })
    expect(invalid.status).toBe(400)
    expect(await allArticles()).toEqual(before)
  })

  it('deletes an article; an unknown id answers 404', async () => {
    const id = await created()
    const answer = await post({ intent: 'delete', id })
    expect(answer.body?.toast.description).toBe('Article supprimé')
    expect(await allArticles()).toHaveLength(0)
    expect((await post({ intent: 'delete', id })).status).toBe(404)
  })
})

describe('images', () => {
  async function uploadPng(): Promise<string> {
    const bytes = await testImage(640, 360, '#334455')
    const body = new FormData()
    body.set('intent', 'upload')
    body.set('folder', 'articles')
    body.set('file', new File([new Uint8Array(bytes)], 'a.png', { type: 'image/png' }))
    const request = new Request('http://localhost:3000/admin/upload', {
      method: 'POST',
      body,
      headers: { cookie: cookie() },
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
    const created = await post({ ...base, image_url: first })
    const id = created.body?.id as string
    await post({ ...base, intent: 'update', id, image_url: second })
    const urls = async () => (await getDb().select({ url: medias.url }).from(medias)).map((row) => row.url)
    expect(await urls()).toEqual([second])
    await post({ intent: 'delete', id })
    expect(await urls()).toEqual([])
  })
})

describe('loader', () => {
  it('lists every article, newest change first, drafts and hidden ones included', async () => {
    await post({ ...base, titre: 'Premier' })
    await post({ ...base, titre: 'Second', statut: 'publie' })
    const data = await load()
    expect(data.loadError).toBeNull()
    expect(data.articles.map((article) => article.titre)).toEqual(['Second', 'Premier'])
  })
})
