import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { abonnesProchaineEnchere } from '#app/db/schema'
import { sendPendingEmails } from '#app/services/mail/send-pending-emails.server'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { useSmtpPeer } from '#tests/support/smtp-peer'
import { runAuctionSchedule } from './close-auctions.server'
import { listNextAuctionSubscribers } from './next-auction-subscribers.server'
import {
  confirmNextAuctionSubscription,
  peekNextAuctionConfirmation,
  peekNextAuctionUnsubscribe,
  subscribeToNextAuction,
  unsubscribeFromNextAuction,
} from './next-auction-subscription.server'

/** Confirmed subscribers, as the back-office counts them. */
const countNextAuctionSubscribers = async () => (await listNextAuctionSubscribers(1)).info.total

setUpAuctionTests()

const NOW = new Date('2026-05-01T12:00:00Z')
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)

/** The `jeton` of the link stored under `key` in the newest outbox e-mail of `modele` for `to`. */
async function mailedToken(modele: string, to: string, key: string): Promise<string> {
  const row = (await auctions.outbox())
    .filter((item) => item.modele === modele && item.destinataire === to)
    .at(-1)
  const link = (row?.donnees as Record<string, string> | undefined)?.[key] ?? ''
  return link ? (new URL(link).searchParams.get('jeton') ?? '') : ''
}

async function subscribeAndConfirm(email: string): Promise<void> {
  expect(await subscribeToNextAuction({ email })).toEqual({ status: 'sent' })
  const token = await mailedToken('next-auction-confirm', email.toLowerCase(), 'lien_confirmation')
  expect((await confirmNextAuctionSubscription(token)).status).toBe('ready')
}

describe('"Prévenez-moi de la prochaine enchère" (issue #10 §4)', () => {
  const smtp = useSmtpPeer()

  it('refuses a malformed address and writes nothing', async () => {
    for (const email of ['', 'sans-arobase', 'a@b@c', 'deux adresses@exemple.fr', 42]) {
      expect(await subscribeToNextAuction({ email })).toEqual({ status: 'invalid-email' })
    }
    expect(await getDb().select().from(abonnesProchaineEnchere)).toHaveLength(0)
    expect(await auctions.outbox()).toHaveLength(0)
  })

  it('double opt-in: nothing is confirmed until the link is posted; it works once, within 24 hours', async () => {
    await subscribeToNextAuction({ email: ' Lea@Example.fr ' }, { now: NOW })
    const token = await mailedToken('next-auction-confirm', 'lea@example.fr', 'lien_confirmation')
    expect(token).not.toBe('')
    expect(await countNextAuctionSubscribers()).toBe(0)

    // Opening the link (a mail scanner too) changes nothing.
    expect(await peekNextAuctionConfirmation(token, { now: at(10) })).toEqual({
      status: 'ready',
      email: 'lea@example.fr',
    })
    expect(await peekNextAuctionConfirmation(token, { now: at(10) })).toEqual({
      status: 'ready',
      email: 'lea@example.fr',
    })
    expect(await countNextAuctionSubscribers()).toBe(0)
    expect(await confirmNextAuctionSubscription(token, { now: at(25 * 60) })).toEqual({ status: 'invalid' })
    expect(await confirmNextAuctionSubscription('x'.repeat(5))).toEqual({ status: 'invalid' })

    expect(await confirmNextAuctionSubscription(token, { now: at(10) })).toEqual({
      status: 'ready',
      email: 'lea@example.fr',
    })
    expect(await countNextAuctionSubscribers()).toBe(1)
    expect(await confirmNextAuctionSubscription(token, { now: at(11) })).toEqual({ status: 'invalid' })

    // Asking again once confirmed: told so (issue #36 §6), nothing asked of them, no e-mail.
    expect(await subscribeToNextAuction({ email: 'lea@example.fr' })).toEqual({
      status: 'already-subscribed',
    })
    expect((await auctions.outbox()).filter((row) => row.modele === 'next-auction-confirm')).toHaveLength(1)

    await sendPendingEmails()
    const [mail] = await smtp().waitFor(1)
    expect(mail?.subject).toBe('Confirmez votre inscription aux prochaines enchères')
    expect(mail?.text).toContain(`/prochaine-enchere/confirmer?jeton=${token}`)
  })

  it('sends each confirmed subscriber the link of an auction once, when it becomes active, with a one-click unsubscribe', async () => {
    await subscribeAndConfirm('anne@example.fr')
    await subscribeAndConfirm('bruno@example.fr')
    await subscribeToNextAuction({ email: 'pas-confirme@example.fr' })
    const auction = await auctions.create(
      { lien_prive: 'lien-annonce-1', statut: 'programme', date_debut: at(5), date_fin: at(120) },
      NOW,
    )

    await runAuctionSchedule(NOW)
    expect(
      (await auctions.outbox()).filter((row) => row.modele === 'next-auction-announcement'),
    ).toHaveLength(0)

    const runs = await Promise.all([
      runAuctionSchedule(at(5)),
      runAuctionSchedule(at(5)),
      runAuctionSchedule(at(5)),
    ])
    expect(runs.flatMap((run) => run.activated)).toEqual([auction.id])
    await runAuctionSchedule(at(6))
    await runAuctionSchedule(at(7))
    const announcements = (await auctions.outbox()).filter(
      (row) => row.modele === 'next-auction-announcement',
    )
    expect(announcements.map((row) => row.destinataire).sort()).toEqual([
      'anne@example.fr',
      'bruno@example.fr',
    ])

    // A subscriber confirmed while it runs gets it at the next run, once.
    await subscribeAndConfirm('chloe@example.fr')
    await runAuctionSchedule(at(8))
    await runAuctionSchedule(at(9))
    expect(
      (await auctions.outbox())
        .filter((row) => row.modele === 'next-auction-announcement')
        .map((row) => row.destinataire),
    ).toHaveLength(3)

    await sendPendingEmails({ limit: 50 })
    const received = (await smtp().waitFor(6)).filter((mail) =>
      mail.subject?.startsWith('Nouvelle enchère privée'),
    )
    expect(received).toHaveLength(3)
    const toAnne = received.find((mail) => JSON.stringify(mail.to).includes('anne@example.fr'))
    expect(toAnne?.subject).toBe('Nouvelle enchère privée : « Vente privée »')
    expect(toAnne?.text).toContain('/enchere/lien-annonce-1')
    const rawHeader = (name: string) =>
      toAnne?.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '') ?? ''
    const header = rawHeader('list-unsubscribe')
    const unsubscribeUrl = /<([^>]+)>/.exec(header)?.[1] ?? ''
    expect(unsubscribeUrl).toMatch(/\/prochaine-enchere\/desinscription\?jeton=/)
    expect(toAnne?.text).toContain(unsubscribeUrl)
    expect(rawHeader('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')

    // One click (a mail client's POST) unsubscribes, without signing in; the link alone changes nothing.
    const token = new URL(unsubscribeUrl).searchParams.get('jeton')
    expect(await peekNextAuctionUnsubscribe(token)).toEqual({ status: 'ready', email: 'anne@example.fr' })
    expect(await countNextAuctionSubscribers()).toBe(3)
    expect(await unsubscribeFromNextAuction(token)).toEqual({ status: 'unsubscribed' })
    expect(await countNextAuctionSubscribers()).toBe(2)
    expect(await peekNextAuctionUnsubscribe(token)).toEqual({ status: 'invalid' })
    expect(await unsubscribeFromNextAuction(token)).toEqual({ status: 'unsubscribed' })
    expect(await unsubscribeFromNextAuction('<script>')).toEqual({ status: 'invalid' })
  })
})
