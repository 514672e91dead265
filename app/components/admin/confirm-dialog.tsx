import { AlertDialog } from 'radix-ui'
import type { ReactNode } from 'react'

/**
 * Confirmation before a deletion (back-office spec §5: 'Deleting asks confirmation first'), as an
 * accessible alert dialog: focus goes to 'Annuler', Escape cancels.
 *
 * @param trigger - the button that opens the dialog (rendered as is, via asChild).
 * @param title - e.g. 'Supprimer la catégorie'.
 * @param description - the spec's text, e.g. 'Êtes-vous sûr de vouloir supprimer cette photo ?'.
 * @param onConfirm - called when 'Supprimer' is chosen.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel = 'Supprimer',
  onConfirm,
}: {
  trigger: ReactNode
  title: string
  description: ReactNode
  confirmLabel?: string
  onConfirm: () => void
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-gray-600">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className="btn btn-outline">Annuler</AlertDialog.Cancel>
            <AlertDialog.Action
              className="inline-flex items-center rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
