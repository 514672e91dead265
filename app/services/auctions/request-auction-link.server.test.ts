import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { validationsEmail } from '#app/db/schema'
import { auctions } from '#tests/support/auctions'
import { insertArtwork } from '#tests/support/catalogue-fixtures'
import { normalizeAuctionEmail, requestAuctionLink } from './request-auction-link.server'
import { hashValidationToken } from './validation-token.server'

describe('normalizeAuctionEmail', () => {
  it('trims and accepts one address with an @', () => {
    expect(normalizeAuctionEmail('  marie@example.fr ')).toBe('marie@example.fr')
    expect(normalizeAuctionEmail('a@b')).toBe('a@b')
  })

  it('refuses empty, missing @, several addresses, spaces and over-long values', () => {
    for (const value of [
      '',
      '   ',
      'marie',
      '@example.fr',
      'marie@',
      'a@b@c',
      'a@b.fr, c@d.fr',
      'a b@c.fr',
      'a@b.fr\nBcc: c@d.fr',
      `${'a'.repeat(250)}@b.fr`,
      null,
      42,
    ]) {
      expect(normalizeAuctionEmail(value), String(value)).toBeNull()
    }
  })
})

describe('requestAuctionLink', () => {
  it('stores a hashed 24 h token and mails a link that carries it, the same way each time', async () => {
    const now = new Date()
    const auction = await auctions.create({}, now)

    const first = await requestAuctionLink(
      { email: ' Marie@Example.fr ', clientIp: '192.0.2.1' },
      undefined,
      { now },
    )
    const second = await requestAuctionLink({ email: 'marie@example.fr', clientIp: '192.0.2.1' }, undefined, {
      now,
    })

    expect(first).toEqual({ status: 'sent', auctionId: auction.id })
    expect(second).toEqual(first)
    const tokens = await getDb().select().from(validationsEmail).orderBy(validationsEmail.cree_le)
    const outbox = await auctions.outbox()
    expect(tokens).toHaveLength(2)
    expect(outbox).toHaveLength(2)
    for (const [index, row] of tokens.entries()) {
      expect(row).toMatchObject({
        email: 'marie@example.fr',
        enchere_id: auction.id,
        valide: false,
        utilise_le: null,
      })
      expect(row.expire_le.getTime() - now.getTime()).toBe(24 * 3_600_000)
      const link = String(
        (outbox[index]?.donnees as { lien_validation?: string } | undefined)?.lien_validation,
      )
      const token = new URL(link).searchParams.get('token') ?? ''
      expect(link).toBe(`http://localhost:3000/enchere/lien-prive-test/valider?token=${token}`)
      expect(token).toMatch(/^[\w-]{43}$/)
      expect(row.token).toBe(hashValidationToken(token))
      expect(row.token).not.toContain(token)
      expect(outbox[index]?.html).toContain(`href="${link}"`)
      expect(outbox[index]?.html).toContain('href="http://localhost:3000/enchere/lien-prive-test"')
    }
    expect(tokens[0]?.token).not.toBe(tokens[1]?.token)
  })

  it('shows the artwork image in the e-mail as an absolute URL', async () => {
    const artwork = await insertArtwork({ nom: 'Encre de Chine', image1_url: '/uploads/oeuvres/encre.webp' })
    await auctions.create({ oeuvre_id: artwork.id })

    await requestAuctionLink({ email: 'marie@example.fr', clientIp: '192.0.2.1' })

    const [email] = await auctions.outbox()
    expect(email?.html).toContain('src="http://localhost:3000/uploads/oeuvres/encre.webp"')
    expect(email?.html).toContain('Encre de Chine')
  })
})
