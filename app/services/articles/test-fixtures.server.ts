import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub, Outlet } from 'react-router'
import { getDb } from '#app/db/client.server'
import { articles, encheres } from '#app/db/schema'

type ArticleInsert = typeof articles.$inferInsert

/**
 * Inserts an article for a test. Defaults: published ('publie'), displayed, type 'article',
 * published on 2026-01-15 10:00 UTC, slug derived from the title.
 * @returns the stored row.
 */
export async function insertArticle(values: Partial<ArticleInsert> & { titre: string }) {
  const slug =
    values.slug ??
    values.titre
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  const [row] = await getDb()
    .insert(articles)
    .values({
      contenu: '<p>Contenu</p>',
      statut: 'publie',
      affiche: true,
      date_publication: new Date('2026-01-15T10:00:00Z'),
      ...values,
      slug,
    })
    .returning()
  if (!row) throw new Error('article non inséré')
  return row
}

type AuctionInsert = typeof encheres.$inferInsert

/** Inserts an auction for a test (defaults: active, started an hour ago, ends in a day). @returns the row. */
export async function insertAuction(values: Partial<AuctionInsert> & { nom: string; lien_prive: string }) {
  const now = Date.now()
  const [row] = await getDb()
    .insert(encheres)
    .values({
      prix_depart: '100.00',
      prix_actuel: '100.00',
      date_debut: new Date(now - 3_600_000),
      date_fin: new Date(now + 86_400_000),
      statut: 'active',
      ...values,
    })
    .returning()
  if (!row) throw new Error('enchère non insérée')
  return row
}

/**
 * Renders a route component to HTML on the server as the app does, with `loaderData` (and
 * `actionData`) for the route and the root's time zone (Europe/Paris), so tests assert what a
 * visitor reads.
 */
export function renderRoute(
  Component: React.ComponentType<never>,
  loaderData: unknown,
  url = '/page',
  actionData?: unknown,
  rootData: Record<string, unknown> = {},
): string {
  const pathname = new URL(url, 'http://localhost').pathname
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      children: [
        pathname === '/'
          ? { id: 'page', index: true, Component: Component as React.ComponentType }
          : { id: 'page', path: pathname.slice(1), Component: Component as React.ComponentType },
      ],
    },
  ])
  return renderToString(
    createElement(Stub, {
      initialEntries: [url],
      hydrationData: {
        loaderData: { root: { timeZone: 'Europe/Paris', ...rootData }, page: loaderData },
        actionData: actionData === undefined ? undefined : { page: actionData },
      },
    }),
  )
}
