import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useMatches,
  useRouteLoaderData,
  data as withHeaders,
} from 'react-router'
import { Toaster } from 'sonner'
import type { Route } from './+types/root'
import { FlashToast } from './components/flash-toast'
import './app.css'
import { ErrorReference } from './components/error-reference'
import { NotFound } from './components/not-found'
import { type ServerDocument, useServerDocument } from './components/server-document'
import { SiteFooter } from './components/site-footer'
import { SiteHeader } from './components/site-header'
import { UnavailableNotice, useIsUnavailable } from './components/unavailable-notice'
import { getEnv } from './env.server'
import { getToast } from './http/toast.server'
import { isAdminActionData } from './lib/admin-result'
import { appearanceCssVariables, fontsInUse, resolveAppearance } from './lib/appearance'
import { fontFaceCss } from './lib/fonts'
import { yearIn } from './lib/format'
import { FEED_PATH } from './lib/sitemap'
import { CACHED_FONTS_SCRIPT, isStaticPage, type PageScript, staticPageScript } from './lib/static-page'
import { getMenu } from './services/pages/get-menu.server'
import { getSiteSettings } from './services/settings/get-site-settings.server'

/** Every page names the articles' feed (issue #11 §1), for feed readers and browsers. */
export const links: Route.LinksFunction = () => [
  { rel: 'alternate', type: 'application/rss+xml', title: 'Actualités (RSS)', href: FEED_PATH },
]

/**
 * What every page reads: appearance, menu, the site's time zone and year, and the flash toast a
 * back-office action or the sign-out left for this page (shown once, app/http/toast.server.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const [site, flash] = await Promise.all([loadSite(), getToast(request)])
  const value = { ...site, toast: flash.toast }
  return flash.headers ? withHeaders(value, { headers: flash.headers }) : value
}

/**
 * React Router reads no loader again after an action answered 4xx or 5xx; a back-office action's
 * answer sets its toast as the flash toast all the same (app/http/admin-action.server.ts), so the
 * root reads it at once after any back-office answer — a refusal ('Une enchère est déjà active',
 * a field refused, a row gone, a forbidden deletion) is seen on the spot (issue #36 §5), like a
 * success. Other routes keep React Router's default.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || isAdminActionData(actionResult)

async function loadSite() {
  const env = getEnv()
  const [settings, menu] = await Promise.all([getSiteSettings(), getMenu()])
  const appearance = resolveAppearance(settings)
  return {
    appearance,
    fontFaceCss: fontFaceCss(fontsInUse(appearance)),
    menu,
    timeZone: env.SITE_TIMEZONE,
    year: yearIn(new Date(), env.SITE_TIMEZONE),
    siteTitle: appearance.siteTitle,
    siteUrl: env.SITE_URL_RESOLVED,
  }
}

/** Data every page can read with `useRouteLoaderData('root')`. */
export type RootData = Awaited<ReturnType<typeof loadSite>> & {
  toast: Awaited<ReturnType<typeof getToast>>['toast']
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root')
  const appearance = data?.appearance ?? resolveAppearance({})
  // A static page is only ever rendered on the server (it is never hydrated): no React scripts.
  const server = useServerDocument()
  const matches = useMatches()
  const isStatic = server !== null && isStaticPage(matches)
  return (
    <html
      lang="fr"
      // The web fonts: after the first paint on a static page (CACHED_FONTS_SCRIPT, enhance/fonts.ts).
      className={isStatic ? undefined : 'polices'}
      style={appearanceCssVariables(appearance) as React.CSSProperties}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {isStatic ? (
          <>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own code (app/lib/static-page.ts), allowed by its hash (server.ts) */}
            <script dangerouslySetInnerHTML={{ __html: CACHED_FONTS_SCRIPT }} />
            <noscript>
              <style>
                {
                  ':root:root{--font-title-shown:var(--font-title);--font-text-shown:var(--font-text);--font-button-shown:var(--font-button)}'
                }
              </style>
            </noscript>
          </>
        ) : null}
        <style>{data?.fontFaceCss ?? ''}</style>
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-[var(--page-bg)] antialiased">
        <a
          href="#contenu"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Aller au contenu
        </a>
        {children}
        {isStatic ? null : (
          <Toaster position="top-center" richColors closeButton visibleToasts={1} duration={4000} />
        )}
        <FlashToast toast={data?.toast} isStatic={isStatic} />
        {isStatic ? (
          <EnhanceScripts script={server.enhanceScript} pageScript={staticPageScript(matches)} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  )
}

/** A static page's scripts: the site's, then the page's own if it has one (deferred, in order). */
function EnhanceScripts({
  script,
  pageScript,
}: {
  script: ServerDocument['enhanceScript']
  pageScript: PageScript | null
}) {
  const sources = pageScript ? [script.src, script.pageScripts[pageScript]] : [script.src]
  return sources.map((src) =>
    script.isModule ? <script key={src} type="module" src={src} /> : <script key={src} src={src} defer />,
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader appearance={loaderData.appearance} menu={loaderData.menu} />
      <main id="contenu" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter appearance={loaderData.appearance} year={loaderData.year} />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<RootData>('root')
  const appearance = data?.appearance ?? resolveAppearance({})
  const year = data?.year ?? new Date().getFullYear()
  const isNotFound = isRouteErrorResponse(error) && error.status === 404
  const isUnavailable = useIsUnavailable()
  return (
    <>
      <SiteHeader appearance={appearance} menu={data?.menu ?? []} />
      <main id="contenu" className="flex-1">
        {isNotFound ? (
          <NotFound />
        ) : (
          <div className="mx-auto max-w-xl px-4 py-24 text-center">
            {isUnavailable ? (
              <UnavailableNotice />
            ) : (
              <>
                <title>Erreur</title>
                <h1 className="text-3xl font-bold">Erreur</h1>
                <p className="mt-4 text-gray-600">Une erreur est survenue lors du chargement</p>
              </>
            )}
            <ErrorReference />
            <a href="/" className="btn mt-8">
              Retour à l'accueil
            </a>
          </div>
        )}
      </main>
      <SiteFooter appearance={appearance} year={year} />
    </>
  )
}
