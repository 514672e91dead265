import { describe, expect, it } from 'vitest'
import { namedToasts, successToasts } from './row-toasts'

describe('namedToasts (back-office spec §8: seasons, episodes, categories)', () => {
  it('titles a feminine row with the agreed participle and says it in a sentence', () => {
    const toasts = namedToasts({ name: 'Saison', the: 'la saison', feminine: true })
    expect(toasts.created).toEqual({
      title: 'Saison créée',
      description: 'La saison a été créée avec succès.',
    })
    expect(toasts.shown).toEqual({
      title: 'Saison affichée',
      description: 'La saison est visible sur le site.',
    })
    expect(toasts.hidden).toEqual({
      title: 'Saison masquée',
      description: "La saison n'est plus visible sur le site.",
    })
  })

  it('keeps an elided article and takes another participle for showing', () => {
    const toasts = namedToasts({ name: 'Épisode', the: "l'épisode" }, 'publié')
    expect(Object.values(toasts).map((toast) => toast.title)).toEqual([
      'Épisode créé',
      'Épisode modifié',
      'Épisode supprimé',
      'Épisode publié',
      'Épisode masqué',
    ])
    expect(toasts.deleted.description).toBe("L'épisode a été supprimé avec succès.")
    expect(toasts.shown.description).toBe("L'épisode est visible sur le site.")
  })
})

describe('successToasts (back-office spec §8: artworks, articles, events)', () => {
  it("titles every toast 'Succès' and names the row and what happened", () => {
    expect(Object.values(successToasts({ name: 'Article', the: "l'article" }))).toEqual(
      ['Article créé', 'Article modifié', 'Article supprimé', 'Article affiché', 'Article masqué'].map(
        (description) => ({ title: 'Succès', description }),
      ),
    )
  })

  it("ends the writes' texts as asked: the artworks' 'avec succès'", () => {
    const toasts = successToasts({ name: 'Œuvre', the: "l'œuvre", feminine: true }, ' avec succès')
    expect(toasts.updated.description).toBe('Œuvre modifiée avec succès')
    expect(toasts.hidden.description).toBe('Œuvre masquée')
  })
})
