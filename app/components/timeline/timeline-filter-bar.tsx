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
 * The buttons of one filter: 'all' (the value null), then each value present; each links to the
 * current filters with this one changed.
 */
function filterOptions<Key extends keyof TimelineFilters>(
  filters: TimelineFilters,
  key: Key,
  values: ReadonlyArray<NonNullable<TimelineFilters[Key]>>,
  allLabel: string,
  label: (value: NonNullable<TimelineFilters[Key]>) => string,
): Option[] {
  return [null, ...values].map((value) => ({
    key: value === null ? 'all' : String(value),
    label: value === null ? allLabel : label(value),
    filters: { ...filters, [key]: value },
    isActive: filters[key] === value,
  }))
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
  const yearOptions = filterOptions(filters, 'annee', years, 'Toutes les années', String)
  const typeOptions = filterOptions(filters, 'type', types, 'Toutes les catégories', eventTypeLabel)
  return (
    <div className="flex flex-col gap-4 border-y border-gray-200 py-6">
      <FilterGroup title="Année" label="Filtrer par année" options={yearOptions} />
      <FilterGroup title="Catégorie" label="Filtrer par catégorie" options={typeOptions} />
    </div>
  )
}
