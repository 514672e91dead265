import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DEFAULT_BID_INCREMENTS } from '#app/lib/auction-rules'
import { type BidActionData, BidForm } from './bid-form'
import { renderBidForm } from './bid-form-template.server'

const typed = {
  prenom: 'Zoé <&>',
  nom: `O'Neil "x"`,
  email: 'z@e.fr',
  telephone: '06',
  montant: '12',
}

/** Answers of every kind, with and without values and field errors (texts HTML would break on). */
const ANSWERS: Array<BidActionData | undefined> = [
  undefined,
  { outcome: 'accepted', message: '', values: { prenom: 'A', nom: 'B', email: 'c@d.fr', telephone: '1' } },
  {
    outcome: 'raised',
    message: 'Relevé « à » <600 €>',
    values: { prenom: 'A', nom: 'B', email: 'c@d.fr', telephone: '1' },
  },
  { outcome: 'outbid', message: 'Dépassée <b>&amp;</b>', values: typed },
  { outcome: 'pending', message: 'Validez « votre » adresse', values: {} },
  { outcome: 'refused', message: '', values: typed },
  { outcome: 'refused', message: "L'enchère est terminée", values: typed },
  {
    outcome: 'refused',
    message: 'Erreur',
    fieldErrors: { montant: ['Trop bas <script>'], email: ['Adresse invalide', 'Trop longue'] },
    values: typed,
  },
  { outcome: 'refused', message: 'Trop de mises', fieldErrors: {} },
]

describe('renderBidForm (issue #10 §2)', () => {
  it('writes exactly what React renders, for every kind of answer, address and standing, twice over', () => {
    let compared = 0
    for (const prixActuel of ['150.00', '1234.50']) {
      const live = { prixActuel, nombreMises: 3, paliers: DEFAULT_BID_INCREMENTS }
      for (const answer of ANSWERS)
        for (const bidderEmail of [null, 'v"@e.fr'])
          for (const position of [
            null,
            { standing: 'ahead' as const, max: '1800.00' },
            { standing: 'leading' as const, max: '150.00' },
            { standing: 'outbid' as const, max: '120.00' },
          ]) {
            const props = { live, answer, bidderEmail, position }
            // The second price fills the renderings the first one left.
            expect(renderBidForm(props)).toBe(renderToStaticMarkup(<BidForm {...props} />))
            compared++
          }
    }
    expect(compared).toBe(144)
  })

  it('fills one shape with each answer’s own texts', () => {
    const live = { prixActuel: '150.00', nombreMises: 3, paliers: DEFAULT_BID_INCREMENTS }
    const answer = (prenom: string): BidActionData => ({
      outcome: 'refused',
      message: 'Votre mise doit être supérieure à 150€',
      fieldErrors: { montant: ['Votre mise doit être supérieure à 150€'] },
      values: { ...typed, prenom },
    })
    const first = renderBidForm({ live, answer: answer('Anne') })
    const second = renderBidForm({ live, answer: answer('Basile & <Cie>') })
    expect(first).toContain('value="Anne"')
    expect(second).toContain('value="Basile &amp; &lt;Cie&gt;"')
    expect(second).not.toContain('Anne')
    expect(second).toBe(renderToStaticMarkup(<BidForm live={live} answer={answer('Basile & <Cie>')} />))
  })
})
