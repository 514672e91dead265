import type { ReactNode } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#app/components/ui/dialog'

/**
 * The back-office's one confirmation before a deletion or an irreversible act (back-office spec
 * §5: 'Deleting asks confirmation first'), as an accessible alert dialog: focus goes to
 * 'Annuler', Escape cancels.
 *
 * @param trigger - the button that opens the dialog (rendered as is, via asChild).
 * @param title - e.g. 'Supprimer la catégorie'.
 * @param description - the spec's text, e.g. 'Êtes-vous sûr de vouloir supprimer cette photo ?'.
 * @param confirmLabel - the red button's text ('Supprimer' by default, 'Terminer' for an auction).
 * @param onConfirm - called when the red button is chosen.
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
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <AlertDialogCancel>Annuler</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  )
}
