import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { encheres, mises } from '#app/db/schema'
import { sendPendingEmails } from '#app/services/mail/send-pending-emails.server'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { useSmtpPeer } from '#tests/support/smtp-peer'
import { nextAuctionDeadline, runAuctionSchedule } from './close-auctions.server'
import { peekTenMinuteReminder, requestTenMinuteReminder } from './ending-soon-reminders.server'

setUpAuctionTests()

const NOW = new Date('2026-05-01T12:00:00Z')
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)

async function addBids(enchereId: string, bids: Array<[email: string, montant: string, valide?: boolean]>) {
  await getDb()
    .insert(mises)
    .values(
      bids.map(([email, montant, valide = true]) => ({
        enchere_id: enchereId,
        participant_email: email,
        participant_nom: 'Nom',
        participant_prenom: 'Prénom',
        montant,
        email_valide: valide,
        cree_le: at(-30),
      })),
    )
}

async function reminders(modele: string) {
  return (await auctions.outbox()).filter((row) => row.modele === modele)
}

/** The raw token of the 10-minute request link in a 1-hour reminder. */
function tenMinuteToken(row: { donnees: unknown }): string {
  const link = (row.donnees as { lien_rappel: string }).lien_rappel
  return new URL(link).searchParams.get('jeton') ?? ''
}

describe('ending-soon reminders (issue #10 §4)', () => {
  const smtp = useSmtpPeer()

  it('mails every validated bidder once at 1 hour, then once more at 10 minutes those who asked, across repeated and concurrent runs', async () => {
    const auction = await auctions.create({ lien_prive: 'lien-rappel-1', date_fin: at(90) }, NOW)
    await addBids(auction.id, [
      ['anne@example.fr', '110.00'],
      ['bruno@example.fr', '120.00'],
      ['anne@example.fr', '130.00'],
      ['inconnu@example.fr', '140.00', false],
    ])

    await runAuctionSchedule(at(20))
    expect(await reminders('auction-ending-soon')).toHaveLength(0)

    // 1 hour before the end: several instances run the schedule at once, then again.
    await Promise.all([runAuctionSchedule(at(30)), runAuctionSchedule(at(30)), runAuctionSchedule(at(30))])
    await runAuctionSchedule(at(31))
    await runAuctionSchedule(at(45))
    const oneHour = await reminders('auction-ending-soon')
    expect(oneHour.map((row) => row.destinataire).sort()).toEqual(['anne@example.fr', 'bruno@example.fr'])
    expect(oneHour[0]?.sujet).toBe("L'enchère « Vente privée » se termine dans 1 heure")

    // Opening the link changes nothing; its button (POST) records the request, once.
    const anneRow = oneHour.find((row) => row.destinataire === 'anne@example.fr')
    const token = tenMinuteToken(anneRow as { donnees: unknown })
    expect(await peekTenMinuteReminder(token, 'lien-rappel-1', { now: at(40) })).toEqual({
      status: 'ready',
      auctionName: 'Vente privée',
    })
    expect(await peekTenMinuteReminder(token, 'autre-lien-1234', { now: at(40) })).toEqual({
      status: 'invalid',
    })
    expect(await peekTenMinuteReminder('pas un jeton', 'lien-rappel-1')).toEqual({ status: 'invalid' })
    expect((await requestTenMinuteReminder(token, 'lien-rappel-1', { now: at(40) })).status).toBe('ready')
    expect((await requestTenMinuteReminder(token, 'lien-rappel-1', { now: at(41) })).status).toBe('already')

    await runAuctionSchedule(at(70))
    expect(await reminders('auction-ending-soon-10min')).toHaveLength(0)
    await Promise.all([runAuctionSchedule(at(80)), runAuctionSchedule(at(80)), runAuctionSchedule(at(80))])
    await runAuctionSchedule(at(85))
    const tenMinutes = await reminders('auction-ending-soon-10min')
    expect(tenMinutes.map((row) => row.destinataire)).toEqual(['anne@example.fr'])
    expect(tenMinutes[0]?.sujet).toBe("L'enchère « Vente privée » se termine dans 10 minutes")
    expect(await reminders('auction-ending-soon')).toHaveLength(2)

    // What the bidders receive.
    await sendPendingEmails({ limit: 50 })
    const received = await smtp().waitFor(3)
    const toAnne = received.filter((mail) => mail.to && JSON.stringify(mail.to).includes('anne@example.fr'))
    expect(toAnne).toHaveLength(2)
    expect(toAnne.some((mail) => mail.text?.includes('Me prévenir aussi 10 minutes avant la fin'))).toBe(true)
    expect(toAnne.some((mail) => mail.text?.includes('/enchere/lien-rappel-1/rappel?jeton='))).toBe(true)
  })

  it('follows the real end: a soft-close extension moves the reminders, and the scheduler wakes for them', async () => {
    const auction = await auctions.create({ lien_prive: 'lien-rappel-2', date_fin: at(50) }, NOW)
    await addBids(auction.id, [['anne@example.fr', '110.00']])
    expect(await nextAuctionDeadline(NOW)).toEqual(at(40))

    // Extended before the schedule ran: 70 minutes left, no reminder yet.
    await getDb()
      .update(encheres)
      .set({ date_fin: at(70) })
      .where(eq(encheres.id, auction.id))
    await runAuctionSchedule(NOW)
    expect(await reminders('auction-ending-soon')).toHaveLength(0)
    expect(await nextAuctionDeadline(NOW)).toEqual(at(10))
    expect(await nextAuctionDeadline(at(10.5))).toEqual(at(60))

    await runAuctionSchedule(at(10))
    expect((await reminders('auction-ending-soon')).map((row) => row.destinataire)).toEqual([
      'anne@example.fr',
    ])
  })

  it('sends nothing for an auction that has ended or is no longer active', async () => {
    const auction = await auctions.create({ lien_prive: 'lien-rappel-3', date_fin: at(30) }, NOW)
    await addBids(auction.id, [['anne@example.fr', '110.00']])
    await getDb().update(encheres).set({ statut: 'annulee' }).where(eq(encheres.id, auction.id))
    await runAuctionSchedule(NOW)
    expect(await reminders('auction-ending-soon')).toHaveLength(0)
  })
})
