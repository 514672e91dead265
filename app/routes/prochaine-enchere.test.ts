import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { abonnesProchaineEnchere, rappelsEnchere } from '#app/db/schema'
import { subscribeToNextAuction } from '#app/services/auctions/next-auction-subscription.server'
import { hashValidationToken } from '#app/services/auctions/validation-token.server'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { renderRoute } from '#tests/support/routes'
import ReminderPage, * as reminder from './enchere-rappel'
import ConfirmPage, * as confirm from './prochaine-enchere-confirmer'
import UnsubscribePage, * as unsubscribe from './prochaine-enchere-desinscription'

setUpAuctionTests()

const context = { cspNonce: 'n', clientIp: '127.0.0.1' }
const get = (url: string) => new Request(`http://localhost:3000${url}`)
const post = (url: string, body?: string) =>
  new Request(`http://localhost:3000${url}`, {
    method: 'POST',
    body: body ?? new FormData(),
    headers: body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : undefined,
  })
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context }) as never

async function subscribed(email: string) {
  await subscribeToNextAuction({ email })
  const donnees = (await auctions.outbox()).at(-1)?.donnees as { lien_confirmation: string }
  return new URL(donnees.lien_confirmation).searchParams.get('jeton') ?? ''
}

async function subscriber(email: string) {
  const rows = await getDb().select().from(abonnesProchaineEnchere)
  return rows.find((row) => row.email === email)
}

describe('/prochaine-enchere/confirmer (issue #10 §4)', () => {
  it('opening the link shows a button and changes nothing; the button confirms', async () => {
    const token = await subscribed('lea@example.fr')
    const url = `/prochaine-enchere/confirmer?jeton=${token}`

    const loaded = await confirm.loader(args(get(url)))
    const page = renderRoute(ConfirmPage as never, loaded, url)
    expect(page).toContain('lea@example.fr')
    expect(page).toContain('Confirmer mon inscription</button>')
    expect((await subscriber('lea@example.fr'))?.confirme_le).toBeNull()

    const answered = await confirm.action(args(post(url)))
    expect(renderRoute(ConfirmPage as never, loaded, url, answered)).toContain('Inscription confirmée')
    expect((await subscriber('lea@example.fr'))?.confirme_le).toBeInstanceOf(Date)
  })

  it('a malformed, unknown or used link shows the fallback page, never a 500', async () => {
    for (const url of [
      '/prochaine-enchere/confirmer',
      '/prochaine-enchere/confirmer?jeton=%3Cscript%3E',
      `/prochaine-enchere/confirmer?jeton=${'a'.repeat(43)}`,
    ]) {
      const loaded = await confirm.loader(args(get(url)))
      expect(renderRoute(ConfirmPage as never, loaded, url), url).toContain('Lien non valable')
      const answered = await confirm.action(args(post(url)))
      expect(renderRoute(ConfirmPage as never, loaded, url, answered), url).toContain('Lien non valable')
    }
  })
})

describe('/prochaine-enchere/desinscription (issue #10 §4)', () => {
  it('unsubscribes on a one-click POST (RFC 8058) or the page button, without signing in; opening the link changes nothing', async () => {
    await subscribed('lea@example.fr')
    const token = (await subscriber('lea@example.fr'))?.jeton_desinscription ?? ''
    const url = `/prochaine-enchere/desinscription?jeton=${token}`

    const loaded = await unsubscribe.loader(args(get(url)))
    expect(renderRoute(UnsubscribePage as never, loaded, url)).toContain('Me désinscrire</button>')
    expect(await subscriber('lea@example.fr')).toBeDefined()

    const answered = await unsubscribe.action(args(post(url, 'List-Unsubscribe=One-Click')))
    expect(renderRoute(UnsubscribePage as never, loaded, url, answered)).toContain('Désinscription confirmée')
    expect(await subscriber('lea@example.fr')).toBeUndefined()

    const again = await unsubscribe.loader(args(get(url)))
    expect(renderRoute(UnsubscribePage as never, again, url)).toContain('Lien non valable')
    const malformed = '/prochaine-enchere/desinscription?jeton=%00'
    const answeredMalformed = await unsubscribe.action(args(post(malformed)))
    expect(renderRoute(UnsubscribePage as never, again, malformed, answeredMalformed)).toContain(
      'Lien non valable',
    )
  })
})

describe('/enchere/:auctionLink/rappel (issue #10 §4)', () => {
  it('opening the link changes nothing; the button asks for the 10-minute reminder', async () => {
    const auction = await auctions.create({ lien_prive: 'lien-rappel-page' })
    const token = 'jeton-de-rappel-de-test-1234567890'
    await getDb()
      .insert(rappelsEnchere)
      .values({ enchere_id: auction.id, email: 'anne@example.fr', jeton: hashValidationToken(token) })
    const url = `/enchere/lien-rappel-page/rappel?jeton=${token}`
    const params = { auctionLink: 'lien-rappel-page' }

    const loaded = await reminder.loader(args(get(url), params))
    expect(renderRoute(ReminderPage as never, loaded, url)).toContain(
      'Me prévenir 10 minutes avant la fin</button>',
    )
    expect((await getDb().select().from(rappelsEnchere))[0]?.dix_minutes).toBe(false)

    const answered = await reminder.action(args(post(url), params))
    expect(renderRoute(ReminderPage as never, loaded, url, answered)).toContain('Rappel programmé')
    expect((await getDb().select().from(rappelsEnchere))[0]?.dix_minutes).toBe(true)

    const wrong = `/enchere/autre-lien-1234/rappel?jeton=${token}`
    const refused = await reminder.loader(args(get(wrong), { auctionLink: 'autre-lien-1234' }))
    expect(renderRoute(ReminderPage as never, refused, wrong)).toContain('Lien non valable')
  })
})

describe('the token-link pages', () => {
  it('keep their page out of caches and their token out of other sites’ Referer', () => {
    for (const page of [confirm, unsubscribe, reminder]) {
      expect(page.headers()).toEqual({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' })
    }
  })
})
