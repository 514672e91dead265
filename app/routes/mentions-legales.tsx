import { PageBanner } from '#app/components/page-banner'
import { configuredPageMeta } from '#app/lib/meta'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { getPageContent } from '#app/services/pages/get-page-content.server'
import type { Route } from './+types/mentions-legales'

/** Content only: sent without JavaScript (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export const meta: Route.MetaFunction = (args) => configuredPageMeta(args, 'mentions-legales')

/** /mentions-legales (public spec §2): banner, title and rich description of page configuration 'mentions-legales'. */
export async function loader() {
  return { page: await getPageContent('mentions-legales') }
}

export default function MentionsLegales({ loaderData }: Route.ComponentProps) {
  return (
    <div className="pb-16">
      <PageBanner page={loaderData.page} />
    </div>
  )
}
