import { z } from 'zod'

/** Roles of an account (back-office spec §4 "User role"). */
export const USER_ROLES = ['user', 'admin'] as const
export type UserRole = (typeof USER_ROLES)[number]

/** French label of each role (back-office spec §4: Utilisateur, Administrateur). */
export const USER_ROLE_LABELS: Record<UserRole, string> = {
  user: 'Utilisateur',
  admin: 'Administrateur',
}

/** The label of a stored role; anything unknown reads as 'Utilisateur'. */
export function userRoleLabel(role: string | null | undefined): string {
  return role === 'admin' ? USER_ROLE_LABELS.admin : USER_ROLE_LABELS.user
}

/** Maximum length of nom and prénom, in characters. */
export const USER_NAME_MAX = 100

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(USER_NAME_MAX, `${label} ne doit pas dépasser ${USER_NAME_MAX} caractères`)
    .optional()
    .transform((value) => value || null)

/**
 * The user edit form (back-office spec §2 "Users", §7 "update user by id (nom, prenom, role)"):
 * nom and prénom optional (empty → null), role 'user' or 'admin'.
 */
export const userUpdateSchema = z.object({
  id: z.string({ error: 'Utilisateur introuvable.' }).trim().min(1, 'Utilisateur introuvable.').max(200),
  nom: optionalName('Le nom'),
  prenom: optionalName('Le prénom'),
  role: z.enum(USER_ROLES, { error: 'Veuillez choisir un rôle' }),
})
export type UserUpdateInput = z.infer<typeof userUpdateSchema>

/** `delete` intent: one account id. */
export const userIdSchema = z.object({
  id: z.string({ error: 'Utilisateur introuvable.' }).trim().min(1, 'Utilisateur introuvable.').max(200),
})
