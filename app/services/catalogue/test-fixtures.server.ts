import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub, Outlet } from 'react-router'
import { getDb } from '#app/db/client.server'
import { categories, oeuvres } from '#app/db/schema'

type CategoryInsert = typeof categories.$inferInsert
type ArtworkInsert = typeof oeuvres.$inferInsert

/** Inserts a category for a test (defaults: displayed, ordre 0). @returns the stored row. */
export async function insertCategory(values: Partial<CategoryInsert> & { nom: string }) {
  const [row] = await getDb().insert(categories).values(values).returning()
  if (!row) throw new Error('catégorie non insérée')
  return row
}

/** Inserts an artwork for a test (defaults: displayed, disponible, ordre 0). @returns the stored row. */
export async function insertArtwork(values: Partial<ArtworkInsert> & { nom: string }) {
  const [row] = await getDb().insert(oeuvres).values(values).returning()
  if (!row) throw new Error('œuvre non insérée')
  return row
}

/**
 * Renders a route component to HTML on the server the way the app does, with `loaderData` for
 * the route and the root's time zone (Europe/Paris), so tests assert what a visitor reads.
 */
export function renderRoute(
  Component: React.ComponentType<{ loaderData: never }>,
  loaderData: unknown,
  url = '/page',
): string {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      children: [{ id: 'page', path: url.slice(1), Component: Component as React.ComponentType }],
    },
  ])
  return renderToString(
    createElement(Stub, {
      initialEntries: [url],
      hydrationData: { loaderData: { root: { timeZone: 'Europe/Paris' }, page: loaderData } },
    }),
  )
}
