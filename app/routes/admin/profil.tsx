import { Fingerprint, KeyRound, LogOut, MonitorSmartphone, ShieldCheck, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Form, useFetcher, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { z } from 'zod'
import { AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { SignOutButton } from '#app/components/admin/sign-out-button'
import { TextField } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import { adminAction, adminLoader, defineIntent, loadScreen } from '#app/http/admin-action.server'
import { setCookieHeaders } from '#app/http/set-cookies.server'
import { signOutIntent } from '#app/http/sign-out.server'
import { redirectWithToast } from '#app/http/toast.server'
import { passwordAgainSchema, sessionIdSchema, totpCodeSchema } from '#app/lib/admin/account-schema'
import { type AdminActionData, fieldError } from '#app/lib/admin-result'
import { formatDate, formatDateTime } from '#app/lib/format'
import { MAX_PASSKEYS, PASSKEY_NAME_MAX_LENGTH, registerPasskeyInBrowser } from '#app/lib/passkey'
import { addPasskeySchema, passkeyIdSchema } from '#app/lib/passkey-schema'
import { useTimeZone } from '#app/lib/use-time-zone'
import {
  type AccountSession,
  listAccountSessions,
  revokeAccountSession,
  revokeOtherAccountSessions,
} from '#app/services/auth/account-sessions.server'
import {
  type AccountPasskey,
  addPasskey,
  deleteAccountPasskey,
  listAccountPasskeys,
} from '#app/services/auth/passkeys.server'
import { getSignedInSession, hasSecondFactor } from '#app/services/auth/require-user.server'
import {
  confirmTotp,
  disableTotp,
  isSecondFactorRequired,
  renewRecoveryCodes,
  startTotpEnrolment,
} from '#app/services/auth/two-factor.server'
import type { Route } from './+types/profil'

export const meta: Route.MetaFunction = () => adminMeta('Mon compte')

/**
 * /admin/profil (issue #37 §3): the administrator's own account security — the signed-in
 * sessions (device, network, sign-in and last activity; the current one first), the passkeys
 * (name, date added) and the second factor (on or off, and whether the settings require it).
 * The one back-office screen an administrator whose session has no second factor (TOTP, or a
 * passkey sign-in) still reaches when the settings require one.
 */
export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  // The guard's own look-up (one per request): the account and its current session.
  const signedIn = await getSignedInSession(request)
  const account = {
    email: signedIn?.user.email ?? '',
    twoFactorEnabled: signedIn?.user.twoFactorEnabled === true,
    secondFactorMet: signedIn ? hasSecondFactor(signedIn) : false,
  }
  return loadScreen(
    'Impossible de charger le compte',
    async () => ({
      ...account,
      required: await isSecondFactorRequired(),
      sessions: signedIn ? await listAccountSessions(signedIn.user.id, signedIn.session.id) : [],
      passkeys: signedIn ? await listAccountPasskeys(signedIn.user.id) : [],
    }),
    { ...account, required: false, sessions: [] as AccountSession[], passkeys: [] as AccountPasskey[] },
  )
})

/**
 * Intents (issue #37 §3): `sign-out` (for an administrator held here, see {@link signOutIntent}); `revoke-session` (id) « Déconnecter » one device; `revoke-other-sessions`
 * « Déconnecter partout » (every device but this one); `start-two-factor` (password) makes the
 * TOTP secret and the recovery codes, answered once in `shownOnce`; `confirm-two-factor` (code)
 * turns the second factor on; `renew-recovery-codes` (password); `disable-two-factor` (password),
 * refused when the settings require it; `add-passkey` (name, response: the browser's WebAuthn
 * answer to the options of /admin/profil/cle-acces) stores a passkey; `delete-passkey` (id)
 * deletes one of the account's own. A wrong password, code or key answers 400 and changes nothing.
 */
export const action = adminAction<Route.ActionArgs>({
  'sign-out': signOutIntent,
  'revoke-session': defineIntent({
    schema: sessionIdSchema,
    run: ({ id }, { request, admin }) => revokeAccountSession(request.headers, admin.id, id),
    success: (_, { id }) => ({ title: 'Appareil déconnecté', description: 'La session a été fermée.', id }),
    failure: 'Impossible de déconnecter la session',
  }),
  'revoke-other-sessions': defineIntent({
    schema: z.object({}),
    run: (_, { request }) => revokeOtherAccountSessions(request.headers),
    success: { title: 'Appareils déconnectés', description: 'Toutes les autres sessions ont été fermées.' },
    failure: 'Impossible de déconnecter les autres sessions',
  }),
  'add-passkey': defineIntent({
    schema: addPasskeySchema,
    run: ({ name, response }, { request }) => addPasskey(request.headers, { name, response }),
    success: (id, { name }) => ({
      title: 'Clé d’accès ajoutée',
      description: `« ${name} » permet maintenant de se connecter sans mot de passe.`,
      id,
    }),
    failure: 'L’enregistrement de la clé d’accès a échoué.',
  }),
  'delete-passkey': defineIntent({
    schema: passkeyIdSchema,
    run: ({ id }, { admin }) => deleteAccountPasskey(admin.id, id),
    success: (_, { id }) => ({
      title: 'Clé d’accès supprimée',
      description: 'Elle ne permet plus de se connecter.',
      id,
    }),
    failure: 'Impossible de supprimer la clé d’accès',
  }),
  'start-two-factor': defineIntent({
    schema: passwordAgainSchema,
    run: ({ password }, { request }) => startTotpEnrolment(request.headers, password),
    success: (enrolment) => ({
      title: 'Presque terminé',
      description: 'Ajoutez le compte à votre application, puis saisissez un code pour confirmer.',
      shownOnce: enrolment,
    }),
    failure: 'Impossible d’activer la double authentification',
  }),
  'confirm-two-factor': defineIntent({
    schema: totpCodeSchema,
    run: async ({ code }, { request }) =>
      redirectWithToast(
        '/admin/profil',
        {
          type: 'success',
          title: 'Double authentification activée',
          description: 'Un code vous sera demandé à chaque connexion.',
        },
        { headers: setCookieHeaders(await confirmTotp(request.headers, code)) },
      ),
    success: { title: 'Double authentification activée' },
    failure: 'Impossible d’activer la double authentification',
  }),
  'renew-recovery-codes': defineIntent({
    schema: passwordAgainSchema,
    run: ({ password }, { request }) => renewRecoveryCodes(request.headers, password),
    success: (recoveryCodes) => ({
      title: 'Nouveaux codes de secours',
      description: 'Les anciens codes ne fonctionnent plus.',
      shownOnce: { recoveryCodes },
    }),
    failure: 'Impossible de créer de nouveaux codes',
  }),
  'disable-two-factor': defineIntent({
    schema: passwordAgainSchema,
    run: async ({ password }, { request }) =>
      redirectWithToast(
        '/admin/profil',
        { type: 'success', title: 'Double authentification désactivée' },
        { headers: setCookieHeaders(await disableTotp(request.headers, password)) },
      ),
    success: { title: 'Double authentification désactivée' },
    failure: 'Impossible de désactiver la double authentification',
  }),
})

const sectionClass = 'rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6'

export default function AdminProfile({ loaderData }: Route.ComponentProps) {
  const { email, twoFactorEnabled, secondFactorMet, required, sessions, passkeys, loadError } = loaderData
  return (
    <AdminPage title="Mon compte" description={`Sécurité du compte ${email}`}>
      {loadError ? (
        <p role="alert" className="mb-6 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {loadError}
        </p>
      ) : null}
      {required && !secondFactorMet ? (
        <p role="status" className="mb-6 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
          La double authentification est obligatoire pour les administrateurs de ce site : activez-la, ou
          ajoutez une clé d’accès et reconnectez-vous avec elle, pour accéder au reste de l’administration.
        </p>
      ) : null}
      {required && !secondFactorMet ? (
        // The rest of the back-office (the dashboard's button among it) is closed until then.
        <div className="mb-6">
          <SignOutButton />
        </div>
      ) : null}
      <div className="space-y-6">
        <SessionsSection sessions={sessions} />
        <PasskeysSection passkeys={passkeys} />
        <TwoFactorSection enabled={twoFactorEnabled} required={required} />
      </div>
    </AdminPage>
  )
}

/** « Appareils connectés »: each session, « Déconnecter » on the others, « Déconnecter partout ». */
function SessionsSection({ sessions }: { sessions: ReadonlyArray<AccountSession> }) {
  const timeZone = useTimeZone()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const others = sessions.filter((one) => !one.isCurrent).length
  return (
    <section aria-labelledby="sessions-titre" className={sectionClass}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="sessions-titre" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <MonitorSmartphone aria-hidden="true" className="size-5" />
          Appareils connectés
        </h2>
        {others > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke-other-sessions" />
            <Button type="submit" variant="danger-soft" disabled={busy}>
              <LogOut aria-hidden="true" className="size-4" />
              Déconnecter partout
            </Button>
          </Form>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-gray-600">
        « Déconnecter partout » ferme toutes les sessions sauf celle de cet appareil.
      </p>
      <ul className="mt-4 divide-y divide-gray-200">
        {sessions.map((one) => (
          <li
            key={one.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium text-gray-900">
                {one.device}
                {one.isCurrent ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                    Cet appareil
                  </span>
                ) : null}
              </p>
              <p className="text-gray-700">{one.place}</p>
              <p className="text-gray-600">
                Connecté le {formatDateTime(one.signedInAt, timeZone)} · dernière activité le{' '}
                {formatDateTime(one.lastSeenAt, timeZone)}
              </p>
            </div>
            {one.isCurrent ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-session" />
                <input type="hidden" name="id" value={one.id} />
                <Button
                  type="submit"
                  variant="outline"
                  disabled={busy}
                  aria-label={`Déconnecter ${one.device}`}
                >
                  Déconnecter
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * « Clés d’accès »: the account's passkeys (name, date added), « Supprimer » on each (confirmed
 * first), and « Ajouter une clé d’accès »: a name, then the browser's WebAuthn ceremony (its
 * code loaded on that click), whose answer is posted as `add-passkey`. A cancelled or failed
 * ceremony is said under the form and in a toast; nothing is stored then.
 */
function PasskeysSection({ passkeys }: { passkeys: ReadonlyArray<AccountPasskey> }) {
  const timeZone = useTimeZone()
  const add = useFetcher<AdminActionData>()
  const remove = useFetcher<AdminActionData>()
  const [ceremony, setCeremony] = useState<{ busy: boolean; error?: string }>({ busy: false })
  const busy = ceremony.busy || add.state !== 'idle'
  const nameError =
    add.data && !add.data.ok ? (fieldError(add.data, 'name') ?? add.data.toast.description) : undefined
  const error = ceremony.error ?? nameError
  const full = passkeys.length >= MAX_PASSKEYS
  return (
    <section aria-labelledby="cles-acces-titre" className={sectionClass}>
      <h2 id="cles-acces-titre" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Fingerprint aria-hidden="true" className="size-5" />
        Clés d’accès
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Une clé d’accès se connecte sans mot de passe, avec le déverrouillage de votre appareil (empreinte,
        visage, code) ou une clé de sécurité. Elle vaut double authentification.
      </p>
      {passkeys.length > 0 ? (
        <ul className="mt-4 divide-y divide-gray-200" aria-label="Clés d’accès du compte">
          {passkeys.map((one) => (
            <li
              key={one.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="break-words font-medium text-gray-900">{one.name}</p>
                <p className="text-gray-600">Ajoutée le {formatDate(one.addedAt, timeZone)}</p>
              </div>
              <ConfirmDialog
                title="Supprimer la clé d’accès"
                description={`Êtes-vous sûr de vouloir supprimer la clé d’accès « ${one.name} » ? Elle ne permettra plus de se connecter.`}
                onConfirm={() => remove.submit({ intent: 'delete-passkey', id: one.id }, { method: 'post' })}
                trigger={
                  <Button
                    variant="danger-outline"
                    disabled={remove.state !== 'idle'}
                    aria-label={`Supprimer ${one.name}`}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Supprimer
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-gray-600">Aucune clé d’accès pour ce compte.</p>
      )}
      {full ? (
        <p className="mt-4 text-sm text-gray-600">
          Ce compte a {MAX_PASSKEYS} clés d’accès : supprimez-en une pour en ajouter une autre.
        </p>
      ) : (
        <form
          method="post"
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={async (event) => {
            event.preventDefault()
            const form = event.currentTarget
            const name = new FormData(form).get('name')
            setCeremony({ busy: true })
            const result = await registerPasskeyInBrowser()
            if (!result.ok) {
              setCeremony({ busy: false, error: result.message })
              toast.error('Clé d’accès non ajoutée', { description: result.message })
              return
            }
            setCeremony({ busy: false })
            await add.submit(
              {
                intent: 'add-passkey',
                name: typeof name === 'string' ? name : '',
                response: JSON.stringify(result.response),
              },
              { method: 'post' },
            )
            form.reset()
          }}
        >
          <TextField
            label="Nom de la clé"
            name="name"
            placeholder="Ordinateur de l’atelier"
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            required
            errors={error ? [error] : undefined}
            className="min-w-0 flex-1"
          />
          <Button type="submit" disabled={busy}>
            <Fingerprint aria-hidden="true" className="size-4" />
            Ajouter une clé d’accès
          </Button>
        </form>
      )}
    </section>
  )
}

/** A form asking the password again, posted by its own fetcher. */
function PasswordForm({
  intent,
  label,
  variant = 'primary',
  fetcher,
}: {
  intent: string
  label: string
  variant?: 'primary' | 'outline' | 'danger-soft'
  fetcher: ReturnType<typeof useFetcher<AdminActionData>>
}) {
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors?.password : undefined
  return (
    <fetcher.Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <input type="hidden" name="intent" value={intent} />
      <TextField
        label="Mot de passe"
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={200}
        required
        errors={error}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant={variant} disabled={fetcher.state !== 'idle'}>
        {label}
      </Button>
    </fetcher.Form>
  )
}

/** The recovery codes, shown once with what to do with them. */
function RecoveryCodes({ codes }: { codes: ReadonlyArray<string> }) {
  return (
    <div className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-4">
      <h3 className="font-medium text-amber-950">Codes de secours</h3>
      <p className="mt-1 text-sm text-amber-900">
        Conservez-les en lieu sûr (imprimés, ou dans un gestionnaire de mots de passe) : chacun permet une
        connexion sans l’application, une seule fois. Ils ne seront plus affichés.
      </p>
      <ul
        className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5"
        aria-label="Codes de secours"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center text-gray-900">
            {code}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** « Double authentification »: turn it on (then confirm with a first code), renew the codes, turn it off. */
function TwoFactorSection({ enabled, required }: { enabled: boolean; required: boolean }) {
  const start = useFetcher<AdminActionData>()
  const renew = useFetcher<AdminActionData>()
  const disable = useFetcher<AdminActionData>()
  const enrolment = start.data?.ok ? start.data.shownOnce : undefined
  const renewed = renew.data?.ok ? renew.data.shownOnce?.recoveryCodes : undefined
  const navigation = useNavigation()
  return (
    <section aria-labelledby="double-authentification-titre" className={sectionClass}>
      <h2
        id="double-authentification-titre"
        className="flex items-center gap-2 text-lg font-semibold text-gray-900"
      >
        <ShieldCheck aria-hidden="true" className="size-5" />
        Double authentification
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        {enabled
          ? 'Activée : à chaque connexion, après le mot de passe, un code de votre application d’authentification (ou un code de secours) est demandé.'
          : 'Désactivée : le mot de passe suffit pour se connecter. Activez-la avec une application d’authentification (Aegis, Google Authenticator, 1Password…).'}
      </p>
      {enabled ? (
        <div className="mt-4 space-y-6">
          <div>
            <h3 className="font-medium text-gray-900">Nouveaux codes de secours</h3>
            <p className="mb-2 text-sm text-gray-600">Les anciens codes cessent de fonctionner.</p>
            <PasswordForm
              intent="renew-recovery-codes"
              label="Créer de nouveaux codes"
              variant="outline"
              fetcher={renew}
            />
            {renewed ? <RecoveryCodes codes={renewed} /> : null}
          </div>
          {required ? (
            <p className="text-sm text-gray-600">
              Obligatoire pour les administrateurs de ce site : elle ne peut pas être désactivée.
            </p>
          ) : (
            <div>
              <h3 className="font-medium text-gray-900">Désactiver</h3>
              <PasswordForm
                intent="disable-two-factor"
                label="Désactiver"
                variant="danger-soft"
                fetcher={disable}
              />
            </div>
          )}
        </div>
      ) : enrolment?.totpUri ? (
        <div className="mt-4 space-y-4">
          <ol className="list-decimal space-y-2 pl-5 text-sm text-gray-800">
            <li>
              Dans votre application, ajoutez un compte avec cette clé :{' '}
              <code className="break-all rounded bg-gray-100 px-1 py-0.5 font-mono" data-testid="cle-totp">
                {enrolment.secret}
              </code>{' '}
              (sur ce téléphone :{' '}
              <a href={enrolment.totpUri} className="underline">
                ouvrir dans l’application
              </a>
              ).
            </li>
            <li>Notez les codes de secours ci-dessous.</li>
            <li>Saisissez le code à six chiffres que l’application affiche.</li>
          </ol>
          <RecoveryCodes codes={enrolment.recoveryCodes ?? []} />
          <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <input type="hidden" name="intent" value="confirm-two-factor" />
            <TextField
              label="Code de l’application"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              required
              className="min-w-0 flex-1"
            />
            <Button type="submit" disabled={navigation.state !== 'idle'}>
              <KeyRound aria-hidden="true" className="size-4" />
              Confirmer
            </Button>
          </Form>
        </div>
      ) : (
        <div className="mt-4">
          <PasswordForm intent="start-two-factor" label="Activer" fetcher={start} />
        </div>
      )}
    </section>
  )
}
