import { beforeEach, describe, expect, it } from 'vitest'
import { getAuth } from '#app/auth.server'
import { getDb } from '#app/db/client.server'
import { contactMessages, session, user } from '#app/db/schema'
import { getToast } from '#app/http/toast.server'
import { incrementArticleViews } from '#app/services/articles/increment-article-views.server'
import { insertArticle } from '#tests/support/content-fixtures'
import { expectHtmlToContain, renderRoute } from '#tests/support/routes'
import { resetSignIn } from '#tests/support/sessions'
import AdminIndex, { action, loader } from './index'

const context = { cspNonce: 'n', clientIp: '127.0.0.1' }
const SCREENS = [
  '/admin/categories',
  '/admin/artworks',
  '/admin/articles',
  '/admin/users',
  '/admin/messages',
  '/admin/pages',
  '/admin/saisons-podcast',
  '/admin/episodes-podcast',
  '/admin/evenements',
  '/admin/photos-atelier',
  '/admin/encheres',
  '/admin/settings',
  '/admin/profil',
  '/admin/journal',
]

async function signIn(): Promise<string> {
  const response = await (await getAuth()).api.signInEmail({
    body: { email: 'claire@exemple.fr', password: 'un-mot-de-passe-long' },
    asResponse: true,
  })
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

async function load(cookie: string) {
  const answer = await loader({
    request: new Request('http://localhost:3000/admin', { headers: { cookie } }),
    params: {},
    context,
  } as never)
  return answer.data
}

function post(cookie: string, fields: Record<string, string>) {
  return action({
    request: new Request('http://localhost:3000/admin', {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams(fields),
    }),
    params: {},
    context,
  } as never)
}

let userId = ''
beforeEach(async () => {
  await resetSignIn()
  const { user } = await (await getAuth()).api.createUser({
    body: { email: 'claire@exemple.fr', password: 'un-mot-de-passe-long', name: 'Claire', role: 'admin' },
  })
  userId = user.id
})

describe('dashboard /admin (back-office spec §2)', () => {
  it('shows the signed-in e-mail, the user id, N/A without an earlier sign-in, and a card per screen', async () => {
    const data = await load(await signIn())
    expect(data).toMatchObject({ email: 'claire@exemple.fr', userId, lastSignIn: null, loadError: null })
    const html = renderRoute(AdminIndex as never, data, '/admin')
    // The address breaks at its @ and dots (<wbr>, app/components/email-address.tsx).
    expect(html.replaceAll('<wbr/>', '')).toMatch(/Connecté en tant que <span[^>]*>claire@exemple\.fr/)
    expect(html).toContain('Se déconnecter')
    for (const screen of SCREENS) expect(html).toContain(`href="${screen}"`)
    expect(new Set(html.match(/href="\/admin\/[a-z-]+"/g))).toHaveProperty('size', SCREENS.length)
    expect(html).toContain('Informations système')
    expect(html).toContain(userId)
    expect(html).toContain('N/A')
  })

  it('shows the previous sign-in in French, in the site time zone, even after a sign-out', async () => {
    const first = await signIn()
    await getDb()
      .update(user)
      .set({ derniereConnexion: new Date('2026-03-03T13:05:00Z') })
    await post(first, { intent: 'sign-out' })
    const data = await load(await signIn())
    expect(data.lastSignIn).toBe('2026-03-03T13:05:00.000Z')
    const html = renderRoute(AdminIndex as never, data, '/admin')
    expect(html).toContain('3 mars 2026 à 14:05')
    expect(html).not.toContain('N/A')
  })

  it('shows the glance of issue #11 §5: unread messages, auction, scheduled and most-read articles', async () => {
    const geste = await insertArticle({ titre: 'Le geste', slug: 'le-geste' })
    await incrementArticleViews(geste.id, 7)
    await insertArticle({
      titre: 'Demain',
      slug: 'demain',
      date_publication: new Date(Date.now() + 86_400_000),
    })
    await getDb().insert(contactMessages).values({
      nom: 'Dupont',
      prenom: 'Camille',
      email: 'c@exemple.fr',
      sujet: 'Une commande',
      message: '…',
    })

    const data = await load(await signIn())
    const html = renderRoute(AdminIndex as never, data, '/admin')

    expectHtmlToContain(html, [
      'Messages non lus',
      'Une commande',
      'Camille Dupont',
      'Aucune enchère active',
      'Articles programmés',
      'Demain',
      'Programmé pour le',
      '>7</strong> vues sur les 30 derniers jours</figcaption>',
      'Voir les données du graphique',
      '<caption class="sr-only">Vues par jour</caption>',
      'href="/blog/le-geste"',
      '7 vues',
    ])
  })

  it('signs out: the session is deleted and the answer goes to /auth with the flash toast', async () => {
    const cookie = await signIn()
    const result = (await post(cookie, { intent: 'sign-out' })) as Response
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe('/auth')
    expect(result.headers.getSetCookie().join(';')).toMatch(/session_token=;/)
    const flash = result.headers.getSetCookie().find((cookie) => cookie.startsWith('encre_toast='))
    const { toast } = await getToast(
      new Request('http://localhost:3000/auth', { headers: { cookie: flash?.split(';')[0] ?? '' } }),
    )
    expect(toast).toMatchObject({ type: 'success', title: 'Déconnexion réussie', description: 'À bientôt !' })
    expect(await getDb().select().from(session)).toHaveLength(0)
  })

  it('refuses an unknown intent without signing out', async () => {
    const cookie = await signIn()
    const result = (await post(cookie, { intent: 'tout-supprimer' })) as { init: { status: number } }
    expect(result.init.status).toBe(400)
    expect(await getDb().select().from(session)).toHaveLength(1)
  })
})
