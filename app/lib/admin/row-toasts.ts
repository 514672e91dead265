/**
 * The success toasts of a back-office screen of rows (`rowIntents`, app/http/admin-action.server.ts),
 * built by the rules the spec states them in (back-office spec §8 "Success texts": 'Article
 * créé/modifié/supprimé', 'Saison/Épisode créé/modifié/supprimé, masquée/affichée, masqué/publié',
 * 'Catégorie créée' … 'each with La catégorie a été … avec succès.'), so that a screen names its
 * row once instead of writing five toasts.
 */

/** A toast: its title and, maybe, a sentence below it. */
export type RowToast = { title: string; description?: string }

/** The toasts after a create, an update, a delete, and a row shown or hidden. */
export type RowToasts = Record<'created' | 'updated' | 'deleted' | 'shown' | 'hidden', RowToast>

/**
 * A row's noun: as a title starts ('Saison', 'Épisode') and with its article inside a sentence
 * ('la saison', "l'épisode"); a feminine noun's participles agree ('Saison créée').
 */
export type RowNoun = { name: string; the: string; feminine?: boolean }

function agreed(noun: RowNoun, participle: string): string {
  return noun.feminine ? `${participle}e` : participle
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * Toasts titled 'Succès' whose description names the row and what happened: 'Article créé',
 * 'Article modifié', 'Article supprimé', 'Article affiché', 'Article masqué' (articles, timeline
 * events; back-office spec §8).
 *
 * @param noun - the row's noun; `name` and `feminine` are read.
 * @param writesEnd - what follows a create's, an update's or a delete's participle: nothing, or
 *   ' avec succès' for the artworks ('Œuvre créée avec succès', but 'Œuvre masquée').
 * @returns the five toasts.
 */
export function successToasts(noun: RowNoun, writesEnd = ''): RowToasts {
  const toast = (participle: string, end = ''): RowToast => ({
    title: 'Succès',
    description: `${noun.name} ${agreed(noun, participle)}${end}`,
  })
  return {
    created: toast('créé', writesEnd),
    updated: toast('modifié', writesEnd),
    deleted: toast('supprimé', writesEnd),
    shown: toast('affiché'),
    hidden: toast('masqué'),
  }
}

/**
 * Toasts titled with the row and what happened, then a sentence: 'Saison créée' / 'La saison a été
 * créée avec succès.' (likewise modifiée, supprimée); 'Saison affichée' / 'La saison est visible sur
 * le site.'; 'Saison masquée' / "La saison n'est plus visible sur le site." (podcast seasons and
 * episodes, categories; back-office spec §8).
 *
 * @param noun - the row's noun.
 * @param shown - the participle of showing the row: 'affiché' (default), or 'publié' for episodes.
 * @returns the five toasts.
 */
export function namedToasts(noun: RowNoun, shown = 'affiché'): RowToasts {
  const subject = sentence(noun.the)
  const write = (participle: string): RowToast => ({
    title: `${noun.name} ${agreed(noun, participle)}`,
    description: `${subject} a été ${agreed(noun, participle)} avec succès.`,
  })
  return {
    created: write('créé'),
    updated: write('modifié'),
    deleted: write('supprimé'),
    shown: {
      title: `${noun.name} ${agreed(noun, shown)}`,
      description: `${subject} est visible sur le site.`,
    },
    hidden: {
      title: `${noun.name} ${agreed(noun, 'masqué')}`,
      description: `${subject} n'est plus visible sur le site.`,
    },
  }
}
