import type { RegistrationResponseJSON } from '@simplewebauthn/browser'
import { and, count, desc, eq } from 'drizzle-orm'
import { getAuth } from '#app/auth.server'
import { type Executor, getDb } from '#app/db/client.server'
import { passkey } from '#app/db/schema'
import { MAX_PASSKEYS } from '#app/lib/passkey'
import { conflict, notFound, refused } from '#app/lib/use-case-error'
import { answerOf } from '#app/services/auth/auth-answer.server'

/**
 * The passkeys of an account (issue #37 §3, decision 043), better-auth's `passkey` plugin
 * (`@better-auth/passkey`): registered on /admin/profil in two steps — {@link startPasskeyRegistration}
 * (the options the browser's WebAuthn ceremony needs, and a five-minute challenge cookie), then
 * {@link addPasskey} (the authenticator's answer, checked against that challenge) — listed and
 * deleted by the account itself. Signing in with one is app/services/auth/sign-in.server.ts's.
 */

const TOO_MANY = `Ce compte a déjà ${MAX_PASSKEYS} clés d’accès : supprimez-en une avant d’en ajouter une autre.`
const NOT_FRESH = 'Pour ajouter une clé d’accès, reconnectez-vous : votre connexion date de plus d’un jour.'
const REGISTRATION_FAILED =
  'L’enregistrement de la clé d’accès a échoué : la clé n’a pas pu être vérifiée. Réessayez.'
const PASSKEY_GONE = 'Cette clé d’accès n’existe plus.'

/** One passkey as the profile lists it. */
export type AccountPasskey = {
  id: string
  /** The name given at registration, e.g. « Ordinateur de l’atelier ». */
  name: string
  /** ISO instant it was added. */
  addedAt: string
}

/**
 * The account's passkeys, newest first: their id, name and date only (never the key itself).
 *
 * @param userId - the account.
 * @returns at most {@link MAX_PASSKEYS} passkeys.
 */
export async function listAccountPasskeys(
  userId: string,
  executor: Executor = getDb(),
): Promise<AccountPasskey[]> {
  const rows = await executor
    .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(desc(passkey.createdAt), desc(passkey.id))
    .limit(MAX_PASSKEYS)
  return rows.map((row) => ({
    id: row.id,
    name: row.name || 'Clé d’accès',
    addedAt: (row.createdAt ?? new Date(0)).toISOString(),
  }))
}

/** What the browser's registration ceremony needs, and the challenge cookie to set. */
export type PasskeyCeremony = {
  /** WebAuthn options as JSON (`PublicKeyCredentialCreationOptionsJSON` or `…RequestOptionsJSON`). */
  options: Record<string, unknown>
  /** `Set-Cookie` values: better-auth's signed challenge cookie (5 minutes). */
  setCookies: string[]
}

/**
 * First step of adding a passkey: the WebAuthn creation options for the signed-in account (its
 * existing passkeys excluded, a discoverable credential with user verification required).
 *
 * @param headers - the request's headers (the account's session cookie).
 * @param userId - the account, whose passkeys are counted.
 * @returns the {@link PasskeyCeremony}.
 * @throws UseCaseError conflict when the account already holds {@link MAX_PASSKEYS}; refused when
 *   its session is more than a day old (better-auth asks a fresh one) or has ended.
 */
export async function startPasskeyRegistration(
  headers: Headers,
  userId: string,
  executor: Executor = getDb(),
): Promise<PasskeyCeremony> {
  const [held] = await executor.select({ n: count() }).from(passkey).where(eq(passkey.userId, userId))
  if ((held?.n ?? 0) >= MAX_PASSKEYS) throw conflict(TOO_MANY)
  const answer = await answerOf(
    await (await getAuth()).api.generatePasskeyRegistrationOptions({ headers, asResponse: true }),
  )
  if (answer.status !== 200 || !answer.body) throw refused(NOT_FRESH)
  return { options: answer.body, setCookies: answer.setCookies }
}

/**
 * Second step of adding a passkey: better-auth checks the authenticator's answer against the
 * challenge of {@link startPasskeyRegistration} (its cookie, used once), the site's origin and
 * rpID, and the user verification; the passkey is then stored under `name`.
 *
 * @param headers - the request's headers (the session and challenge cookies).
 * @param input.name - the name the person gave it (trimmed, 1–60 characters).
 * @param input.response - the browser's `RegistrationResponseJSON`.
 * @returns the new passkey's id.
 * @throws UseCaseError refused « L’enregistrement de la clé d’accès a échoué… » when the answer
 *   is not accepted (expired or reused challenge, another origin, no user verification…).
 */
export async function addPasskey(
  headers: Headers,
  input: { name: string; response: RegistrationResponseJSON },
): Promise<string> {
  const answer = await answerOf(
    await (await getAuth()).api.verifyPasskeyRegistration({
      headers,
      body: { name: input.name, response: input.response },
      asResponse: true,
    }),
  )
  const id = answer.body?.id
  if (answer.status !== 200 || typeof id !== 'string') throw refused(REGISTRATION_FAILED)
  return id
}

/**
 * Deletes one of the account's passkeys: it no longer signs anyone in.
 *
 * @param userId - the account that asks.
 * @param id - the passkey's id.
 * @throws UseCaseError not-found when it is not one of the account's (or already deleted).
 */
export async function deleteAccountPasskey(
  userId: string,
  id: string,
  executor: Executor = getDb(),
): Promise<void> {
  const removed = await executor
    .delete(passkey)
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
    .returning({ id: passkey.id })
  if (removed.length === 0) throw notFound(PASSKEY_GONE)
}
