import { createHmac, randomInt } from 'node:crypto'
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { resolveAuthSecret } from '#app/auth.server'
import { getEnv } from '#app/env.server'
import { createRateLimit } from '#app/services/rate-limit.server'

/**
 * Proof-of-work challenges (issue #37 §1, decision 040), made and checked with altcha-lib on this
 * server: no third party sees the visitor. A challenge asks the browser (the `altcha` widget) to
 * find a counter whose PBKDF2 key starts with a given prefix: about a second of a phone's work,
 * nothing for one request, a real cost for thousands. The challenge is signed (HMAC, a key
 * derived from the app secret), lapses after {@link CHALLENGE_TTL_MS}, and a solution counts once.
 */

/** The key derivation the browser repeats: PBKDF2-SHA-256 with this many iterations per try. */
const CHALLENGE_COST = 500
/** The secret counter lies between these bounds: the solver tries each from 0, about 1,000–3,000 keys. */
const COUNTER_RANGE = [1_000, 3_000] as const
/** How long a challenge may be solved and sent, in ms (10 minutes). */
export const CHALLENGE_TTL_MS = 10 * 60_000

/** Solutions already used, by challenge nonce: each counts once while its challenge lives. */
const usedSolutions = createRateLimit({
  keyPrefix: 'proof-of-work-used',
  points: 1,
  durationSeconds: CHALLENGE_TTL_MS / 1000,
})

/** The HMAC secrets of challenges: derived from the app secret, one per use. */
function secrets() {
  const secret = resolveAuthSecret(getEnv())
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest('hex')
  return {
    hmacSignatureSecret: derive('encre:proof-of-work:signature:v1'),
    hmacKeySignatureSecret: derive('encre:proof-of-work:key:v1'),
  }
}

/** A challenge as the widget reads it (its `challenge` attribute, as JSON). */
export type ProofOfWorkChallenge = Challenge

/**
 * Makes a new signed challenge.
 * @param now - the server's clock in ms (tests), default now.
 * @returns the challenge, to give the widget as JSON.
 */
export function createProofOfWorkChallenge(now: number = Date.now()): Promise<ProofOfWorkChallenge> {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: CHALLENGE_COST,
    counter: randomInt(COUNTER_RANGE[0], COUNTER_RANGE[1]),
    deriveKey,
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
    ...secrets(),
  })
}

/**
 * Checks the widget's answer (the form field `PROOF_OF_WORK_FIELD`, app/lib/proof-of-work.ts: base64 of
 * `{ challenge, solution }`): signed by this server, not lapsed, solved, and not used before — a
 * solution is spent by this call.
 *
 * @param payload - the field's value, anything (absent, malformed, forged: false).
 * @returns true when the proof holds and was not used before.
 */
export async function verifyProofOfWork(payload: unknown): Promise<boolean> {
  if (typeof payload !== 'string' || payload.length === 0 || payload.length > 4_000) return false
  let parsed: { challenge?: Challenge; solution?: { counter: number; derivedKey: string } }
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))
  } catch {
    return false
  }
  const { challenge, solution } = parsed ?? {}
  if (!challenge?.parameters || typeof challenge.parameters.nonce !== 'string' || !solution) return false
  try {
    const result = await verifySolution({ challenge, solution, deriveKey, ...secrets() })
    if (!result.verified) return false
  } catch {
    return false
  }
  return (await usedSolutions.consume(challenge.parameters.nonce)).allowed
}
