import { Menu, Search, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { Appearance } from '#app/lib/appearance'
import { isMenuEntryActive, type MenuEntry } from '#app/lib/menu'

/**
 * Site header (public spec §2): subtitle, title as text or image, menu from pages_config with the
 * active entry marked aria-current="page"; under 768 px the menu hides behind a toggle button and
 * closes when an entry is chosen. A magnifier links to the search page /recherche (issue #35 §3) at
 * every width. The markup is the same whether React drives it (state) or a
 * static page's script does (app/components/enhance/menu.ts): keep the two in step.
 */
export function SiteHeader({ appearance, menu }: { appearance: Appearance; menu: MenuEntry[] }) {
  const [isOpen, setIsOpen] = useState(false)
  const location = useLocation()

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => setIsOpen(false), [location.pathname])

  const links = menu.map((entry) => {
    const isActive = isMenuEntryActive(entry.page_url, location.pathname)
    return (
      <li key={entry.page_name}>
        <Link
          to={entry.page_url}
          prefetch="intent"
          aria-current={isActive ? 'page' : undefined}
          onClick={() => setIsOpen(false)}
          className={`block rounded-md px-3 py-2 text-sm font-medium transition-colors ${
            isActive ? 'bg-gray-900 text-white' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900'
          }`}
        >
          {entry.menu_name}
        </Link>
      </li>
    )
  })

  return (
    <header className="border-b border-gray-200 bg-white/95">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4 sm:px-6 lg:px-8">
        <Link to="/" className="min-w-0" aria-label={`${appearance.siteTitle} — accueil`}>
          <p className="truncate text-xs uppercase tracking-[0.2em] text-gray-500">
            {appearance.siteSubtitle}
          </p>
          {appearance.titleType === 'image' && appearance.titleImage ? (
            <img src={appearance.titleImage} alt={appearance.siteTitle} className="title-image mt-1" />
          ) : (
            <p className="site-title-text font-title leading-tight font-bold text-gray-900">
              {appearance.siteTitle}
            </p>
          )}
        </Link>
        <div className="flex shrink-0 items-center gap-1">
          <nav aria-label="Navigation principale" className="hidden md:block">
            <ul className="flex flex-wrap items-center gap-1">{links}</ul>
          </nav>
          <Link
            to="/recherche"
            aria-label="Rechercher sur le site"
            aria-current={location.pathname === '/recherche' ? 'page' : undefined}
            className="inline-flex size-11 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 hover:text-gray-900 aria-[current=page]:bg-gray-900 aria-[current=page]:text-white"
          >
            <Search aria-hidden className="size-5" />
          </Link>
          <button
            type="button"
            className="rounded-md p-2 text-gray-700 hover:bg-gray-100 md:hidden"
            aria-expanded={isOpen}
            aria-controls="menu-mobile"
            aria-label={isOpen ? 'Fermer le menu' : 'Ouvrir le menu'}
            onClick={() => setIsOpen((value) => !value)}
          >
            <X aria-hidden data-icon="close" className={isOpen ? 'size-6' : 'hidden size-6'} />
            <Menu aria-hidden data-icon="open" className={isOpen ? 'hidden size-6' : 'size-6'} />
          </button>
        </div>
      </div>
      <nav
        id="menu-mobile"
        aria-label="Navigation mobile"
        hidden={!isOpen}
        className="border-t border-gray-200 px-4 pb-4 md:hidden"
      >
        <ul className="mt-2 flex flex-col gap-1">{links}</ul>
      </nav>
    </header>
  )
}
