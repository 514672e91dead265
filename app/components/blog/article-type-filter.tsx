import { Link } from 'react-router'
import { ARTICLE_TYPE_LABELS, type ArticleType } from '#app/lib/article-types'

/**
 * The /blog type filter (public spec §2 /blog): 'Tous' plus one link per type present. Links, not
 * buttons, so filtering works without JavaScript and each filter has its own address.
 */
export function ArticleTypeFilter({ types, active }: { types: ArticleType[]; active: ArticleType | null }) {
  const entries: Array<{ key: string; label: string; to: string; isActive: boolean }> = [
    { key: 'tous', label: 'Tous', to: '/blog', isActive: active === null },
    ...types.map((type) => ({
      key: type,
      label: ARTICLE_TYPE_LABELS[type],
      to: `/blog?type=${type}`,
      isActive: active === type,
    })),
  ]
  return (
    <nav aria-label="Filtrer par type">
      <ul className="flex flex-wrap gap-2">
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link
              to={entry.to}
              preventScrollReset
              aria-current={entry.isActive ? 'page' : undefined}
              className={`inline-block rounded-full border px-4 py-1.5 text-sm transition-colors ${
                entry.isActive
                  ? 'border-gray-900 bg-gray-900 text-white'
                  : 'border-gray-300 text-gray-700 hover:border-gray-900 hover:text-gray-900'
              }`}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
