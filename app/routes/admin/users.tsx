import { useState } from 'react'
import { AdminListControls, AdminListPages } from '#app/components/admin/admin-list-controls'
import { AdminEmpty, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { UserCard } from '#app/components/admin/people/user-card'
import { adminAction, adminLoader, defineIntent, loadScreen } from '#app/http/admin-action.server'
import { DATED_LIST_SORTS, parseListParams } from '#app/lib/admin/list-params'
import { userIdSchema, userUpdateSchema } from '#app/lib/admin/user-schema'
import { countLabel } from '#app/lib/pagination'
import { deleteUser } from '#app/services/users/delete-user.server'
import { listUsers, USERS_PAGE_SIZE } from '#app/services/users/list-users.server'
import { updateUserProfile } from '#app/services/users/update-user-profile.server'
import type { Route } from './+types/users'

export const meta: Route.MetaFunction = () => adminMeta('Gestion des utilisateurs')

/**
 * /admin/users?q=&tri=&page= (back-office spec §2 "Users", §6; issue #35 §2): one page of
 * accounts, newest first or by name, matching the search on e-mail or name, and the signed-in
 * administrator's id (their card says "C'est votre compte"). Visitors go to /auth and non-admins
 * to / (the guard); a database failure shows 'Impossible de charger les utilisateurs'.
 */
export const loader = adminLoader(({ admin, request }: Route.LoaderArgs & { admin: { id: string } }) => {
  const params = parseListParams(new URL(request.url).searchParams, DATED_LIST_SORTS)
  const list = { q: params.q, sort: params.sort, currentUserId: admin.id }
  return loadScreen(
    'Impossible de charger les utilisateurs',
    async () => ({ ...list, ...(await listUsers(params)) }),
    { ...list, users: [], info: { page: 1, pageSize: USERS_PAGE_SIZE, total: 0, pageCount: 1 } },
  )
})

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
  const { users, currentUserId, loadError, info, q, sort } = loaderData
  const [editingId, setEditingId] = useState<string | null>(null)
  return (
    <AdminPage
      title="Gestion des utilisateurs"
      description="Les comptes se créent avec la commande npm run admin (voir le README)."
    >
      <AdminListControls
        q={q}
        sort={sort}
        sorts={DATED_LIST_SORTS}
        searchLabel="Rechercher un utilisateur"
        placeholder="E-mail ou nom…"
        count={countLabel(info.total, 'utilisateur', 'utilisateurs')}
      />
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
      <AdminListPages info={info} />
    </AdminPage>
  )
}
