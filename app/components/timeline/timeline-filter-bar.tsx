import { Link } from 'react-router'
import {
  type EvenementType,
  eventTypeLabel,
  type TimelineFilters,
  timelineHref,
} from '#app/lib/timeline-filters'

type Option = { key: string; label: string; filters: TimelineFilters; isActive: boolean }

function FilterGroup({ title, label, options }: { title: string; label: string; options: Option[] }) {
  return (
    <nav aria-label={label} className="flex flex-col gap-2 sm:flex-row sm:items-baseline sm:gap-4">
      <p aria-hidden className="w-28 shrink-0 text-xs font-medium tracking-[0.18em] text-gray-500 uppercase">
        {title}
      </p>
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => (
          <li key={option.key}>
            <Link
              to={timelineHref(option.filters)}
              preventScrollReset
              aria-current={option.isActive ? 'true' : undefined}
              className={`inline-flex items-center rounded-full border px-3.5 py-1.5 text-sm transition-colors ${
                option.isActive
                  ? 'border-gray-900 bg-gray-900 text-white'
                  : 'border-gray-300 text-gray-700 hover:border-gray-500 hover:text-gray-900'
              }`}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * The /parcours year and type filters (public spec §2): plain links to `?annee=…&type=…` so they
 * work without JavaScript and can be shared; the chosen button carries aria-current="true".
 * Choosing a year keeps the type, and the other way round.
 *
 * @param years - years present, newest first; @param types - types present.
 */
export function TimelineFilterBar({
  filters,
  years,
  types,
}: {
  filters: TimelineFilters
  years: number[]
  types: EvenementType[]
}) {
  const yearOptions: Option[] = [
    {
      key: 'all',
      label: 'Toutes les années',
      filters: { ...filters, annee: null },
      isActive: filters.annee === null,
    },
    ...years.map((annee) => ({
      key: String(annee),
      label: String(annee),
      filters: { ...filters, annee },
      isActive: filters.annee === annee,
    })),
  ]
  const typeOptions: Option[] = [
    {
      key: 'all',
      label: 'Toutes les catégories',
      filters: { ...filters, type: null },
      isActive: filters.type === null,
    },
    ...types.map((type) => ({
      key: type,
      label: eventTypeLabel(type),
      filters: { ...filters, type },
      isActive: filters.type === type,
    })),
  ]
  return (
    <div className="flex flex-col gap-4 border-y border-gray-200 py-6">
      <FilterGroup title="Année" label="Filtrer par année" options={yearOptions} />
      <FilterGroup title="Catégorie" label="Filtrer par catégorie" options={typeOptions} />
    </div>
  )
}
