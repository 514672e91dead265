import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import type { MetaDescriptor } from 'react-router'
import { Link } from 'react-router'
import { NOINDEX } from '#app/lib/meta'
import { AdminAnswerNotice } from './action-answer'

/**
 * `meta` of a back-office screen: '{title} — Administration', never indexed.
 *
 * @param title - the screen's title, e.g. 'Gestion des catégories'.
 */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} — Administration` }, NOINDEX]
}

/**
 * Frame of every back-office screen (back-office spec §2): a back link to /admin, the title, an
 * optional line of text and the screen's main buttons on the right (below the title at 390 px),
 * then the toast of a form posted without JavaScript ({@link AdminAnswerNotice}, issue #36 §5).
 */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Link
        to="/admin"
        className="inline-flex items-center gap-2 rounded text-sm text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Retour au tableau de bord
      </Link>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
          {description ? <p className="mt-1 text-gray-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <AdminAnswerNotice />
      <div className="mt-8">{children}</div>
    </div>
  )
}

/** Empty state of a back-office list, e.g. 'Aucune catégorie trouvée.' (back-office spec §8). */
export function AdminEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-12 text-center text-gray-600">
      {children}
    </p>
  )
}

/**
 * A screen whose data could not be loaded (back-office spec §8, e.g. 'Impossible de charger les
 * saisons'), inside the admin frame: what a screen's `ErrorBoundary` renders.
 *
 * @param title - the screen's title, e.g. 'Gestion des saisons de podcast'.
 * @param message - the spec's loading-failure text.
 */
export function AdminLoadError({ title, message }: { title: string; message: string }) {
  return (
    <AdminPage title={title}>
      <p
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 px-4 py-6 text-center text-red-800"
      >
        {message}
      </p>
    </AdminPage>
  )
}
