import { describe, expect, it } from 'vitest'
import { checkSetting } from '#app/lib/admin/settings-schema'
import { ARTIST_BID_EMAILS_SETTING_KEY } from '#app/lib/artist-bid-emails'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { endAuction, runAuctionSchedule } from './close-auctions.server'
import { placeBid } from './place-bid.server'

setUpAuctionTests()

const minutes = (base: number, count: number) => new Date(base + count * 60_000)
const mailsOf = async (modele: string) => (await auctions.outbox()).filter((row) => row.modele === modele)

/** An auction started two hours ago, ending in five, with Anne and Basile validated. */
async function runningAuction() {
  const now = Date.now()
  const auction = await auctions.create({ date_debut: minutes(now, -120), date_fin: minutes(now, 300) })
  for (const email of ['a@example.fr', 'b@example.fr']) await auctions.validate(auction.id, email)
  return { auction, now }
}

describe("the artist's bid e-mails setting (issue #36 §6)", () => {
  it('takes one of its three choices in the back-office, or empty for the default', () => {
    for (const value of ['chaque', 'horaire', 'fin']) {
      expect(checkSetting(ARTIST_BID_EMAILS_SETTING_KEY, value)).toEqual({ ok: true, value })
    }
    expect(checkSetting(ARTIST_BID_EMAILS_SETTING_KEY, '')).toEqual({ ok: true, value: null })
    expect(checkSetting(ARTIST_BID_EMAILS_SETTING_KEY, 'jamais')).toEqual({
      ok: false,
      message: 'Choix invalide : choisissez une des options proposées.',
    })
  })

  it('sends one e-mail per bid row by default, automatic bids included', async () => {
    await runningAuction()
    await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '200', 'Anne'))
    await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '150', 'Basile'))
    // Anne at 100 €, Basile at 150 €, Anne's automatic bid at 155 €.
    expect((await mailsOf('auction-bid-notification')).map((row) => row.sujet)).toEqual([
      'Nouvelle mise de 100,00\u00a0€ sur « Vente privée »',
      'Nouvelle mise de 150,00\u00a0€ sur « Vente privée »',
      'Nouvelle mise de 155,00\u00a0€ sur « Vente privée »',
    ])
    expect(await mailsOf('auction-bid-digest')).toEqual([])
  })

  it('hourly: no e-mail per bid, one digest an hour by the auction schedule, each period told once', async () => {
    await auctions.setSetting(ARTIST_BID_EMAILS_SETTING_KEY, 'horaire')
    const { now } = await runningAuction()
    await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '200', 'Anne'))
    await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '150', 'Basile'))
    expect(await mailsOf('auction-bid-notification')).toEqual([])

    // The first run after the start's hour sends the digest of the three rows.
    expect((await runAuctionSchedule(minutes(now, 1))).digests).toBe(1)
    const [digest] = await mailsOf('auction-bid-digest')
    expect(digest?.destinataire).toBe('artiste@example.fr')
    expect(digest?.sujet).toBe('3 nouvelles mises sur « Vente privée »')
    const text = digest?.texte.replaceAll('\u00a0', ' ') ?? ''
    expect(text).toContain('3 nouvelles mises sur « Vente privée » depuis le')
    expect(text).toContain('Prix actuel : 155,00 €.')
    expect(text).toContain('155,00 € — Anne Curie <a@example.fr> (enchère automatique)')
    expect(text).toContain('150,00 € — Basile Curie <b@example.fr>')
    expect(text).not.toContain('150,00 € — Basile Curie <b@example.fr> (enchère automatique)')
    // Within the hour: nothing more, however often the schedule runs.
    expect((await runAuctionSchedule(minutes(now, 2))).digests).toBe(0)
    expect((await runAuctionSchedule(minutes(now, 59))).digests).toBe(0)
    // An hour without bids: no e-mail.
    expect((await runAuctionSchedule(minutes(now, 62))).digests).toBe(0)
    // A bid in the next hour is told an hour after the last period.
    await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '400', 'Basile'), {
      now: minutes(now, 90),
    })
    expect((await runAuctionSchedule(minutes(now, 100))).digests).toBe(0)
    expect((await runAuctionSchedule(minutes(now, 123))).digests).toBe(1)
    const latest = (await mailsOf('auction-bid-digest')).at(-1)
    expect(latest?.sujet).toBe('2 nouvelles mises sur « Vente privée »')
    expect(latest?.texte.replaceAll('\u00a0', ' ')).toContain('Prix actuel : 205,00 €.')
    expect(await mailsOf('auction-bid-digest')).toHaveLength(2)
  })

  it('end only: neither notices nor digests, and the closing e-mail still goes', async () => {
    await auctions.setSetting(ARTIST_BID_EMAILS_SETTING_KEY, 'fin')
    const { auction, now } = await runningAuction()
    await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '200', 'Anne'))
    expect((await runAuctionSchedule(minutes(now, 61))).digests).toBe(0)
    expect(await mailsOf('auction-bid-notification')).toEqual([])
    expect(await mailsOf('auction-bid-digest')).toEqual([])
    await endAuction(auction.id)
    expect((await mailsOf('auction-closed-artist')).map((row) => row.destinataire)).toEqual([
      'artiste@example.fr',
    ])
  })
})
