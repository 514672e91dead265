import { rowIdSchema, visibilitySchema } from './form-fields'

/** The tabs of /admin/messages (back-office spec §2 "Contact messages"), as `?filtre=` values. */
export const MESSAGE_FILTERS = ['tous', 'non-lus', 'lus', 'archives'] as const
export type MessageFilter = (typeof MESSAGE_FILTERS)[number]

/** Tab label of each filter. */
export const MESSAGE_FILTER_LABELS: Record<MessageFilter, string> = {
  tous: 'Tous',
  'non-lus': 'Non lus',
  lus: 'Lus',
  archives: 'Archivés',
}

/** The empty text of each filter (back-office spec §8: 'Aucun message' variants per filter). */
export const MESSAGE_EMPTY_TEXTS: Record<MessageFilter, string> = {
  tous: 'Aucun message',
  'non-lus': 'Aucun message non lu',
  lus: 'Aucun message lu',
  archives: 'Aucun message archivé',
}

/**
 * Reads the `?filtre=` query value of /admin/messages.
 *
 * @param values - every `filtre` value of the query string (`searchParams.getAll('filtre')`).
 * @returns the filter ('tous' when absent) and `isValid` false for an unknown or repeated value
 *   (the page then shows every message and answers 400).
 */
export function parseMessageFilter(values: string[]): { filter: MessageFilter; isValid: boolean } {
  if (values.length === 0) return { filter: 'tous', isValid: true }
  const [value] = values
  if (values.length === 1 && (MESSAGE_FILTERS as readonly string[]).includes(value ?? '')) {
    return { filter: value as MessageFilter, isValid: true }
  }
  return { filter: 'tous', isValid: false }
}

/** `set-read` intent: mark one message read (`lu` = 'true') or unread ('false'). */
export const setMessageReadSchema = visibilitySchema('lu', 'Message introuvable.')

/** `archive` and `delete` intents: one message id. */
export const messageIdSchema = rowIdSchema('Message introuvable.')
