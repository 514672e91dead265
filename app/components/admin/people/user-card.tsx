import { Pencil, Trash2, UserRound } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { useFetcher } from 'react-router'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { EmailAddress } from '#app/components/email-address'
import { SelectField, TextField } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import { USER_ROLE_LABELS, USER_ROLES, userRoleLabel } from '#app/lib/admin/user-schema'
import { type AdminActionData, fieldError } from '#app/lib/admin-result'
import { formatDate } from '#app/lib/format'
import { useTimeZone } from '#app/lib/use-time-zone'
import type { AdminUserRow } from '#app/services/users/list-users.server'

/**
 * One account of /admin/users (back-office spec §2 "Users", §4 "User role"): name, e-mail, role
 * label, creation date; 'Modifier' opens an inline form (nom, prénom, role) and 'Supprimer' asks
 * for confirmation. The signed-in administrator's own card says "C'est votre compte" and has no
 * delete button (the server refuses it too).
 *
 * @param isEditing - whether this card shows its form (one card at a time, chosen by the page).
 * @param onEdit - asks the page to open (true) or close (false) this card's form.
 */
export function UserCard({
  account,
  isOwnAccount,
  isEditing,
  onEdit,
}: {
  account: AdminUserRow
  isOwnAccount: boolean
  isEditing: boolean
  onEdit: (editing: boolean) => void
}) {
  const fetcher = useFetcher<AdminActionData>()
  const timeZone = useTimeZone()
  const id = useId()
  const busy = fetcher.state !== 'idle'
  const pendingIntent = busy ? String(fetcher.formData?.get('intent') ?? '') : ''
  const result = fetcher.data?.intent === 'update' ? fetcher.data : undefined
  const fullName = [account.prenom, account.nom].filter(Boolean).join(' ')
  const titleId = `${id}-nom`

  // A successful save closes the form once (the list reloads by itself).
  const closedFor = useRef<AdminActionData | undefined>(undefined)
  useEffect(() => {
    const answer = fetcher.data
    if (fetcher.state !== 'idle' || !answer?.ok || answer.intent !== 'update' || closedFor.current === answer)
      return
    closedFor.current = answer
    onEdit(false)
  }, [fetcher.state, fetcher.data, onEdit])

  const errorOf = (name: string) => fieldError(result, name)

  return (
    <article
      aria-labelledby={titleId}
      className={`flex flex-col rounded-lg border bg-white p-4 shadow-sm sm:p-6 ${
        isOwnAccount ? 'border-sky-300 ring-1 ring-sky-200' : 'border-gray-200'
      }`}
    >
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-600">
          <UserRound aria-hidden="true" className="size-5" />
        </div>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="break-words text-lg font-semibold text-gray-900">
            {fullName || 'Nom non renseigné'}
          </h2>
          <p className="text-sm text-gray-700">
            <EmailAddress value={account.email} />
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            account.role === 'admin' ? 'bg-purple-100 text-purple-800' : 'bg-gray-100 text-gray-700'
          }`}
        >
          {userRoleLabel(account.role)}
        </span>
        {isOwnAccount ? (
          <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-800">
            C'est votre compte
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-gray-600">
        Créé le <time dateTime={account.cree_le}>{formatDate(account.cree_le, timeZone)}</time>
      </p>

      {isEditing ? (
        <fetcher.Form method="post" className="mt-4 space-y-3 border-t border-gray-200 pt-4" noValidate>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={account.id} />
          {(
            [
              ['prenom', 'Prénom', account.prenom],
              ['nom', 'Nom', account.nom],
            ] as const
          ).map(([name, label, value]) => (
            <TextField
              key={name}
              label={label}
              name={name}
              defaultValue={value ?? ''}
              maxLength={100}
              autoComplete="off"
              errors={errorOf(name)}
            />
          ))}
          <SelectField
            label="Rôle"
            name="role"
            defaultValue={account.role === 'admin' ? 'admin' : 'user'}
            options={USER_ROLES.map((role) => ({ value: role, label: USER_ROLE_LABELS[role] }))}
            errors={errorOf('role')}
            description={
              isOwnAccount
                ? "Si vous choisissez Utilisateur, vous perdrez l'accès à l'administration."
                : "Un administrateur a accès à toute l'administration."
            }
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {pendingIntent === 'update' ? 'Enregistrement...' : 'Enregistrer'}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => onEdit(false)}>
              Annuler
            </Button>
          </div>
        </fetcher.Form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-gray-100 pt-4">
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => onEdit(true)}
            aria-label={`Modifier ${fullName || account.email}`}
          >
            <Pencil aria-hidden="true" className="size-4" />
            Modifier
          </Button>
          {isOwnAccount ? null : (
            <ConfirmDialog
              title="Supprimer l'utilisateur"
              description={`Êtes-vous sûr de vouloir supprimer l'utilisateur ${fullName ? `« ${fullName} » (${account.email})` : account.email} ? Ses sessions seront fermées. Cette action est irréversible.`}
              onConfirm={() => fetcher.submit({ intent: 'delete', id: account.id }, { method: 'post' })}
              trigger={
                <Button
                  variant="danger-outline"
                  disabled={busy}
                  aria-label={`Supprimer ${fullName || account.email}`}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {pendingIntent === 'delete' ? 'Suppression...' : 'Supprimer'}
                </Button>
              }
            />
          )}
        </div>
      )}
    </article>
  )
}
