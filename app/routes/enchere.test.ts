import { describe, expect, it } from 'vitest'
import type { BidActionData } from '#app/components/auction/bid-form'
import { BID_MESSAGES } from '#app/lib/auction-rules'
import { auctions } from '#tests/support/auctions'
import { insertArtwork } from '#tests/support/catalogue-fixtures'
import { action, loader, meta } from './enchere'

type PageData = {
  auction: {
    id: string
    live: { bids: Array<{ prenom: string; montant: string }> }
  } & Record<string, unknown>
  serverNow: string
} & Record<string, unknown>
type Answer = { data: BidActionData; init: { status?: number; headers?: Record<string, string> } | null }

async function load(link: string, cookie = ''): Promise<{ data: PageData; status: number }> {
  const result = (await loader({
    request: new Request(`http://localhost/enchere/${link}`, { headers: cookie ? { Cookie: cookie } : {} }),
    params: { auctionLink: link },
    context: { cspNonce: 'n', clientIp: '127.0.0.1' },
  } as never)) as unknown
  const wrapped = result as { type?: string; data: PageData; init: { status?: number } | null }
  return wrapped.type === 'DataWithResponseInit'
    ? { data: wrapped.data, status: wrapped.init?.status ?? 200 }
    : { data: result as PageData, status: 200 }
}

async function bid(
  fields: Record<string, string>,
  clientIp = '203.0.113.9',
  link = auctions.link,
  cookie = '',
): Promise<Answer> {
  const request = new Request(`http://localhost/enchere/${link}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  })
  return (await action({
    request,
    params: { auctionLink: link },
    context: { cspNonce: 'n', clientIp },
  } as never)) as never
}

const form = auctions.bidFormFields

describe('/enchere/:auctionLink loader', () => {
  it('gives the active auction, its artwork, its live state and the server clock', async () => {
    const artwork = await insertArtwork({ nom: 'Souffle', prix: '800.00', description: '<p>Encre</p>' })
    const auction = await auctions.create({
      oeuvre_id: artwork.id,
      description: '<p>Vente du printemps</p>',
    })

    const { data, status } = await load(auctions.link)

    expect(status).toBe(200)
    expect(data.auction).toMatchObject({
      id: auction.id,
      nom: 'Vente privée',
      description: '<p>Vente du printemps</p>',
      oeuvre: { nom: 'Souffle', prix: '800.00', description: '<p>Encre</p>' },
      live: { statut: 'active', prixActuel: '100.00', nombreMises: 0, bids: [] },
    })
    expect(Math.abs(Date.parse(data.serverNow) - Date.now())).toBeLessThan(5_000)
    // Described for the visitor's browser and a shared link's preview, never indexed (decision 013).
    const tags = meta({ matches: [], loaderData: data } as never)
    expect(tags).toContainEqual({ name: 'description', content: 'Vente du printemps' })
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex, nofollow' })
  })

  it('answers 404 with the fallback for unknown, malformed and inactive links', async () => {
    await auctions.create({ statut: 'termine_prix_atteint' })
    for (const link of [auctions.link, 'inconnu-inconnu', '%27%20or%201=1']) {
      const { data, status } = await load(link)
      expect(status, link).toBe(404)
      expect(data.auction, link).toBeNull()
    }
  })
})

describe('/enchere/:auctionLink action', () => {
  it("takes a maximum, answers 'outbid' to a bid its automatic bid beats, and shows each bidder where they stand (issue #36 §1)", async () => {
    const auction = await auctions.create()
    const anne = await auctions.validatedCookie(auction.id, 'anne@exemple.fr')
    const basile = await auctions.validatedCookie(auction.id, 'basile@exemple.fr')

    const first = await bid(form('anne@exemple.fr', '200'), undefined, auctions.link, anne)
    expect(first.data.outcome).toBe('accepted')
    const second = await bid(form('basile@exemple.fr', '120'), '203.0.113.10', auctions.link, basile)
    expect(second.init?.status ?? 200).toBe(200)
    expect(second.data).toMatchObject({ outcome: 'outbid', message: BID_MESSAGES.outbidAtOnce })
    expect((await auctions.row(auction.id)).prix_actuel).toBe('125.00')
    // Anne raises her maximum: the price stays.
    const third = await bid(form('anne@exemple.fr', '400'), undefined, auctions.link, anne)
    expect(third.data).toMatchObject({ outcome: 'raised', message: BID_MESSAGES.raised })
    expect((await auctions.row(auction.id)).prix_actuel).toBe('125.00')

    expect((await load(auctions.link, anne)).data.position).toEqual({ standing: 'ahead', max: '400.00' })
    expect((await load(auctions.link, basile)).data.position).toEqual({ standing: 'outbid', max: '120.00' })
    const anonymous = (await load(auctions.link)).data
    expect(anonymous.position).toBeNull()
    expect(JSON.stringify(anonymous)).not.toContain('400.00')
  })

  it('accepts a bid from a validated address and shows it to everyone, first name only', async () => {
    const auction = await auctions.create({ prix_depart: '150.00' })
    const cookie = await auctions.validatedCookie(auction.id, 'marie@exemple.fr')

    const answer = await bid(form('marie@exemple.fr', '150'), undefined, auctions.link, cookie)

    expect(answer.init?.status ?? 200).toBe(200)
    expect(answer.data).toEqual({
      outcome: 'accepted',
      message: BID_MESSAGES.accepted,
      // The page comes back with the bidder's details kept and the amount cleared.
      values: { prenom: 'Marie', nom: 'Curie', email: 'marie@exemple.fr', telephone: '06 12 34 56 78' },
    })
    expect((await auctions.row(auction.id)).prix_actuel).toBe('150.00')
    const { data } = await load(auctions.link)
    expect(data.auction?.live.bids.map((item) => [item.prenom, item.montant])).toEqual([['Marie', '150.00']])
    expect(JSON.stringify(data)).not.toContain('marie@exemple.fr')
    expect(JSON.stringify(data)).not.toContain('Curie')
  })

  it('keeps a bid from a browser without a credential pending, validated address or not, alike', async () => {
    const auction = await auctions.create()
    await auctions.validate(auction.id, 'marie@exemple.fr')

    const known = await bid(form('marie@exemple.fr', '150'))
    const unknown = await bid(form('personne@exemple.fr', '160'))

    for (const answer of [known, unknown]) {
      expect(answer.init?.status).toBe(202)
      expect(answer.data.outcome).toBe('pending')
      expect(answer.data.message).toBe(BID_MESSAGES.pending)
      expect(answer.init?.headers?.['Set-Cookie']).toMatch(
        /^encre_mises_[0-9a-f]{16}=.+HttpOnly; SameSite=Lax/,
      )
    }
    expect((await auctions.row(auction.id)).prix_actuel).toBe('100.00')
  })

  it('keeps a bid from an address not yet validated pending, and says so', async () => {
    const auction = await auctions.create()

    const answer = await bid(form('nouveau@exemple.fr', '150'))

    expect(answer.init?.status).toBe(202)
    expect(answer.data.outcome).toBe('pending')
    expect(answer.data.message).toBe(BID_MESSAGES.pending)
    expect((await auctions.row(auction.id)).prix_actuel).toBe('100.00')
    expect((await auctions.bids(auction.id)).map((row) => row.email_valide)).toEqual([false])
    expect((await auctions.outbox()).map((row) => row.destinataire)).toContain('nouveau@exemple.fr')
  })

  it('keeps a bid typed with NUL and control characters in its names and address, stored without them', async () => {
    const auction = await auctions.create()

    const answer = await bid({
      ...form('nou\u0000veau@exemple.fr', '150', 'Ma\u0000rie'),
      nom: 'Cu\u001brie',
    })

    expect(answer.init?.status).toBe(202)
    const stored = (await auctions.bids(auction.id)).map((row) => [
      row.participant_prenom,
      row.participant_nom,
      row.participant_email,
    ])
    expect(stored).toEqual([['Marie', 'Curie', 'nouveau@exemple.fr']])
  })

  it("refuses a low bid with the spec's message, keeping what was typed, and changes nothing", async () => {
    const auction = await auctions.create({ prix_depart: '150.00' })
    const cookie = await auctions.validatedCookie(auction.id, 'marie@exemple.fr')
    expect(
      (await bid(form('marie@exemple.fr', '150'), undefined, auctions.link, cookie)).init?.status ?? 200,
    ).toBe(200)

    const answer = await bid(form('marie@exemple.fr', '150'), undefined, auctions.link, cookie)

    expect(answer.init?.status).toBe(400)
    expect(answer.data).toMatchObject({
      outcome: 'refused',
      message: 'Votre mise doit être supérieure à 150€',
      values: form('marie@exemple.fr', '150'),
    })
    expect((await auctions.bids(auction.id)).map((row) => row.montant)).toEqual(['150.00'])
  })

  it('refuses an incomplete form with a message per field', async () => {
    await auctions.create()

    const answer = await bid({
      prenom: '',
      nom: 'Curie',
      email: 'pas-une-adresse',
      telephone: '',
      montant: '',
    })

    expect(answer.init?.status).toBe(400)
    expect(answer.data.outcome).toBe('refused')
    expect(Object.keys(answer.data.fieldErrors ?? {}).sort()).toEqual([
      'email',
      'montant',
      'prenom',
      'telephone',
    ])
  })

  it('answers 404 when the auction is gone', async () => {
    const answer = await bid(form('marie@exemple.fr', '150'), '203.0.113.10', 'inconnu-inconnu')
    expect(answer.init?.status).toBe(404)
    expect(answer.data).toEqual({ outcome: 'refused', message: 'Enchère non trouvée ou terminée' })
  })

  it('limits bids per IP address (30 per minute) with a French message and Retry-After', async () => {
    await auctions.create({ prix_actuel: '1000.00' })
    for (let index = 0; index < 30; index++) {
      const answer = await bid(form(`p${index}@exemple.fr`, '1'), '203.0.113.50')
      expect(answer.init?.status).toBe(400)
    }

    const limited = await bid(form('dernier@exemple.fr', '2000'), '203.0.113.50')

    expect(limited.init?.status).toBe(429)
    expect(limited.data.message).toBe(BID_MESSAGES.tooManyRequests)
    expect(Number(limited.init?.headers?.['Retry-After'])).toBeGreaterThan(0)
    expect((await bid(form('autre@exemple.fr', '1'), '203.0.113.51')).init?.status).toBe(400)
  })
})
