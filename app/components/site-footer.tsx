import { Link } from 'react-router'
import type { Appearance } from '#app/lib/appearance'
import { copyrightLine } from '#app/lib/appearance'

/**
 * Site footer (public spec §2): link to /mentions-legales, the copyright line (default
 * "© {year} {title}. Tous droits réservés.") and the social links that are set, in a new tab.
 */
export function SiteFooter({ appearance, year }: { appearance: Appearance; year: number }) {
  return (
    <footer className="mt-16 text-gray-200" style={{ backgroundColor: 'var(--footer-bg)' }}>
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <p>{copyrightLine(appearance, year)}</p>
        <div className="flex flex-wrap items-center gap-4">
          {appearance.social.map((link) => (
            <a
              key={link.label}
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="underline-offset-4 hover:underline"
            >
              {link.label}
            </a>
          ))}
          <Link to="/mentions-legales" className="underline-offset-4 hover:underline">
            Mentions légales
          </Link>
        </div>
      </div>
    </footer>
  )
}
