import { z } from 'zod'
import { countLabel } from '#app/lib/pagination'
import { repeated, rowIdSchema, visibilitySchema } from './form-fields'
import { DATE_SORT, type ListSortOption, NAME_SORT, parseListParams } from './list-params'

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

/** The sorts of /admin/messages (issue #35 §2): unread first then newest (default), or by name. */
export const MESSAGE_SORTS = [
  { value: DATE_SORT.value, label: 'Non lus d’abord, plus récents' },
  { value: NAME_SORT.value, label: 'Nom de l’expéditeur' },
] as const satisfies ReadonlyArray<ListSortOption<string>>
export type MessageSort = (typeof MESSAGE_SORTS)[number]['value']

/** The bulk actions of /admin/messages and their toasts' verbs (issue #35 §2). */
export const MESSAGE_BULK_OPERATIONS = ['lire', 'archiver', 'supprimer'] as const

/**
 * `bulk` intent (issue #35 §2): `operation` (lire, archiver, supprimer) on `portee` 'selection'
 * (the ticked `ids`, 1 to 500) or 'tout' (every message of tab `filtre` matching search `q`).
 */
export const messageBulkSchema = z.discriminatedUnion('portee', [
  z.object({
    operation: z.enum(MESSAGE_BULK_OPERATIONS, { error: 'Action inconnue.' }),
    portee: z.literal('selection'),
    ids: repeated(z.uuid({ error: 'Message introuvable.' })).pipe(
      z.array(z.string()).min(1, 'Aucun message sélectionné.').max(500, 'Trop de messages sélectionnés.'),
    ),
  }),
  z.object({
    operation: z.enum(MESSAGE_BULK_OPERATIONS, { error: 'Action inconnue.' }),
    portee: z.literal('tout'),
    filtre: z
      .string()
      .optional()
      .transform((value, context) => {
        const { filter, isValid } = parseMessageFilter(value ? [value] : [])
        if (!isValid) context.addIssue({ code: 'custom', message: 'Filtre inconnu.' })
        return filter
      }),
    q: z
      .string()
      .optional()
      .transform((value) => parseListParams(new URLSearchParams({ q: value ?? '' }), MESSAGE_SORTS).q),
  }),
])

/**
 * The toast of a bulk action on `count` messages, e.g. « 3 messages marqués comme lus »,
 * « 1 message archivé », « 20 000 messages supprimés ».
 *
 * @param operation - what was done.
 * @param count - how many messages it touched (≥ 0).
 */
export function bulkToast(operation: (typeof MESSAGE_BULK_OPERATIONS)[number], count: number): string {
  const plural = count >= 2
  const done = { lire: 'marqué comme lu', archiver: 'archivé', supprimer: 'supprimé' }[operation]
  const verb = plural ? done.replace('marqué comme lu', 'marqués comme lus').replace(/é$/, 'és') : done
  return `${countLabel(count, 'message', 'messages')} ${verb}`
}
