import { describe, expect, it } from 'vitest'
import {
  amountToCents,
  bidIncrementCents,
  bidInputMinimum,
  bidRefusalMessage,
  bidTooLowMessage,
  bidWindow,
  centsToAmount,
  closingOutcome,
  DEFAULT_BID_INCREMENTS,
  formatBidIncrements,
  isPlausiblePhone,
  minimumBidCents,
  normalizeBidderEmail,
  parseBidAmount,
  parseBidIncrements,
  parseSoftCloseMinutes,
  readBidIncrements,
  softCloseExtension,
} from './auction-rules'
import { bidFormSchema, bidFormSchemaFor } from './bid-form-schema'

const at = (iso: string) => new Date(iso)

describe('amounts', () => {
  it('reads euros with a dot, a comma, spaces or as a number, into cents', () => {
    expect(parseBidAmount('125')).toEqual({ ok: true, cents: 12_500 })
    expect(parseBidAmount('125.5')).toEqual({ ok: true, cents: 12_550 })
    expect(parseBidAmount('125,05')).toEqual({ ok: true, cents: 12_505 })
    expect(parseBidAmount(' 1 250,50 ')).toEqual({ ok: true, cents: 125_050 })
    expect(parseBidAmount('1\u202f250')).toEqual({ ok: true, cents: 125_000 })
    expect(parseBidAmount(99.99)).toEqual({ ok: true, cents: 9_999 })
    expect(parseBidAmount('1000000')).toEqual({ ok: true, cents: 100_000_000 })
  })

  it('refuses more than 2 decimals, over 1,000,000 €, zero, negatives and junk', () => {
    expect(parseBidAmount('125.505')).toEqual({ ok: false, reason: 'too-many-decimals' })
    expect(parseBidAmount(0.1 + 0.2)).toEqual({ ok: false, reason: 'too-many-decimals' })
    expect(parseBidAmount('1000000.01')).toEqual({ ok: false, reason: 'too-high' })
    expect(parseBidAmount('99999999999')).toEqual({ ok: false, reason: 'too-high' })
    for (const value of [
      '0',
      '0.00',
      '-5',
      '',
      'abc',
      '1e3',
      '12.',
      '.5',
      '1,2,3',
      null,
      undefined,
      Number.NaN,
      {},
    ]) {
      expect(parseBidAmount(value), String(value)).toEqual({ ok: false, reason: 'invalid' })
    }
  })

  it('converts between cents and the database text', () => {
    expect(amountToCents('125.00')).toBe(12_500)
    expect(amountToCents('0.05')).toBe(5)
    expect(amountToCents('1250.5')).toBe(125_050)
    expect(centsToAmount(12_505)).toBe('125.05')
    expect(centsToAmount(100)).toBe('1.00')
  })

  it('wants the current price + its increment, the start price before any bid (issue #10 §3)', () => {
    const steps = DEFAULT_BID_INCREMENTS
    expect(minimumBidCents({ prixCents: 12_500, hasBids: false }, steps)).toBe(12_500)
    expect(minimumBidCents({ prixCents: 12_500, hasBids: true }, steps)).toBe(13_000)
    expect(minimumBidCents({ prixCents: 4_999, hasBids: true }, steps)).toBe(5_099)
    expect(minimumBidCents({ prixCents: 5_000, hasBids: true }, steps)).toBe(5_500)
    expect(minimumBidCents({ prixCents: 99_950, hasBids: true }, steps)).toBe(100_950)
    expect(minimumBidCents({ prixCents: 100_000, hasBids: true }, steps)).toBe(105_000)
    expect(bidInputMinimum({ prixActuel: '150.00', nombreMises: 2, paliers: steps })).toBe('155')
    expect(bidInputMinimum({ prixActuel: '150.50', nombreMises: 0, paliers: steps })).toBe('150.50')
    expect(bidInputMinimum({ prixActuel: '20.50', nombreMises: 1, paliers: steps })).toBe('21.50')
  })

  it('words the refusal as the spec does', () => {
    expect(bidTooLowMessage(12_500)).toBe('Votre mise doit être supérieure à 125€')
    expect(bidTooLowMessage(12_550)).toBe('Votre mise doit être supérieure à 125,50€')
    expect(bidTooLowMessage(125_000)).toBe('Votre mise doit être supérieure à 1\u202f250€')
  })

  it('names the minimum when the amount is above the price but under its increment', () => {
    const steps = DEFAULT_BID_INCREMENTS
    const bid = { prixCents: 12_500, hasBids: true }
    expect(bidRefusalMessage(12_500, bid, steps)).toBe('Votre mise doit être supérieure à 125€')
    expect(bidRefusalMessage(12_000, bid, steps)).toBe('Votre mise doit être supérieure à 125€')
    expect(bidRefusalMessage(12_900, bid, steps)).toBe("Votre mise doit être d'au moins 130,00\u00a0€")
    expect(bidRefusalMessage(9_000, { prixCents: 12_550, hasBids: false }, steps)).toBe(
      "Votre mise doit être d'au moins 125,50\u00a0€",
    )
  })
})

describe('increment table (issue #10 §3)', () => {
  it('reads, writes and applies the setting, a ceiling taking the next bracket', () => {
    const parsed = parseBidIncrements(' 50 : 1 ; 500:5;1000:10 ; 50 ')
    expect(parsed).toEqual({ ok: true, steps: DEFAULT_BID_INCREMENTS })
    expect(formatBidIncrements(DEFAULT_BID_INCREMENTS)).toBe('50:1;500:5;1000:10;50')
    expect(parseBidIncrements('100:0,50;2,5')).toEqual({
      ok: true,
      steps: [
        { belowCents: 10_000, stepCents: 50 },
        { belowCents: null, stepCents: 250 },
      ],
    })
    expect(parseBidIncrements('10')).toEqual({ ok: true, steps: [{ belowCents: null, stepCents: 1_000 }] })
    const steps = DEFAULT_BID_INCREMENTS
    expect(
      [100, 4_999, 5_000, 49_999, 50_000, 99_999, 100_000, 10_000_000].map((price) =>
        bidIncrementCents(steps, price),
      ),
    ).toEqual([100, 100, 500, 500, 1_000, 1_000, 5_000, 5_000])
  })

  it('refuses what it cannot read with a French message; unreadable stored values fall back to the default', () => {
    const message = (text: string) => {
      const parsed = parseBidIncrements(text)
      return parsed.ok ? null : parsed.message
    }
    expect(message('50:1;500:5')).toMatch(/^Paliers invalides : écrivez « plafond:pas »/)
    expect(message('50;5')).toMatch(/^Paliers invalides : écrivez/)
    expect(message('50:1;40:2;5')).toBe('Paliers invalides : chaque plafond doit dépasser le précédent.')
    expect(message('50:0;5')).toBe(
      "Paliers invalides : « 0 » n'est pas un montant en euros positif (deux décimales au plus).",
    )
    expect(message('50:1,234;5')).toMatch(/« 1,234 »/)
    expect(message('abc')).toMatch(/« abc »/)
    expect(message(Array.from({ length: 21 }, (_, index) => `${index + 1}:1`).join(';'))).toBe(
      'Paliers invalides : 20 paliers au plus.',
    )
    expect(readBidIncrements('n’importe quoi')).toBe(DEFAULT_BID_INCREMENTS)
    expect(readBidIncrements(undefined)).toBe(DEFAULT_BID_INCREMENTS)
  })
})

describe('timing', () => {
  const auction = {
    statut: 'active',
    date_debut: at('2026-05-01T10:00:00Z'),
    date_fin: at('2026-05-01T12:00:00Z'),
  }

  it('takes bids from the start (included) to the end (excluded), only while active', () => {
    expect(bidWindow(auction, at('2026-05-01T09:59:59.999Z'))).toBe('not-started')
    expect(bidWindow(auction, at('2026-05-01T10:00:00Z'))).toBe('open')
    expect(bidWindow(auction, at('2026-05-01T11:59:59.999Z'))).toBe('open')
    expect(bidWindow(auction, at('2026-05-01T12:00:00Z'))).toBe('ended')
    expect(bidWindow({ ...auction, statut: 'termine_prix_atteint' }, at('2026-05-01T11:00:00Z'))).toBe(
      'not-active',
    )
    expect(bidWindow({ ...auction, statut: 'programme' }, at('2026-05-01T11:00:00Z'))).toBe('not-active')
  })
})

describe('soft close', () => {
  const end = at('2026-05-01T12:00:00Z')

  it('extends a bid in the last N minutes to now + N', () => {
    const result = softCloseExtension(
      { date_fin: end, date_fin_initiale: null },
      at('2026-05-01T11:59:00Z'),
      2,
    )
    expect(result).toEqual({ date_fin: at('2026-05-01T12:01:00Z'), date_fin_initiale: end })
  })

  it('does nothing earlier than the last N minutes, or when disabled', () => {
    expect(
      softCloseExtension({ date_fin: end, date_fin_initiale: null }, at('2026-05-01T11:58:00Z'), 2),
    ).toBeNull()
    expect(
      softCloseExtension({ date_fin: end, date_fin_initiale: null }, at('2026-05-01T11:50:00Z'), 2),
    ).toBeNull()
    expect(
      softCloseExtension({ date_fin: end, date_fin_initiale: null }, at('2026-05-01T11:59:59Z'), 0),
    ).toBeNull()
  })

  it('never goes past the original end + 30 minutes, and never shortens', () => {
    const extended = { date_fin: at('2026-05-01T12:29:30Z'), date_fin_initiale: end }
    expect(softCloseExtension(extended, at('2026-05-01T12:29:00Z'), 2)).toEqual({
      date_fin: at('2026-05-01T12:30:00Z'),
      date_fin_initiale: end,
    })
    const atCap = { date_fin: at('2026-05-01T12:30:00Z'), date_fin_initiale: end }
    expect(softCloseExtension(atCap, at('2026-05-01T12:29:59Z'), 2)).toBeNull()
    // a wide window keeps the later end it already has
    expect(
      softCloseExtension({ date_fin: end, date_fin_initiale: null }, at('2026-05-01T11:59:00Z'), 60),
    ).toEqual({
      date_fin: at('2026-05-01T12:30:00Z'),
      date_fin_initiale: end,
    })
  })

  it('reads the setting: whole minutes, 0 disables, default 2, at most 60', () => {
    expect(parseSoftCloseMinutes(undefined)).toBe(2)
    expect(parseSoftCloseMinutes(null)).toBe(2)
    expect(parseSoftCloseMinutes('5')).toBe(5)
    expect(parseSoftCloseMinutes(' 0 ')).toBe(0)
    expect(parseSoftCloseMinutes('-1')).toBe(2)
    expect(parseSoftCloseMinutes('1.5')).toBe(2)
    expect(parseSoftCloseMinutes('abc')).toBe(2)
    expect(parseSoftCloseMinutes('999')).toBe(60)
  })
})

describe('closing outcome', () => {
  it('is sold when the best bid reaches the reserve, or with any bid and no reserve', () => {
    expect(closingOutcome(50_000, 50_000)).toBe('termine_prix_atteint')
    expect(closingOutcome(60_000, 50_000)).toBe('termine_prix_atteint')
    expect(closingOutcome(49_999, 50_000)).toBe('termine_prix_non_atteint')
    expect(closingOutcome(10_100, null)).toBe('termine_prix_atteint')
    expect(closingOutcome(null, null)).toBe('termine_prix_non_atteint')
    expect(closingOutcome(null, 50_000)).toBe('termine_prix_non_atteint')
  })
})

describe('bid form', () => {
  const valid = {
    prenom: ' Marie ',
    nom: 'Curie',
    email: ' Marie@Example.FR ',
    telephone: '+33 6 12 34 56 78',
    montant: '130',
  }

  it('accepts a complete form, trimming and lower-casing the address', () => {
    const parsed = bidFormSchema.parse(valid)
    expect(parsed).toEqual({
      prenom: 'Marie',
      nom: 'Curie',
      email: 'marie@example.fr',
      telephone: '+33 6 12 34 56 78',
      montant: '130',
    })
    // One amount only (issue #36 §1): a field of the old form is ignored.
    expect(bidFormSchema.parse({ ...valid, maximum: '180,50' })).not.toHaveProperty('maximum')
  })

  it('requires every field, with French messages', () => {
    const result = bidFormSchema.safeParse({})
    expect(result.success).toBe(false)
    const messages = result.error?.issues.map((issue) => [issue.path[0], issue.message])
    expect(messages).toEqual([
      ['prenom', 'Veuillez indiquer votre prénom'],
      ['nom', 'Veuillez indiquer votre nom'],
      ['email', 'Veuillez indiquer votre adresse email'],
      ['telephone', 'Veuillez indiquer votre numéro de téléphone'],
      ['montant', 'Veuillez indiquer le montant de votre mise'],
    ])
  })

  it('checks the address, the phone and the amount', () => {
    const issue = (patch: Record<string, unknown>) =>
      bidFormSchema.safeParse({ ...valid, ...patch }).error?.issues[0]?.message
    expect(issue({ email: 'a@b@c' })).toBe('Veuillez saisir une adresse email valide')
    expect(issue({ telephone: 'appelez-moi' })).toBe('Veuillez saisir un numéro de téléphone valide')
    expect(issue({ telephone: '12' })).toBe('Veuillez saisir un numéro de téléphone valide')
    expect(issue({ montant: '12,345' })).toBe('Le montant ne peut pas avoir plus de deux décimales')
    expect(issue({ montant: '2000000' })).toBe(
      'Le montant ne peut pas dépasser 1\u202f000\u202f000,00\u00a0€',
    )
    expect(issue({ montant: 'cent' })).toBe('Veuillez saisir un montant valide')
  })

  it('adds the price rule of one auction', () => {
    const schema = bidFormSchemaFor({ prixCents: 12_500, hasBids: true }, DEFAULT_BID_INCREMENTS)
    expect(schema.safeParse({ ...valid, montant: '130' }).success).toBe(true)
    expect(schema.safeParse({ ...valid, montant: '125' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['montant'], message: 'Votre mise doit être supérieure à 125€' }),
    ])
    expect(schema.safeParse({ ...valid, montant: '129,99' }).error?.issues).toEqual([
      expect.objectContaining({
        path: ['montant'],
        message: "Votre mise doit être d'au moins 130,00\u00a0€",
      }),
    ])
  })

  it('normalizes one address and refuses lists', () => {
    expect(normalizeBidderEmail('  A@B.fr ')).toBe('a@b.fr')
    expect(normalizeBidderEmail('a@b.fr, c@d.fr')).toBeNull()
    expect(isPlausiblePhone('06.12.34.56.78')).toBe(true)
    expect(isPlausiblePhone('(+33) 612345678')).toBe(true)
    expect(isPlausiblePhone('06 12 34 56 78 ext')).toBe(false)
  })
})
