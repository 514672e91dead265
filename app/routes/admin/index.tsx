import {
  CalendarDays,
  Camera,
  ChevronRight,
  FileText,
  FolderOpen,
  Gavel,
  History,
  Info,
  type LucideIcon,
  Mail,
  Mic,
  Newspaper,
  Palette,
  Podcast,
  Settings,
  ShieldCheck,
  Users,
} from 'lucide-react'
import { Link } from 'react-router'
import { AdminAnswerNotice } from '#app/components/admin/action-answer'
import { adminMeta } from '#app/components/admin/admin-page'
import { DashboardGlance } from '#app/components/admin/dashboard/dashboard-cards'
import { SignOutButton } from '#app/components/admin/sign-out-button'
import { EmailAddress } from '#app/components/email-address'
import { adminAction, loadScreen } from '#app/http/admin-action.server'
import { signOutIntent } from '#app/http/sign-out.server'
import { formatDateTime } from '#app/lib/format'
import { useTimeZone } from '#app/lib/use-time-zone'
import { requireAdmin } from '#app/services/auth/require-user.server'
import { type Dashboard, getDashboard } from '#app/services/dashboard/get-dashboard.server'
import { getPreviousSignIn } from '#app/services/users/get-previous-sign-in.server'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = () => adminMeta('Tableau de bord')

/**
 * The dashboard's data (back-office spec §2 "Dashboard"), behind the admin guard: the signed-in
 * administrator's e-mail and id, the previous sign-in (ISO date-time) or null, and the glance of
 * issue #11 §5 (getDashboard; null with the failure text when it cannot be read) with the server's
 * clock for the auction's time left.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request)
  const previous = await getPreviousSignIn(user.id)
  const account = {
    email: user.email,
    userId: user.id,
    lastSignIn: previous?.toISOString() ?? null,
    serverNow: new Date().toISOString(),
  }
  return loadScreen(
    'Impossible de charger le tableau de bord',
    async () => ({ ...account, dashboard: await getDashboard() }),
    { ...account, dashboard: null as Dashboard | null },
  )
}

/** Intent 'sign-out' (public spec §8 "Logout"): see {@link signOutIntent}. */
export const action = adminAction<Route.ActionArgs>({ 'sign-out': signOutIntent })

type Screen = { to: string; title: string; description: string; icon: LucideIcon }

/** Every back-office screen (back-office spec §2), in the order of the spec's dashboard. */
const SCREENS: Screen[] = [
  {
    to: '/admin/categories',
    title: 'Catégories',
    description: 'Organiser les catégories du portfolio, leur ordre et leur visibilité.',
    icon: FolderOpen,
  },
  {
    to: '/admin/artworks',
    title: 'Œuvres',
    description: 'Ajouter et modifier les œuvres, leurs images, leurs prix et leur statut.',
    icon: Palette,
  },
  {
    to: '/admin/articles',
    title: 'Articles',
    description: 'Rédiger, publier et mettre en avant les articles du blog.',
    icon: Newspaper,
  },
  {
    to: '/admin/users',
    title: 'Utilisateurs',
    description: 'Gérer les comptes et leurs rôles.',
    icon: Users,
  },
  {
    to: '/admin/messages',
    title: 'Messages',
    description: 'Lire, classer et archiver les messages du formulaire de contact.',
    icon: Mail,
  },
  {
    to: '/admin/pages',
    title: 'Pages',
    description: 'Modifier les titres, descriptions et bannières des pages.',
    icon: FileText,
  },
  {
    to: '/admin/saisons-podcast',
    title: 'Saisons de podcast',
    description: 'Créer les saisons et choisir celles qui sont affichées.',
    icon: Podcast,
  },
  {
    to: '/admin/episodes-podcast',
    title: 'Épisodes de podcast',
    description: 'Ajouter les épisodes, leur lecteur et les publier.',
    icon: Mic,
  },
  {
    to: '/admin/evenements',
    title: 'Événements',
    description: 'Composer le parcours : expositions, prix, formations et autres étapes.',
    icon: CalendarDays,
  },
  {
    to: '/admin/photos-atelier',
    title: "Photos d'atelier",
    description: "Téléverser, ordonner et afficher les photos de l'atelier.",
    icon: Camera,
  },
  {
    to: '/admin/encheres',
    title: 'Enchères',
    description: 'Préparer et suivre les enchères privées éphémères.',
    icon: Gavel,
  },
  {
    to: '/admin/settings',
    title: 'Paramètres du site',
    description: 'Couleurs, polices et paramètres généraux du site.',
    icon: Settings,
  },
  {
    to: '/admin/profil',
    title: 'Mon compte',
    description: 'Sécurité du compte : appareils connectés, double authentification.',
    icon: ShieldCheck,
  },
  {
    to: '/admin/journal',
    title: 'Journal des modifications',
    description: 'Qui a modifié quoi, et quand, dans l’administration.',
    icon: History,
  },
]

/**
 * The dashboard (back-office spec §2): 'Connecté en tant que {email}', the sign-out button, the
 * glance of issue #11 §5 (unread messages, auction, scheduled and most-read articles), one
 * card per back-office screen (1 to 3 columns) and the system-information card.
 */
export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone()
  const lastSignIn = loaderData.lastSignIn ? formatDateTime(loaderData.lastSignIn, timeZone) : 'N/A'

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">Administration</h1>
          <p className="mt-1 text-gray-600">
            Connecté en tant que <EmailAddress value={loaderData.email} />
          </p>
        </div>
        <SignOutButton />
      </div>
      <AdminAnswerNotice />

      {loaderData.dashboard ? (
        <DashboardGlance
          dashboard={loaderData.dashboard}
          serverNow={loaderData.serverNow}
          timeZone={timeZone}
        />
      ) : (
        <p className="mt-8 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {loaderData.loadError}
        </p>
      )}

      <nav aria-label="Écrans d'administration" className="mt-8">
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SCREENS.map((screen) => (
            <li key={screen.to}>
              <Link
                to={screen.to}
                className="group flex h-full items-start gap-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm transition hover:border-gray-400 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-gray-800">
                  <screen.icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center justify-between gap-2 font-semibold text-gray-900">
                    {screen.title}
                    <ChevronRight
                      aria-hidden="true"
                      className="size-4 shrink-0 text-gray-400 transition group-hover:translate-x-0.5 group-hover:text-gray-700"
                    />
                  </span>
                  <span className="mt-1 block text-sm text-gray-600">{screen.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section
        aria-labelledby="system-info-title"
        className="mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="system-info-title" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <Info aria-hidden="true" className="size-5" />
          Informations système
        </h2>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-gray-600">Email</dt>
            <dd className="mt-1 font-medium text-gray-900">
              <EmailAddress value={loaderData.email} />
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-gray-600">Identifiant utilisateur</dt>
            <dd className="mt-1 break-words font-mono text-gray-900">{loaderData.userId}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-gray-600">Dernière connexion</dt>
            <dd className="mt-1 font-medium text-gray-900">{lastSignIn}</dd>
          </div>
        </dl>
      </section>
    </div>
  )
}
