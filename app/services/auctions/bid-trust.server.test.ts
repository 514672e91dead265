import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { setEnv } from '#tests/support/env'
import { issueBidderCredential, readBidderCredential } from './bidder-credential.server'
import { placeBid } from './place-bid.server'
import { requestAuctionLink } from './request-auction-link.server'

/**
 * Issue #10 §1 tried as a hostile visitor would: a bid counts only from the browser that confirmed
 * the validation link of its address; everyone else gets one neutral answer.
 */

setUpAuctionTests()

/** The victim: asks the link on the home card, confirms it in their browser, bids once. */
async function validatedVictim() {
  const auction = await auctions.create()
  await requestAuctionLink({ email: 'victime@example.fr', clientIp: '192.0.2.1' })
  const victim = auctions.browser('192.0.2.1')
  expect((await victim.confirm(await auctions.lastMailedToken(), { lienPrive: auctions.link })).status).toBe(
    'validated',
  )
  // A 150 € maximum: the first bid goes in at the start price, 100 € (issue #36 §1).
  expect((await victim.bid(auctions.bidInput(auctions.link, 'victime@example.fr', '150'))).status).toBe(
    'accepted',
  )
  return { auction, victim }
}

/** The answer without the per-browser claim, which differs by construction. */
const neutral = (result: Awaited<ReturnType<typeof placeBid>>) => {
  const { pendingClaim, pendingClaimExpiresAt, ...rest } = result as Record<string, unknown>
  return rest
}

describe('a bid in someone else’s name', () => {
  it('does not count, and answers exactly as for an address nobody validated', async () => {
    const { auction } = await validatedVictim()
    const attacker = auctions.browser('203.0.113.66')

    const asVictim = await attacker.bid(
      auctions.bidInput(auctions.link, 'victime@example.fr', '900', 'Mallory'),
    )
    const asStranger = await attacker.bid(
      auctions.bidInput(auctions.link, 'inconnu@example.fr', '950', 'Mallory'),
    )

    expect(asVictim.status).toBe('pending-validation')
    expect(neutral(asVictim)).toEqual(neutral(asStranger))
    const row = await auctions.row(auction.id)
    expect(row.prix_actuel).toBe('100.00')
    expect(
      (await auctions.bids(auction.id)).filter((bid) => bid.email_valide).map((bid) => bid.montant),
    ).toEqual(['100.00'])
  })

  it('refuses forged, altered, foreign and expired credentials the same way', async () => {
    const { auction, victim } = await validatedVictim()
    const real = victim.jar.credential ?? ''
    const [payload = '', signature = ''] = real.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const altered = Buffer.from(JSON.stringify({ ...claims, e: 'mallory@example.fr' })).toString('base64url')
    const otherKey = createHmac('sha256', 'pas-le-secret').update(`bidder|${payload}`).digest('base64url')
    const now = new Date()
    const forgeries = [
      'nimportequoi',
      `${altered}.${signature}`,
      `${payload}.${otherKey}`,
      `${payload}.${signature.slice(0, -2)}`,
      issueBidderCredential({
        enchereId: crypto.randomUUID(),
        email: 'victime@example.fr',
        expiresAt: new Date(now.getTime() + 3_600_000),
      }),
      issueBidderCredential({
        enchereId: auction.id,
        email: 'victime@example.fr',
        expiresAt: new Date(now.getTime() - 1000),
      }),
    ]
    expect(readBidderCredential(real, auction.id, now)).toEqual({ email: 'victime@example.fr' })
    for (const credential of forgeries) {
      expect(readBidderCredential(credential, auction.id, now), credential).toBeNull()
      const result = await placeBid({
        ...auctions.bidInput(auctions.link, 'victime@example.fr', '900'),
        credential,
      })
      expect(result.status, credential).toBe('pending-validation')
    }
    // The victim's own credential does not carry another address either.
    const asOther = await placeBid({
      ...auctions.bidInput(auctions.link, 'mallory@example.fr', '900'),
      credential: real,
    })
    expect(asOther.status).toBe('pending-validation')
    expect((await auctions.row(auction.id)).prix_actuel).toBe('100.00')
  })

  it('refuses a credential already read once it has expired, or once the site secret has changed', async () => {
    const { auction, victim } = await validatedVictim()
    const real = victim.jar.credential ?? ''
    const claims = JSON.parse(Buffer.from(real.split('.')[0] ?? '', 'base64url').toString())
    const now = new Date()
    // Read twice, as a bid does: the second answer comes from the checked tokens.
    expect(readBidderCredential(real, auction.id, now)).toEqual({ email: 'victime@example.fr' })
    expect(readBidderCredential(real, auction.id, now)).toEqual({ email: 'victime@example.fr' })
    expect(readBidderCredential(real, auction.id, new Date(claims.x))).toBeNull()
    setEnv({ BETTER_AUTH_SECRET: 'un-tout-autre-secret-de-plus-de-trente-deux-caracteres' })
    expect(readBidderCredential(real, auction.id, now)).toBeNull()
    const result = await placeBid({
      ...auctions.bidInput(auctions.link, 'victime@example.fr', '900'),
      credential: real,
    })
    expect(result.status).toBe('pending-validation')
  })

  it("is not accepted when the address's owner later confirms a link in their own browser", async () => {
    const auction = await auctions.create()
    const attacker = auctions.browser('203.0.113.66')
    await attacker.bid(auctions.bidInput(auctions.link, 'victime@example.fr', '900', 'Mallory'))
    const token = await auctions.lastMailedToken()

    const victim = auctions.browser('192.0.2.1')
    const confirmed = await victim.confirm(token, { lienPrive: auctions.link })

    expect(confirmed).toMatchObject({ status: 'validated', accepted: 0 })
    expect((await auctions.row(auction.id)).prix_actuel).toBe('100.00')
    expect(
      (await auctions.bids(auction.id)).map((bid) => [bid.participant_prenom, bid.email_valide]),
    ).toEqual([['Mallory', false]])
    // Nor can the attacker replay the claim through the victim's token once it is used.
    expect((await attacker.confirm(token, { lienPrive: auctions.link })).status).toBe('used')
    expect((await attacker.bid(auctions.bidInput(auctions.link, 'victime@example.fr', '950'))).status).toBe(
      'pending-validation',
    )
    expect((await auctions.row(auction.id)).prix_actuel).toBe('100.00')
  })

  it("accepts the bidder's own waiting bid when they confirm in the browser that placed it", async () => {
    const auction = await auctions.create()
    const paul = auctions.browser()
    await paul.bid(auctions.bidInput(auctions.link, 'paul@example.fr', '130', 'Paul'))

    expect(await paul.confirm(await auctions.lastMailedToken(), { lienPrive: auctions.link })).toMatchObject({
      accepted: 1,
    })
    // His 130 € is a maximum: in at the start price (issue #36 §1).
    expect((await auctions.row(auction.id)).prix_actuel).toBe('100.00')
    // From now on this browser bids at once, and only for its own address: leading, he raises it.
    expect((await paul.bid(auctions.bidInput(auctions.link, 'paul@example.fr', '140', 'Paul'))).status).toBe(
      'raised',
    )
  })
})

describe('validation e-mails as a weapon', () => {
  it('sends at most 5 per IP in 10 minutes, one per address per cooldown, same answer every time', async () => {
    await auctions.create()
    const attacker = auctions.browser('203.0.113.66')
    const answers = []
    for (let index = 0; index < 12; index++) {
      answers.push(
        neutral(
          await attacker.bid(
            auctions.bidInput(auctions.link, `cible${index}@example.fr`, String(200 + index)),
          ),
        ),
      )
    }
    answers.push(neutral(await attacker.bid(auctions.bidInput(auctions.link, 'cible0@example.fr', '300'))))

    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1)
    const mails = (await auctions.outbox()).filter((row) => row.modele === 'auction-validation')
    expect(mails.map((row) => row.destinataire)).toEqual([0, 1, 2, 3, 4].map((n) => `cible${n}@example.fr`))
  })

  it('has no total per auction that strangers can spend (issue #37 §1): a bid from elsewhere still mails', async () => {
    await auctions.create()
    // 100 bids of strangers from 20 addresses of one network: 5 e-mails per address at most, 30 for
    // the network.
    for (let index = 0; index < 100; index++) {
      await auctions
        .browser(`198.51.100.${(index % 20) + 1}`)
        .bid(auctions.bidInput(auctions.link, `inconnu${index}@example.fr`, String(200 + index)))
    }
    const flooded = (await auctions.outbox()).length

    const result = await auctions
      .browser('203.0.113.50')
      .bid(auctions.bidInput(auctions.link, 'vraie@example.fr', '400'))

    expect(flooded).toBe(30)
    expect(result.status).toBe('pending-validation')
    const mails = await auctions.outbox()
    expect(mails.map((row) => row.destinataire)).toContain('vraie@example.fr')
  }, 120_000)

  it('carries nothing the bidder typed: no name, no amount', async () => {
    await auctions.create()
    await auctions.browser().bid({
      ...auctions.bidInput(auctions.link, 'cible@example.fr', '4242', 'Gagnez un iPhone sur arnaque.example'),
      nom: 'Cliquez ici',
    })

    const [mail] = await auctions.outbox()
    for (const text of [mail?.texte, mail?.html, mail?.sujet]) {
      expect(text).not.toContain('arnaque')
      expect(text).not.toContain('Cliquez ici')
      expect(text).not.toMatch(/4\s?242/)
    }
    expect(mail?.texte).toContain('Bonjour,')
  })
})
