import { type Challenge, solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { describe, expect, it } from 'vitest'
import { auctions } from '#tests/support/auctions'
import { type AuctionLinkResult, requestAuctionLink } from './request-auction-link.server'
import { readAuctionLimits } from './validation-email-limits.server'

/** Solves a challenge as the widget does in the browser, and encodes the form field it fills. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('défi non résolu')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

/** The recipients of the link e-mails in the outbox. */
async function mailedTo(): Promise<string[]> {
  return (await auctions.outbox()).map((row) => row.destinataire)
}

/** 100 link requests for strangers' addresses, 5 from each of `addresses`. */
async function attack(addresses: string[]): Promise<AuctionLinkResult[]> {
  const answers: AuctionLinkResult[] = []
  for (let index = 0; index < 100; index++) {
    const clientIp = addresses[index % addresses.length] as string
    answers.push(await requestAuctionLink({ email: `inconnu${index}@exemple.org`, clientIp }))
  }
  return answers
}

describe('link request limits (issue #37 §1, decision 040)', () => {
  it('100 requests from 20 addresses of one network: a new bidder still gets the link by solving the challenge', async () => {
    await auctions.create()
    const answers = await attack(Array.from({ length: 20 }, (_, index) => `198.51.100.${index + 1}`))

    const asked = await requestAuctionLink({ email: 'vraie@exemple.fr', clientIp: '192.0.2.77' })
    if (asked.status !== 'challenge') throw new Error(`défi attendu, reçu ${asked.status}`)
    const proof = await solve(asked.challenge)
    const sent = await requestAuctionLink({ email: 'vraie@exemple.fr', clientIp: '192.0.2.77', proof })

    // The network went past its limit at the 31st request: challenges from then on, not e-mails.
    expect(answers.filter((answer) => answer.status === 'sent')).toHaveLength(30)
    expect(answers.slice(30).every((answer) => answer.status === 'challenge')).toBe(true)
    expect(sent.status).toBe('sent')
    expect(await mailedTo()).toContain('vraie@exemple.fr')
    // A solution counts once.
    const replayed = await requestAuctionLink({ email: 'autre@exemple.fr', clientIp: '192.0.2.78', proof })
    expect(replayed.status).toBe('challenge')
  }, 120_000)

  it('100 requests from 20 /64 networks: the auction asks everyone a challenge, and a new bidder solves it', async () => {
    const auction = await auctions.create()
    const answers = await attack(
      Array.from({ length: 20 }, (_, index) => `2001:db8:${(index + 1).toString(16)}:1::${index + 1}`),
    )

    const asked = await requestAuctionLink({ email: 'vraie@exemple.fr', clientIp: '2001:db8:ffff:1::5' })
    if (asked.status !== 'challenge') throw new Error(`défi attendu, reçu ${asked.status}`)
    const sent = await requestAuctionLink({
      email: 'vraie@exemple.fr',
      clientIp: '2001:db8:ffff:1::5',
      proof: await solve(asked.challenge),
    })

    // 5 per address are within every address's and network's limit; the auction's 60 are not.
    expect(answers.filter((answer) => answer.status === 'sent')).toHaveLength(60)
    expect(sent.status).toBe('sent')
    expect(await mailedTo()).toContain('vraie@exemple.fr')
    expect(await readAuctionLimits(auction.id)).toEqual({
      recentRequests: 102,
      threshold: 60,
      isChallengeForAll: true,
      busyNetworks: 0,
      challengesAsked: 41,
      challengesSolved: 1,
      refused: 0,
    })
  }, 120_000)

  it('refuses an address asked too often, whoever asks, without a challenge to solve', async () => {
    await auctions.create()
    const answers = []
    for (let index = 0; index < 6; index++) {
      answers.push(
        (await requestAuctionLink({ email: 'cible@exemple.fr', clientIp: `203.0.113.${index * 50 + 1}` }))
          .status,
      )
    }

    expect(answers).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'too-many-requests'])
    expect(await mailedTo()).toHaveLength(5)
  })

  it('refuses a forged, malformed or unsolved proof', async () => {
    await auctions.create()
    for (let index = 0; index < 5; index++) {
      await requestAuctionLink({ email: `a${index}@exemple.fr`, clientIp: '198.51.100.9' })
    }
    const asked = await requestAuctionLink({ email: 'b@exemple.fr', clientIp: '198.51.100.9' })
    if (asked.status !== 'challenge') throw new Error(`défi attendu, reçu ${asked.status}`)
    const wrong = Buffer.from(
      JSON.stringify({ challenge: asked.challenge, solution: { counter: 1, derivedKey: '00' } }),
    ).toString('base64')

    for (const proof of [wrong, 'pas-du-base64', '', 42, null]) {
      const answer = await requestAuctionLink({ email: 'b@exemple.fr', clientIp: '198.51.100.9', proof })
      expect(answer.status, String(proof)).toBe('challenge')
    }
    expect(await mailedTo()).toHaveLength(5)
  })
})
