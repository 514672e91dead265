import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { getDb } from '#app/db/client.server'
import { emailsSortants, encheres, mises, siteSettings, validationsEmail } from '#app/db/schema'
import { reloadEnv } from '#app/env.server'
import { credentialCookie } from '#app/http/auction-cookies.server'
import { renderBidEmailBody } from '#app/services/auctions/auction-emails.server'
import { stopAuctionEvents } from '#app/services/auctions/auction-events.server'
import { issueBidderCredential } from '#app/services/auctions/bidder-credential.server'
import { placeBid } from '#app/services/auctions/place-bid.server'
import { validateAuctionEmail } from '#app/services/auctions/validate-auction-email.server'
import { hashValidationToken } from '#app/services/auctions/validation-token.server'

type AuctionInsert = typeof encheres.$inferInsert

/** The private link (`lien_prive`) of the auction {@link createTestAuction} inserts by default. */
const TEST_AUCTION_LINK = 'lien-prive-test'

/**
 * Test setup of an auction test file, called once at its top level: before the file's tests the
 * artist's address (CONTACT_EMAIL, where bid notifications go) is `artistEmail`
 * ({@link useArtistEmail}); after them the environment is restored and the auction events' LISTEN
 * connection (opened on PostgreSQL by `subscribeAuctionEvents`) is closed.
 *
 * @param artistEmail - the artist's address (default 'artiste@example.fr').
 */
export function setUpAuctionTests(artistEmail = 'artiste@example.fr'): void {
  let restoreEnv: (() => void) | undefined
  beforeAll(() => {
    restoreEnv = useArtistEmail(artistEmail)
  })
  afterAll(async () => {
    restoreEnv?.()
    await stopAuctionEvents()
  })
}

/**
 * Test helper: inserts an auction. Defaults: active, start price 100 €, started an hour before
 * `now`, ends an hour after it, link {@link TEST_AUCTION_LINK}.
 * @returns the stored row.
 */
async function createTestAuction(values: Partial<AuctionInsert> = {}, now = new Date()) {
  const [row] = await getDb()
    .insert(encheres)
    .values({
      nom: 'Vente privée',
      lien_prive: TEST_AUCTION_LINK,
      prix_depart: '100.00',
      prix_actuel: values.prix_depart ?? '100.00',
      date_debut: new Date(now.getTime() - 3_600_000),
      date_fin: new Date(now.getTime() + 3_600_000),
      statut: 'active',
      ...values,
    })
    .returning()
  if (!row) throw new Error('enchère non insérée')
  return row
}

/** Credentials made by {@link validateTestEmail}, by address: what that bidder's browser holds. */
const testCredentials = new Map<string, string>()

/**
 * Test helper: marks an address as validated for an auction (a consumed validation row) and makes
 * the bidder credential its browser would hold; {@link bidInput} sends it for that address.
 * @returns the credential.
 */
async function validateTestEmail(enchereId: string, email: string): Promise<string> {
  await getDb()
    .insert(validationsEmail)
    .values({
      email,
      token: hashValidationToken(`jeton-${enchereId}-${email}-${Math.random()}`),
      enchere_id: enchereId,
      valide: true,
      expire_le: new Date(Date.now() + 86_400_000),
      utilise_le: new Date(),
    })
  const credential = issueBidderCredential({
    enchereId,
    email,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  })
  testCredentials.set(email, credential)
  return credential
}

/**
 * Test helper: validates `email` for an auction ({@link validateTestEmail}) and returns the `Cookie`
 * request header its browser then sends: `name=value` of the bidder credential cookie the route sets
 * (valid an hour) for the auction's private link `lienPrive` (default {@link TEST_AUCTION_LINK}).
 */
async function validatedCookie(
  enchereId: string,
  email: string,
  lienPrive = TEST_AUCTION_LINK,
): Promise<string> {
  const credential = await validateTestEmail(enchereId, email)
  const setCookie = await credentialCookie(lienPrive, credential, new Date(Date.now() + 3_600_000))
  return setCookie.split(';')[0] ?? ''
}

/** Test helper: sets one site setting. */
async function setTestSetting(key: string, value: string): Promise<void> {
  await getDb().insert(siteSettings).values({ setting_key: key, setting_value: value })
}

/**
 * Test helper: the outbox, oldest first, each e-mail's bodies as the sender sends them: a bid's
 * e-mails, stored without them, are filled from their data ({@link renderBidEmailBody}).
 */
async function outboxRows() {
  const rows = await getDb().select().from(emailsSortants).orderBy(asc(emailsSortants.cree_le))
  return Promise.all(
    rows.map(async (row) => {
      if (row.html !== '' || row.texte !== '') return row
      const body = await renderBidEmailBody({
        modele: row.modele,
        donnees: row.donnees as Record<string, unknown> | null,
      })
      return body ? { ...row, ...body } : row
    }),
  )
}

/** Test helper: an auction's bids, oldest first. */
function bidRows(enchereId: string) {
  return getDb().select().from(mises).where(eq(mises.enchere_id, enchereId)).orderBy(asc(mises.cree_le))
}

/**
 * Test helper: a bid row to insert into `mises`, by the bidder `prenom` (address
 * `{prenom}@exemple.fr`, nom `Nom-{prenom}`).
 *
 * @param montant - the amount in euros, e.g. '120.00'.
 * @param options.email_valide - whether the bidder's address is validated (default true).
 * @param options.cree_le - when the bid was placed (default now).
 */
function testBid(
  enchereId: string,
  prenom: string,
  montant: string,
  { email_valide = true, cree_le = new Date() }: { email_valide?: boolean; cree_le?: Date } = {},
) {
  return {
    enchere_id: enchereId,
    participant_email: `${prenom.toLowerCase()}@exemple.fr`,
    participant_nom: `Nom-${prenom}`,
    participant_prenom: prenom,
    montant,
    email_valide,
    cree_le,
  }
}

/** Test helper: stores bids made by {@link testBid}, in one insert. */
async function insertTestBids(...bids: ReadonlyArray<ReturnType<typeof testBid>>): Promise<void> {
  await getDb()
    .insert(mises)
    .values([...bids])
}

/** Test helper: one auction row. */
async function auctionRow(enchereId: string) {
  const [row] = await getDb().select().from(encheres).where(eq(encheres.id, enchereId))
  if (!row) throw new Error('enchère introuvable')
  return row
}

/** Test helper: sets CONTACT_EMAIL (the artist's address) for the next getEnv(); returns a restore function. */
function useArtistEmail(address: string): () => void {
  const previous = process.env.CONTACT_EMAIL
  process.env.CONTACT_EMAIL = address
  reloadEnv()
  return () => {
    if (previous === undefined) delete process.env.CONTACT_EMAIL
    else process.env.CONTACT_EMAIL = previous
    reloadEnv()
  }
}

/**
 * Test helper: a complete bid form for `email` and `montant` (euros), with the credential of the
 * last {@link validateTestEmail} of that address (none when it was never validated): the bid as
 * the validated bidder's own browser sends it. Override `credential` to bid as another browser.
 */
function bidInput(lienPrive: string, email: string, montant: string | number, prenom = 'Marie') {
  const credential = testCredentials.get(email.trim().toLowerCase()) ?? null
  return { lienPrive, ...bidFormFields(email, String(montant), prenom), credential }
}

/** Test helper: the bid form's fields as a browser posts them (Marie Curie, a valid phone number). */
function bidFormFields(email: string, montant: string, prenom = 'Marie') {
  return { prenom, nom: 'Curie', email, telephone: '06 12 34 56 78', montant }
}

/**
 * Test helper: one browser's auction cookies (bidder credential and pending claim), carried from
 * answer to answer the way the routes set them: bids go through {@link placeBid} with them, and
 * confirming a validation link ({@link validateAuctionEmail}) stores the new credential.
 */
function testBrowser(clientIp = '198.51.100.7') {
  const jar: { credential: string | null; pendingClaim: string | null } = {
    credential: null,
    pendingClaim: null,
  }
  return {
    jar,
    async bid(input: Omit<ReturnType<typeof bidInput>, 'credential'>, options: { now?: Date } = {}) {
      const result = await placeBid({ ...input, ...jar }, { ...options, clientIp })
      if (result.status === 'pending-validation') jar.pendingClaim = result.pendingClaim
      return result
    },
    async confirm(token: string, options: { lienPrive?: string; now?: Date } = {}) {
      const result = await validateAuctionEmail(token, { ...options, pendingClaim: jar.pendingClaim })
      if (result.status === 'validated') {
        jar.credential = result.credential
        jar.pendingClaim = null
      }
      return result
    },
  }
}

/** Test helper: the token of the newest outbox e-mail carrying a validation link ('' when none). */
async function lastMailedToken(): Promise<string> {
  const rows = (await outboxRows()).filter(
    (row) => (row.donnees as { lien_validation?: string }).lien_validation,
  )
  const link = (rows.at(-1)?.donnees as { lien_validation?: string } | undefined)?.lien_validation ?? ''
  return link ? (new URL(link).searchParams.get('token') ?? '') : ''
}

/**
 * The auction test fixtures, the one way a test reaches them (`auctions.create(...)`); each member
 * is documented at its function above. A file whose tests bid or mail also calls
 * {@link setUpAuctionTests} once.
 *
 * - `link`: the private link `create` gives by default ('lien-prive-test').
 * - `create(values?, now?)`: inserts an auction ({@link createTestAuction}); `row(id)`: reads it back.
 * - `validate(enchereId, email)`: a validated address and its browser's credential ({@link validateTestEmail});
 *   `validatedCookie(enchereId, email, lienPrive?)`: the same, as the `Cookie` header that browser sends.
 * - `bidInput(lienPrive, email, montant, prenom?)`, `bidFormFields(email, montant, prenom?)`: bid forms.
 * - `browser(clientIp?)`: one browser's auction cookies carried across bids and confirmations.
 * - `bidRow(enchereId, prenom, montant, options?)` and `insertBids(...rows)`: bids stored directly.
 * - `bids(enchereId)`, `outbox()`, `lastMailedToken()`: what was stored or mailed.
 * - `setSetting(key, value)`, `useArtistEmail(address)`: site setting and artist address.
 */
export const auctions = {
  link: TEST_AUCTION_LINK,
  create: createTestAuction,
  row: auctionRow,
  validate: validateTestEmail,
  validatedCookie,
  bidInput,
  bidFormFields,
  browser: testBrowser,
  bidRow: testBid,
  insertBids: insertTestBids,
  bids: bidRows,
  outbox: outboxRows,
  lastMailedToken,
  setSetting: setTestSetting,
  useArtistEmail,
}
