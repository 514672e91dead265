import { AdminEmpty, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { PageConfigCard } from '#app/components/admin/publishing/page-config-card'
import { adminAction, adminLoader, defineIntent, loadScreen } from '#app/http/admin-action.server'
import { pageConfigFormSchema } from '#app/lib/admin/page-schema'
import { listPageConfigs } from '#app/services/pages/list-page-configs.server'
import { updatePageConfig } from '#app/services/pages/update-page-config.server'
import type { Route } from './+types/pages'

export const meta: Route.MetaFunction = () => adminMeta('Configuration des pages')

/** /admin/pages (back-office spec §2 "Page configuration"): one card per pages_config row. */
export const loader = adminLoader((_args: Route.LoaderArgs) =>
  loadScreen(
    'Impossible de charger les configurations de pages',
    async () => ({ pages: await listPageConfigs() }),
    {
      pages: [],
    },
  ),
)

/** The spec's failure text of the page configuration (back-office spec §8). */
const SAVE_FAILED = 'Une erreur est survenue lors de la sauvegarde'

/** Intent: update (back-office spec §7 "pages_config: update by id"). */
export const action = adminAction<Route.ActionArgs>({
  update: defineIntent({
    schema: pageConfigFormSchema,
    run: (page) => updatePageConfig(page),
    success: (_, { id }) => ({ title: 'Succès', description: 'Configuration sauvegardée', id }),
    failure: SAVE_FAILED,
  }),
})

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Configuration des pages"
      description="Titres, descriptions, bannières et menu de chaque page du site."
    >
      {loaderData.loadError ? (
        <AdminEmpty>{loaderData.loadError}</AdminEmpty>
      ) : loaderData.pages.length === 0 ? (
        <AdminEmpty>Aucune configuration</AdminEmpty>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {loaderData.pages.map((page) => (
            <PageConfigCard key={`${page.id}`} page={page} />
          ))}
        </div>
      )}
    </AdminPage>
  )
}
