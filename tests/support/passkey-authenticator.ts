import crypto from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'

/**
 * A software passkey authenticator for server tests (issue #37 §3): what a phone or a security key
 * answers to the WebAuthn ceremonies, computed here with a real P-256 key — `attestation: none`,
 * a COSE public key, ECDSA signatures over authenticator data and client data — so better-auth's
 * passkey plugin checks real answers. The browser tests use Chromium's virtual authenticator.
 */
export type TestAuthenticator = {
  /**
   * The answer to registration options; the credential is kept for {@link TestAuthenticator.signIn}.
   * @param userVerified - whether the device checked its user: default true.
   */
  register: (
    options: PublicKeyCredentialCreationOptionsJSON,
    settings?: { userVerified?: boolean },
  ) => RegistrationResponseJSON
  /**
   * The answer to request options with the last registered credential (or `credentialId`'s).
   * @param userVerified - whether the device checked its user (PIN, biometrics): default true.
   */
  signIn: (
    options: PublicKeyCredentialRequestOptionsJSON,
    settings?: { userVerified?: boolean; credentialId?: string },
  ) => AuthenticationResponseJSON
}

type Credential = { id: Uint8Array; key: crypto.KeyObject; userHandle: string; counter: number }

const FLAG_USER_PRESENT = 0x01
const FLAG_USER_VERIFIED = 0x04
const FLAG_ATTESTED_DATA = 0x40

const sha256 = (bytes: Uint8Array | string) =>
  new Uint8Array(crypto.createHash('sha256').update(bytes).digest())
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes))
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts))
const uint32 = (value: number) => {
  const bytes = new Uint8Array(4)
  new DataView(bytes.buffer).setUint32(0, value)
  return bytes
}

/**
 * Makes a {@link TestAuthenticator} for a relying party.
 *
 * @param origin - the page's origin the browser would report, e.g. 'http://localhost:3000'.
 */
export function createTestAuthenticator(origin: string): TestAuthenticator {
  const credentials: Credential[] = []
  const clientData = (type: string, challenge: string) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  return {
    register(options, { userVerified = true } = {}) {
      const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
          [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
        ]),
      )
      const id = new Uint8Array(crypto.randomBytes(16))
      const idLength = new Uint8Array([id.length >> 8, id.length & 0xff])
      const authData = concat(
        sha256(options.rp.id ?? ''),
        new Uint8Array([FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0) | FLAG_ATTESTED_DATA]),
        uint32(0),
        new Uint8Array(16),
        idLength,
        id,
        cose,
      )
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      )
      credentials.push({ id, key: privateKey, userHandle: options.user.id, counter: 0 })
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
      }
    },
    signIn(options, { userVerified = true, credentialId } = {}) {
      const credential = credentialId
        ? credentials.find((one) => b64(one.id) === credentialId)
        : credentials.at(-1)
      if (!credential) throw new Error('Aucune clé enregistrée sur cet authentificateur de test.')
      credential.counter += 1
      const authData = concat(
        sha256(options.rpId ?? ''),
        new Uint8Array([FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0)]),
        uint32(credential.counter),
      )
      const data = clientData('webauthn.get', options.challenge)
      const signature = crypto.sign('sha256', concat(authData, sha256(data)), credential.key)
      return {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(new Uint8Array(signature)),
          userHandle: credential.userHandle,
        },
      }
    },
  }
}
