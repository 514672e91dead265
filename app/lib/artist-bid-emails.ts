/**
 * The artist's bid e-mails setting (issue #36 §6): a notice for each bid, an hourly digest of the
 * bids, or nothing until the auction's end (the closing e-mail is always sent).
 */

/** Site setting holding the choice. */
export const ARTIST_BID_EMAILS_SETTING_KEY = 'enchere_courriels_artiste'

/** The choices, as stored, with the back-office's labels. */
export const ARTIST_BID_EMAILS_OPTIONS = [
  { value: 'chaque', label: 'Un e-mail à chaque mise' },
  { value: 'horaire', label: 'Un résumé par heure' },
  { value: 'fin', label: 'Seulement à la fin de l’enchère' },
] as const

export type ArtistBidEmails = (typeof ARTIST_BID_EMAILS_OPTIONS)[number]['value']

/** The default when the setting is unset or unreadable: one e-mail per bid, as before the setting. */
export const ARTIST_BID_EMAILS_DEFAULT: ArtistBidEmails = 'chaque'

/**
 * Reads the setting's stored value.
 *
 * @returns 'chaque', 'horaire' or 'fin'; {@link ARTIST_BID_EMAILS_DEFAULT} for anything else.
 */
export function readArtistBidEmails(value: string | null | undefined): ArtistBidEmails {
  return (
    ARTIST_BID_EMAILS_OPTIONS.find((option) => option.value === value)?.value ?? ARTIST_BID_EMAILS_DEFAULT
  )
}
