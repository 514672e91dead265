import { data } from 'react-router'
import { NotFound } from '#app/components/not-found'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'

/** Content only: sent without JavaScript (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export function loader() {
  return data(null, { status: 404 })
}

export default function NotFoundRoute() {
  return <NotFound />
}
