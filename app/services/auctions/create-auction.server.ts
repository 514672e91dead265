import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '#app/db/client.server'
import { encheres, oeuvres } from '#app/db/schema'
import { getEnv } from '#app/env.server'
import { centsToAmount, MAX_BID_CENTS, parseBidAmount } from '#app/lib/auction-rules'
import { formatPrice } from '#app/lib/format'
import { isUuid } from '#app/lib/ids'
import { sanitizeOptionalRichText } from '#app/lib/sanitize.server'
import { parseZonedDateTime } from '#app/lib/time-zone'
import { conflict, refused } from '#app/lib/use-case-error'
import { publishAuctionEvent } from './auction-events.server'
import { announceAuctionScheduleChanged } from './auction-schedule-signal.server'

/** French texts of the creation form (back-office spec §5 and §8; field messages are ours). */
export const CREATE_AUCTION_MESSAGES = {
  createdActive: 'Enchère créée et activée',
  createdScheduled: 'Enchère programmée avec succès',
  alreadyActive: 'Une enchère est déjà active',
  failure: "Impossible de créer l'enchère",
} as const

/** Longest auction name, in characters. */
export const AUCTION_NAME_MAX_LENGTH = 200
/** Bytes of randomness in a private link (192 bits, 32 base64url characters; issue #4 asks ≥ 128). */
const LINK_BYTES = 24

const price = (label: string, required: boolean) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') {
        if (required) ctx.addIssue({ code: 'custom', message: `Veuillez indiquer le ${label}` })
        return null
      }
      const parsed = parseBidAmount(value)
      if (!parsed.ok) {
        ctx.addIssue({
          code: 'custom',
          message:
            parsed.reason === 'too-many-decimals'
              ? 'Le montant ne peut pas avoir plus de deux décimales'
              : parsed.reason === 'too-high'
                ? `Le ${label} ne peut pas dépasser ${formatPrice(MAX_BID_CENTS / 100)}`
                : 'Veuillez saisir un montant valide',
        })
        return null
      }
      if (parsed.cents < 100) {
        ctx.addIssue({ code: 'custom', message: `Le ${label} doit être d'au moins ${formatPrice(1)}` })
        return null
      }
      return centsToAmount(parsed.cents)
    })

const dateTime = (missing: string, timeZone: string) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') {
        ctx.addIssue({ code: 'custom', message: missing })
        return z.NEVER
      }
      const instant = parseZonedDateTime(value, timeZone)
      if (!instant) {
        ctx.addIssue({ code: 'custom', message: 'Veuillez saisir une date et une heure valides' })
        return z.NEVER
      }
      return instant
    })

const text = z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string())

function createAuctionSchema(timeZone: string, now: Date) {
  return z
    .object({
      nom: text.pipe(
        z
          .string()
          .trim()
          .min(1, "Veuillez indiquer le nom de l'enchère")
          .max(AUCTION_NAME_MAX_LENGTH, `Le nom ne doit pas dépasser ${AUCTION_NAME_MAX_LENGTH} caractères`),
      ),
      prix_depart: text.pipe(price('prix de départ', true)),
      prix_reserve: text.pipe(price('prix de réserve', false)),
      date_debut: text.pipe(dateTime('Veuillez indiquer la date de début', timeZone)),
      date_fin: text.pipe(dateTime('Veuillez indiquer la date de fin', timeZone)),
      oeuvre_id: text.pipe(
        z
          .string()
          .trim()
          .refine((value) => value === '' || value === 'none' || isUuid(value), 'Œuvre introuvable')
          .transform((value) => (value === '' || value === 'none' ? null : value)),
      ),
      description: text.transform(sanitizeOptionalRichText),
    })
    .superRefine((value, ctx) => {
      if (value.date_fin.getTime() <= value.date_debut.getTime()) {
        ctx.addIssue({
          code: 'custom',
          path: ['date_fin'],
          message: 'La date de fin doit être postérieure à la date de début',
        })
      } else if (value.date_fin.getTime() <= now.getTime()) {
        ctx.addIssue({
          code: 'custom',
          path: ['date_fin'],
          message: 'La date de fin doit être dans le futur',
        })
      }
    })
}

/** The raw fields of the form 'Créer une nouvelle enchère' (strings from FormData; anything else counts as empty). */
export type CreateAuctionInput = {
  nom: unknown
  prix_depart: unknown
  prix_reserve?: unknown
  date_debut: unknown
  date_fin: unknown
  oeuvre_id?: unknown
  description?: unknown
}

/** A created auction: its id, whether it started at once, and its private link. */
export type CreatedAuction = { id: string; statut: 'active' | 'programme'; lienPrive: string }

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    current;
  ) {
    if (current.code === '23505' && current.constraint === constraint) return true
    current = current.cause as typeof current
  }
  return false
}

/**
 * Creates an auction from the back-office form (back-office spec §2 "Auctions", §4, §5; DESIGN.md
 * §6). Fields: name (required, ≤ 200 characters), start price (euros, ≥ 1, ≤ 2 decimals),
 * optional reserve price (≥ 1), start and end as `datetime-local` values read in the site's time
 * zone (SITE_TIMEZONE, Paris by default), the end after the start and in the future, an optional
 * artwork id that must exist, an optional description (sanitized rich text).
 *
 * The auction starts 'active' when its start is now or past, else 'programme'; `prix_actuel`
 * starts at `prix_depart`; `lien_prive` is 192 random bits in base64url. An active auction while
 * another is active is refused — checked by the database's partial unique index, so two
 * simultaneous creations cannot both win. Nothing is written when it is refused. An activation
 * is published on the live bus ('started'); the scheduler is told the deadlines changed.
 *
 * @param input - the form's fields.
 * @param options.now - the clock (tests); default now.
 * @param options.timeZone - zone of the date-time fields; default SITE_TIMEZONE.
 * @returns the id, statut and private link.
 * @throws UseCaseError invalid (French messages per field), conflict ('Une enchère est déjà
 *   active'); unexpected database errors.
 */
export async function createAuction(
  input: CreateAuctionInput,
  options: { now?: Date; timeZone?: string } = {},
): Promise<CreatedAuction> {
  const now = options.now ?? new Date()
  const parsed = createAuctionSchema(options.timeZone ?? getEnv().SITE_TIMEZONE, now).safeParse(input)
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'form')
      fieldErrors[key] ??= []
      fieldErrors[key].push(issue.message)
    }
    throw refused('', fieldErrors)
  }
  const values = parsed.data
  if (!values.prix_depart) throw refused('', { prix_depart: ['Veuillez indiquer le prix de départ'] })

  const db = getDb()
  if (values.oeuvre_id) {
    const [artwork] = await db
      .select({ id: oeuvres.id })
      .from(oeuvres)
      .where(eq(oeuvres.id, values.oeuvre_id))
    if (!artwork) throw refused('', { oeuvre_id: ['Œuvre introuvable'] })
  }

  const statut = values.date_debut.getTime() <= now.getTime() ? 'active' : 'programme'
  const lienPrive = randomBytes(LINK_BYTES).toString('base64url')
  let id: string
  try {
    const [row] = await db
      .insert(encheres)
      .values({
        nom: values.nom,
        description: values.description,
        oeuvre_id: values.oeuvre_id,
        prix_depart: values.prix_depart,
        prix_reserve: values.prix_reserve,
        prix_actuel: values.prix_depart,
        date_debut: values.date_debut,
        date_fin: values.date_fin,
        statut,
        lien_prive: lienPrive,
      })
      .returning({ id: encheres.id })
    if (!row) throw new Error("L'enchère n'a pas été enregistrée")
    id = row.id
  } catch (error) {
    if (isUniqueViolation(error, 'encheres_une_seule_active_idx'))
      throw conflict(CREATE_AUCTION_MESSAGES.alreadyActive)
    throw error
  }
  if (statut === 'active') await publishAuctionEvent({ type: 'started', enchereId: id })
  announceAuctionScheduleChanged()
  return { id, statut, lienPrive }
}
