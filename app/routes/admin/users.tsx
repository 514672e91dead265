import { useState } from 'react'
import { AdminEmpty, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { UserCard } from '#app/components/admin/people/user-card'
import { adminAction, adminLoader, defineIntent, loadScreen } from '#app/http/admin-action.server'
import { userIdSchema, userUpdateSchema } from '#app/lib/admin/user-schema'
import { deleteUser } from '#app/services/users/delete-user.server'
import { listUsers } from '#app/services/users/list-users.server'
import { updateUserProfile } from '#app/services/users/update-user-profile.server'
import type { Route } from './+types/users'

export const meta: Route.MetaFunction = () => adminMeta('Gestion des utilisateurs')

/**
 * /admin/users (back-office spec §2 "Users", §6): every account, newest first, and the signed-in
 * administrator's id (their card says "C'est votre compte"). Visitors go to /auth and non-admins
 * to / (the guard); a database failure shows 'Impossible de charger les utilisateurs'.
 */
export const loader = adminLoader(({ admin }: Route.LoaderArgs & { admin: { id: string } }) =>
  loadScreen(
    'Impossible de charger les utilisateurs',
    async () => ({ users: await listUsers(), currentUserId: admin.id }),
    { users: [], currentUserId: admin.id },
  ),
)

/**
 * Intents (back-office spec §2 "Users", §5, §8): `update` (id, nom, prenom, role) and `delete`
 * (id). Enforced by the use cases: one's own account is never deleted (403), the last
 * administrator is neither deleted nor demoted (409), an unknown id answers 404; nothing changes then.
 */
export const action = adminAction<Route.ActionArgs>({
  update: defineIntent({
    schema: userUpdateSchema,
    run: (profile) => updateUserProfile(profile),
    success: (_, { id }) => ({ title: 'Succès', description: 'Utilisateur modifié', id }),
    failure: 'Erreur lors de la mise à jour',
  }),
  delete: defineIntent({
    schema: userIdSchema,
    run: ({ id }, { admin }) => deleteUser({ id, actorId: admin.id }),
    success: (_, { id }) => ({ title: 'Succès', description: 'Utilisateur supprimé', id }),
    failure: "Impossible de supprimer l'utilisateur",
  }),
})

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, currentUserId, loadError } = loaderData
  const [editingId, setEditingId] = useState<string | null>(null)
  return (
    <AdminPage
      title="Gestion des utilisateurs"
      description="Les comptes se créent avec la commande npm run admin (voir le README)."
    >
      {loadError ? (
        <AdminEmpty>{loadError}</AdminEmpty>
      ) : users.length === 0 ? (
        <AdminEmpty>Aucun utilisateur</AdminEmpty>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {users.map((account) => (
            <UserCard
              key={account.id}
              account={account}
              isOwnAccount={account.id === currentUserId}
              isEditing={editingId === account.id}
              onEdit={(editing) =>
                setEditingId((current) => (editing ? account.id : current === account.id ? null : current))
              }
            />
          ))}
        </div>
      )}
    </AdminPage>
  )
}
