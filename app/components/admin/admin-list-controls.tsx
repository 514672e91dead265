import { Search } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, useLocation, useNavigate } from 'react-router'
import { PaginationNav } from '#app/components/pagination-nav'
import { Button } from '#app/components/ui/button'
import { type ListSortOption, SEARCH_PARAM, SORT_PARAM } from '#app/lib/admin/list-params'
import type { PageInfo } from '#app/lib/pagination'

const fieldClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-sky-500 focus:ring-2 focus:ring-sky-500 focus:outline-none'

/**
 * The search box, the sort and the screen's own filters of a back-office list (issue #35 §2), as
 * one GET form: submitting it goes to page 1 of the new list, so it works without JavaScript and
 * the address keeps what is shown. With JavaScript the address leaves out an empty search and the
 * default sort, and a filter `<select>` applies as soon as it changes. Under the form, the count of
 * what matches (« 3 015 œuvres »).
 *
 * @param q - the current search.
 * @param sort - the current `?tri=` value.
 * @param sorts - the screen's sorts (from list-params.ts), default first.
 * @param searchLabel - the search box's label, e.g. 'Rechercher une œuvre'.
 * @param placeholder - the search box's hint, e.g. 'Titre…'.
 * @param count - the count line, e.g. countLabel(total, 'œuvre', 'œuvres').
 * @param hidden - query values to keep (a tab's filter), as hidden fields.
 * @param children - the screen's filter fields (a `<select name="categorie">`…).
 */
export function AdminListControls<Sort extends string>({
  q,
  sort,
  sorts,
  searchLabel,
  placeholder,
  count,
  hidden = {},
  children,
}: {
  q: string
  sort: Sort
  sorts: ReadonlyArray<ListSortOption<Sort>>
  searchLabel: string
  placeholder?: string
  count: string
  hidden?: Record<string, string>
  children?: ReactNode
}) {
  const navigate = useNavigate()
  const location = useLocation()
  const go = (form: HTMLFormElement) => {
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(form)) {
      if (typeof value !== 'string' || value === '') continue
      if (name === SORT_PARAM && value === sorts[0]?.value) continue
      params.append(name, value)
    }
    const query = params.toString()
    navigate(query ? `${location.pathname}?${query}` : location.pathname)
  }
  return (
    <div className="mb-6 space-y-3">
      <Form
        method="get"
        role="search"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          go(event.currentTarget)
        }}
        onChange={(event) => {
          const target = event.target as HTMLElement
          if (target instanceof HTMLSelectElement && target.form) go(target.form)
        }}
      >
        {Object.entries(hidden).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="liste-recherche" className="mb-1 block text-sm font-medium text-gray-800">
            {searchLabel}
          </label>
          <input
            key={q}
            id="liste-recherche"
            type="search"
            name={SEARCH_PARAM}
            defaultValue={q}
            placeholder={placeholder}
            maxLength={100}
            className={fieldClass}
          />
        </div>
        {children}
        {sorts.length > 1 ? (
          <ListFilter id="liste-tri" name={SORT_PARAM} label="Trier par" value={sort} options={sorts} />
        ) : null}
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" className="size-4" />
          Rechercher
        </Button>
      </Form>
      <p role="status" className="text-sm text-gray-700" data-testid="liste-compte">
        {count}
        {q ? ` pour « ${q} »` : ''}
      </p>
    </div>
  )
}

/**
 * One of a screen's own filters placed in {@link AdminListControls}, or its sort: a labelled
 * `<select>` (with `allLabel`, a first option of empty value that shows everything), or, with
 * `type="date"`, a labelled date field.
 * Redrawn when the address changes its value (`key`), since it is uncontrolled.
 *
 * @param name - the query parameter (`?auteur=`); `id` - the field's id, for its label.
 * @param value - the current value ('' for none; a date as `YYYY-MM-DD`).
 * @param allLabel - the select's first option, e.g. 'Tous les auteurs'; none when omitted (a sort).
 * @param options - the select's other options, in order.
 * @param wide - widens a select to its longest options' usual width (12 or 14 rem).
 */
export function ListFilter({
  id,
  name,
  label,
  value,
  type = 'select',
  allLabel,
  options = [],
  wide,
}: {
  id: string
  name: string
  label: string
  value: string
  type?: 'select' | 'date'
  allLabel?: string
  options?: ReadonlyArray<{ value: string; label: string }>
  wide?: 'min-w-48' | 'min-w-56'
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      {type === 'date' ? (
        <input key={value} id={id} type="date" name={name} defaultValue={value} className={fieldClass} />
      ) : (
        <select
          key={value}
          id={id}
          name={name}
          defaultValue={value}
          className={`${fieldClass} ${wide ?? ''}`}
        >
          {allLabel === undefined ? null : <option value="">{allLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </div>
  )
}

/**
 * The numbered page links under a back-office list (issue #35 §2), keeping its search, sort and
 * filters: the shared {@link PaginationNav} at the current address.
 *
 * @param info - the page shown and the list's size.
 */
export function AdminListPages({
  info,
  param,
  label = 'Pages de la liste',
}: {
  info: PageInfo
  /** The page's query parameter, for a second list on one screen (default `page`). */
  param?: string
  label?: string
}) {
  const location = useLocation()
  return (
    <PaginationNav
      info={info}
      pathname={location.pathname}
      search={location.search}
      label={label}
      param={param}
    />
  )
}
