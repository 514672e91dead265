import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { mises } from '#app/db/schema'
import { auctions } from '#tests/support/auctions'
import { type AuctionEvent, stopAuctionEvents, subscribeAuctionEvents } from './auction-events.server'
import { endAuction, nextAuctionDeadline, runAuctionSchedule } from './close-auctions.server'
import { placeBid } from './place-bid.server'

let restoreEnv: () => void
beforeAll(() => {
  restoreEnv = auctions.useArtistEmail('artiste@example.fr')
})
afterAll(async () => {
  restoreEnv()
  // the LISTEN connection opened by subscribeAuctionEvents on PostgreSQL
  await stopAuctionEvents()
})

const NOW = new Date('2026-05-01T12:00:00Z')
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000)
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)

/** An auction that ended a minute before NOW (active until the schedule runs). */
function endedAuction(lien: string, values: Parameters<typeof auctions.create>[0] = {}) {
  return auctions.create({ lien_prive: lien, date_debut: ago(120), date_fin: ago(1), ...values }, NOW)
}

async function addBids(enchereId: string, bids: Array<[email: string, montant: string, valide?: boolean]>) {
  await getDb()
    .insert(mises)
    .values(
      bids.map(([email, montant, valide = true], index) => ({
        enchere_id: enchereId,
        participant_email: email,
        participant_nom: 'Nom',
        participant_prenom: `Prénom${index}`,
        montant,
        email_valide: valide,
        cree_le: ago(60 - index),
      })),
    )
}

describe('runAuctionSchedule', () => {
  it('closes an expired auction as sold when the best validated bid reaches the reserve, and tells the winner and the artist', async () => {
    const auction = await endedAuction('lien-vendue-1', { prix_reserve: '200.00', prix_actuel: '250.00' })
    await addBids(auction.id, [
      ['a@example.fr', '150.00'],
      ['b@example.fr', '250.00'],
      ['c@example.fr', '900.00', false],
    ])
    const events: AuctionEvent[] = []
    const stop = subscribeAuctionEvents(auction.id, (event) => events.push(event))

    const result = await runAuctionSchedule(NOW)
    stop()

    expect(result).toMatchObject({
      activated: [],
      closed: [{ enchereId: auction.id, statut: 'termine_prix_atteint' }],
    })
    expect((await auctions.row(auction.id)).statut).toBe('termine_prix_atteint')
    const outbox = await auctions.outbox()
    expect(outbox.map((row) => [row.modele, row.destinataire]).sort()).toEqual([
      ['auction-closed-artist', 'artiste@example.fr'],
      ['auction-closed-bidder', 'b@example.fr'],
    ])
    expect(outbox.find((row) => row.modele === 'auction-closed-artist')?.sujet).toBe(
      'Enchère « Vente privée » terminée : vendue 250,00\u00a0€',
    )
    expect(outbox.find((row) => row.modele === 'auction-closed-bidder')?.texte).toContain(
      'vous avez remporté',
    )
    expect(events).toEqual([
      { type: 'closed', enchereId: auction.id, statut: 'termine_prix_atteint', prixActuel: '250.00' },
    ])
  })

  it('closes as unsold below the reserve or without any validated bid; sold with a bid and no reserve', async () => {
    const below = await endedAuction('lien-reserve', { prix_reserve: '500.00', prix_actuel: '300.00' })
    await addBids(below.id, [['a@example.fr', '300.00']])
    const noBid = await auctions.create(
      { lien_prive: 'lien-aucune', statut: 'programme', date_debut: ago(120), date_fin: ago(2) },
      NOW,
    )
    const unvalidated = await endedAuction('lien-invalide', { statut: 'programme' })
    await addBids(unvalidated.id, [['x@example.fr', '900.00', false]])
    const noReserve = await endedAuction('lien-sans-reserve', { statut: 'programme', prix_actuel: '101.00' })
    await addBids(noReserve.id, [['a@example.fr', '101.00']])

    // One active at a time: run the schedule after making each one the active auction in turn.
    const statutOf = async (id: string) => {
      await getDb().execute(sql`update encheres set statut = 'active' where id = ${id}`)
      await runAuctionSchedule(NOW)
      return (await auctions.row(id)).statut
    }
    expect((await runAuctionSchedule(NOW)).closed).toEqual(
      expect.arrayContaining([{ enchereId: below.id, statut: 'termine_prix_non_atteint' }]),
    )
    expect((await auctions.row(below.id)).statut).toBe('termine_prix_non_atteint')
    expect((await auctions.row(noBid.id)).statut).toBe('termine_prix_non_atteint')
    expect(await statutOf(unvalidated.id)).toBe('termine_prix_non_atteint')
    expect(await statutOf(noReserve.id)).toBe('termine_prix_atteint')
    const bidderMails = (await auctions.outbox()).filter((row) => row.modele === 'auction-closed-bidder')
    expect(bidderMails.map((row) => row.destinataire)).toEqual(['a@example.fr', 'a@example.fr'])
    expect(bidderMails[0]?.texte).toContain("le prix de réserve n'a pas été atteint")
  })

  it('leaves running auctions alone, then starts the programmed one whose start has come once none is active', async () => {
    const running = await auctions.create({ lien_prive: 'lien-en-cours', date_fin: later(10) }, NOW)
    const next = await auctions.create(
      { lien_prive: 'lien-suivante', statut: 'programme', date_debut: ago(1), date_fin: later(60) },
      NOW,
    )
    const future = await auctions.create(
      { lien_prive: 'lien-future', statut: 'programme', date_debut: later(5), date_fin: later(60) },
      NOW,
    )

    expect(await runAuctionSchedule(NOW)).toMatchObject({ activated: [], closed: [] })
    expect(await nextAuctionDeadline()).toEqual(later(10))

    const result = await runAuctionSchedule(later(10))

    expect(result).toMatchObject({
      activated: [next.id],
      closed: [{ enchereId: running.id, statut: 'termine_prix_non_atteint' }],
    })
    expect((await auctions.row(next.id)).statut).toBe('active')
    expect((await auctions.row(future.id)).statut).toBe('programme')
    expect(await runAuctionSchedule(later(11))).toMatchObject({ activated: [], closed: [] })
  })

  it('closes each auction once and queues its e-mails once when two runs race', async () => {
    const auction = await endedAuction('lien-course-1', { prix_actuel: '150.00' })
    await addBids(auction.id, [['a@example.fr', '150.00']])
    const next = await auctions.create(
      { lien_prive: 'lien-course-2', statut: 'programme', date_debut: ago(1), date_fin: later(60) },
      NOW,
    )

    const results = await Promise.all([
      runAuctionSchedule(NOW),
      runAuctionSchedule(NOW),
      runAuctionSchedule(NOW),
    ])

    expect(results.flatMap((result) => result.closed)).toEqual([
      { enchereId: auction.id, statut: 'termine_prix_atteint' },
    ])
    expect(results.flatMap((result) => result.activated)).toEqual([next.id])
    expect((await auctions.outbox()).map((row) => row.modele).sort()).toEqual([
      'auction-closed-artist',
      'auction-closed-bidder',
    ])
    expect(await runAuctionSchedule(NOW)).toMatchObject({ activated: [], closed: [] })
    expect(await auctions.outbox()).toHaveLength(2)
  })

  it('makes late bids fail once the auction is closed', async () => {
    await endedAuction('lien-prive-test')
    await runAuctionSchedule(NOW)
    expect(
      await placeBid(auctions.bidInput('lien-prive-test', 'a@example.fr', '500'), { now: NOW }),
    ).toMatchObject({
      status: 'refused',
    })
  })
})

describe('endAuction', () => {
  it('ends a running auction as unsold, as the spec says, even above the reserve, and tells the artist and the leader', async () => {
    const auction = await auctions.create(
      { date_fin: later(30), prix_reserve: '120.00', prix_actuel: '150.00' },
      NOW,
    )
    await addBids(auction.id, [['a@example.fr', '150.00']])

    expect(await endAuction(auction.id, { now: NOW })).toBe('termine_prix_non_atteint')
    expect((await auctions.row(auction.id)).statut).toBe('termine_prix_non_atteint')
    expect((await auctions.outbox()).map((row) => [row.modele, row.destinataire]).sort()).toEqual([
      ['auction-closed-artist', 'artiste@example.fr'],
      ['auction-closed-bidder', 'a@example.fr'],
    ])
    await expect(endAuction(auction.id, { now: NOW })).rejects.toMatchObject({ kind: 'conflict' })
    expect(await auctions.outbox()).toHaveLength(2)
  })

  it('says in its e-mails why it ended: sold, reserve not met, no bid, or ended early by the artist (issue #36 §1)', async () => {
    /** The artist's and the best bidder's e-mails of one auction: subject and text, and the cause recorded. */
    const closingMails = async (enchereId: string) => {
      const rows = (await auctions.outbox()).filter(
        (row) => (row.donnees as { enchere_id?: string }).enchere_id === enchereId,
      )
      const of = (modele: string) => rows.find((row) => row.modele === modele)
      const artist = of('auction-closed-artist')
      const bidder = of('auction-closed-bidder')
      return {
        cause: (artist?.donnees as { cause?: string } | undefined)?.cause,
        artist: `${artist?.sujet}\n${artist?.texte}`.replaceAll('\u00a0', ' '),
        bidder: bidder ? `${bidder.sujet}\n${bidder.texte}`.replaceAll('\u00a0', ' ') : null,
      }
    }
    // The case: a 200 € reserve, a 700 € bid, then « Terminer » before the end.
    const early = await auctions.create(
      { lien_prive: 'lien-terminee-tot', date_fin: later(30), prix_reserve: '200.00', prix_actuel: '700.00' },
      NOW,
    )
    await addBids(early.id, [['a@example.fr', '700.00']])
    expect(await endAuction(early.id, { now: NOW })).toBe('termine_prix_non_atteint')
    const ended = await closingMails(early.id)
    expect(ended.cause).toBe('ended-early')
    expect(ended.artist).toContain('Enchère « Vente privée » terminée avant sa fin, non vendue')
    expect(ended.artist).toContain(
      "Vous avez terminé l'enchère « Vente privée » avant sa fin prévue : elle se clôt sans vente (dernier prix : 700,00 €).",
    )
    expect(ended.bidder).toContain(
      "L'artiste a mis fin à l'enchère « Vente privée » avant sa fin prévue : elle se termine sans vente. Votre mise de 700,00 € était la plus élevée",
    )
    for (const text of [ended.artist, ended.bidder]) expect(text).not.toContain('réserve')

    // Expired below its reserve.
    const below = await endedAuction('lien-sous-reserve', { prix_reserve: '500.00', prix_actuel: '300.00' })
    await addBids(below.id, [['b@example.fr', '300.00']])
    await runAuctionSchedule(NOW)
    const unsold = await closingMails(below.id)
    expect(unsold.cause).toBe('reserve-not-met')
    expect(unsold.artist).toContain('non vendue, prix de réserve non atteint')
    expect(unsold.artist).toContain("la meilleure mise (300,00 €) n'a pas atteint le prix de réserve")
    expect(unsold.bidder).toContain(
      "Votre mise de 300,00 € était la plus élevée, mais le prix de réserve n'a pas été atteint : l'œuvre n'est pas vendue.",
    )

    // Expired above its reserve.
    const sold = await endedAuction('lien-au-dessus', {
      statut: 'programme',
      prix_reserve: '200.00',
      prix_actuel: '250.00',
    })
    await addBids(sold.id, [['c@example.fr', '250.00']])
    await getDb().execute(sql`update encheres set statut = 'active' where id = ${sold.id}`)
    await runAuctionSchedule(NOW)
    const won = await closingMails(sold.id)
    expect(won.cause).toBe('sold')
    expect(won.artist).toContain("l'œuvre est vendue 250,00 €")
    expect(won.bidder).toContain(
      "Félicitations : vous avez remporté l'enchère « Vente privée » pour 250,00 €.",
    )

    // Expired without a validated bid: the artist only.
    const none = await endedAuction('lien-sans-mise', { statut: 'programme' })
    await getDb().execute(sql`update encheres set statut = 'active' where id = ${none.id}`)
    await runAuctionSchedule(NOW)
    const nobody = await closingMails(none.id)
    expect(nobody.cause).toBe('no-bid')
    expect(nobody.artist).toContain("aucune mise validée n'a été placée")
    expect(nobody.bidder).toBeNull()
  })

  it('ends an expired auction with the computed outcome; unknown and malformed ids are not active', async () => {
    const auction = await endedAuction('lien-expiree', { prix_actuel: '150.00' })
    await addBids(auction.id, [['a@example.fr', '150.00']])

    expect(await endAuction(auction.id, { now: NOW })).toBe('termine_prix_atteint')
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-uuid']) {
      await expect(endAuction(id, { now: NOW }), id).rejects.toMatchObject({ kind: 'conflict' })
    }
  })
})
