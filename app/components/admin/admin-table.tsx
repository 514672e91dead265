import { Pencil, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch'
import { Button } from '#app/components/ui/button'
import type { AdminActionData } from '#app/lib/admin-result'

/*
 * The back-office's tables with a dialog form (back-office spec §2: the podcast seasons and
 * episodes): one row per record, its visibility switch, its edit and delete buttons. The cards
 * and lists of other screens (timeline events, articles, studio photos) share the same row
 * calls ({@link useRowActions}) and switch, and the cards their 'Modifier' / 'Supprimer' buttons.
 */

/** A column of {@link AdminTable}: its heading, and its classes ('px-3 py-3' by default). */
export type AdminColumn = { label: string; className?: string }

/** Sticky at the frame's left edge, above the cells scrolling under it, with a line at its right. */
const PINNED_CELLS = [
  '[&_th:first-child]:sticky [&_th:first-child]:left-0 [&_th:first-child]:z-10',
  '[&_th:first-child]:shadow-[inset_-1px_0_0_var(--color-gray-200)]',
  '[&_td:first-child]:sticky [&_td:first-child]:left-0 [&_td:first-child]:z-10 [&_td:first-child]:bg-white',
  '[&_td:first-child]:shadow-[inset_-1px_0_0_var(--color-gray-200)]',
].join(' ')

/**
 * Classes of a table that scrolls sideways inside its frame (issue #36 §4): its first column, the
 * row's key (a name, a title), stays in view while the other columns scroll under it, a thin line
 * at its edge. Header cells take `header` as their background, body cells white.
 */
export function pinnedKeyColumn(header: 'bg-gray-50' | 'bg-white' = 'bg-gray-50'): string {
  const th = header === 'bg-gray-50' ? '[&_th:first-child]:bg-gray-50' : '[&_th:first-child]:bg-white'
  return `${PINNED_CELLS} ${th}`
}

/**
 * A back-office table in its white frame, scrolling sideways on small screens with its first
 * column pinned ({@link pinnedKeyColumn}), with a last column of row actions named 'Actions' for
 * screen readers.
 *
 * @param caption - the table's caption, read by screen readers only, e.g. 'Saisons de podcast,
 *   par ordre'.
 * @param columns - the headings before the actions column.
 * @param children - the rows.
 */
export function AdminTable({
  caption,
  columns,
  children,
}: {
  caption: string
  columns: ReadonlyArray<AdminColumn>
  children: ReactNode
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm">
      <table className={`w-full text-left text-sm ${pinnedKeyColumn()}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-gray-200 bg-gray-50 text-xs font-semibold text-gray-700 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.className ?? 'px-3 py-3'}>
                {column.label}
              </th>
            ))}
            <th scope="col" className="px-3 py-3 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </div>
  )
}

/** A table row's one-click calls, from {@link useRowActions}. */
export type RowActions = {
  /** The visibility shown: the value being posted, else the stored one. */
  checked: boolean
  /** The row's deletion is running. */
  deleting: boolean
  /** Its visibility change is running. */
  toggling: boolean
  /** Posts intent 'set-visibility' with the row's id and the new value of its column. */
  setChecked: (next: boolean) => void
  /** Posts intent 'delete' with the row's id. */
  remove: () => void
}

/**
 * The one-click calls of a back-office table row, each on its own fetcher: its visibility
 * (shown at once, before the answer) and its deletion.
 *
 * @param id - the row's id.
 * @param column - the visibility field posted, e.g. 'affichee' or 'publie'.
 * @param stored - the row's stored visibility.
 * @returns the visibility shown, the calls' states and the calls.
 */
export function useRowActions(id: string, column: string, stored: boolean): RowActions {
  const toggle = useFetcher<AdminActionData>()
  const removal = useFetcher<AdminActionData>()
  return {
    checked: toggle.formData ? toggle.formData.get(column) === 'true' : stored,
    deleting: removal.state !== 'idle',
    toggling: toggle.state !== 'idle',
    setChecked: (next) =>
      toggle.submit({ intent: 'set-visibility', id, [column]: String(next) }, { method: 'post' }),
    remove: () => removal.submit({ intent: 'delete', id }, { method: 'post' }),
  }
}

/**
 * A row's visibility switch (a table row's, a card's, a list item's): it shows and posts the
 * row's {@link useRowActions} visibility, and is disabled while a call on the row runs.
 *
 * @param row - the row's {@link useRowActions}.
 * @param label - the words beside it (e.g. 'Photo affichée'), or with `states` its name.
 * @param states - in a table row, the state's words written beside it, when on and when off.
 * @param disabled - disables it besides the row's own calls (e.g. while the page saves).
 */
export function RowVisibilitySwitch({
  row,
  label,
  states,
  disabled,
}: {
  row: RowActions
  label: string
  states?: { on: string; off: string }
  disabled?: boolean
}) {
  return (
    <VisibilitySwitch
      label={label}
      checked={row.checked}
      states={states}
      disabled={row.toggling || row.deleting || disabled}
      onCheckedChange={row.setChecked}
    />
  )
}

/**
 * A row's visibility cell: its switch, named after the row, with its state written beside it;
 * disabled while a call on the row runs.
 *
 * @param row - the row's {@link useRowActions}.
 * @param label - the switch's name, e.g. 'Afficher la saison « Saison 1 » sur le site'.
 * @param states - the state's words, when on and when off.
 */
export function RowVisibilityCell({
  row,
  label,
  states,
}: {
  row: RowActions
  label: string
  states: { on: string; off: string }
}) {
  return (
    <td className="px-3 py-3 align-middle">
      <RowVisibilitySwitch row={row} label={label} states={states} />
    </td>
  )
}

/**
 * A card's 'Modifier' and 'Supprimer' buttons (back-office spec §5: deletion after confirmation),
 * worded, both disabled while a call on the row runs; 'Supprimer' reads 'Suppression...' while
 * the row is being deleted.
 *
 * @param row - the row's {@link useRowActions}.
 * @param onEdit - 'Modifier' chosen.
 * @param editLabel - the edit button's name, e.g. "Modifier l'article Nuit".
 * @param deleteLabel - the delete button's name.
 * @param deleteTitle - the confirmation's title, e.g. "Supprimer l'article".
 * @param deleteDescription - the confirmation's text.
 * @param disabled - disables both besides the row's own calls.
 * @param className - the classes of the buttons' box.
 */
export function RowEditDeleteButtons({
  row,
  onEdit,
  editLabel,
  deleteLabel,
  deleteTitle,
  deleteDescription,
  disabled,
  className,
}: {
  row: RowActions
  onEdit: () => void
  editLabel: string
  deleteLabel: string
  deleteTitle: string
  deleteDescription: string
  disabled?: boolean
  className: string
}) {
  const off = row.toggling || row.deleting || disabled
  return (
    <div className={className}>
      <Button variant="outline" disabled={off} onClick={onEdit} aria-label={editLabel}>
        <Pencil aria-hidden="true" className="size-4" />
        Modifier
      </Button>
      <ConfirmDialog
        title={deleteTitle}
        description={deleteDescription}
        onConfirm={row.remove}
        trigger={
          <Button variant="danger-outline" disabled={off} aria-label={deleteLabel}>
            <Trash2 aria-hidden="true" className="size-4" />
            {row.deleting ? 'Suppression...' : 'Supprimer'}
          </Button>
        }
      />
    </div>
  )
}

/**
 * A row's actions cell: the pencil opening its edit dialog and the bin deleting it after
 * confirmation (back-office spec §5); both disabled while it is being deleted.
 *
 * @param row - the row's {@link useRowActions}.
 * @param editDialog - the row's edit dialog, opened by the given button.
 * @param editLabel - the pencil's name, e.g. 'Modifier la saison « Saison 1 »'.
 * @param deleteLabel - the bin's name, e.g. 'Supprimer la saison « Saison 1 »'.
 * @param deleteTitle - the confirmation's title, e.g. 'Supprimer la saison'.
 * @param deleteDescription - the confirmation's text.
 */
export function RowActionsCell({
  row,
  editDialog,
  editLabel,
  deleteLabel,
  deleteTitle,
  deleteDescription,
}: {
  row: RowActions
  editDialog: (trigger: ReactNode) => ReactNode
  editLabel: string
  deleteLabel: string
  deleteTitle: string
  deleteDescription: string
}) {
  return (
    <td className="px-3 py-3 align-middle">
      <div className="flex justify-end gap-1">
        {editDialog(
          <Button variant="icon" aria-label={editLabel} disabled={row.deleting}>
            <Pencil aria-hidden="true" className="size-4" />
          </Button>,
        )}
        <ConfirmDialog
          title={deleteTitle}
          description={deleteDescription}
          onConfirm={row.remove}
          trigger={
            <Button variant="icon-danger" aria-label={deleteLabel} disabled={row.deleting}>
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          }
        />
      </div>
    </td>
  )
}
