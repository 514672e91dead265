import { X } from 'lucide-react'
import { AlertDialog as AlertDialogPrimitive, Dialog as DialogPrimitive } from 'radix-ui'
import type { ComponentProps, ReactNode } from 'react'
import { buttonClass } from './button'
import { cn } from './cn'

/*
 * Radix dialogs as the back-office draws them: a dimmed page, a centred white panel; focus is kept
 * inside, Escape closes, focus goes back to the button that opened it.
 */

const OVERLAY = 'fixed inset-0 z-40 bg-black/50'
const TITLE = 'text-lg font-semibold text-gray-900'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger

/**
 * A dialog's panel over the dimmed page; it scrolls inside on small screens.
 *
 * @param size - `md` (36 rem wide at most) or `lg` (48 rem, long forms).
 */
export function DialogContent({
  size = 'md',
  className,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { size?: 'md' | 'lg' }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={OVERLAY} />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-4 shadow-xl sm:p-6',
          size === 'lg' ? 'max-w-3xl' : 'max-w-xl',
          className,
        )}
        {...props}
      >
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

/** A dialog's title (its accessible name). */
export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn(TITLE, className)} {...props} />
}

/** A dialog's description (its accessible description). */
export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-gray-600', className)} {...props} />
}

/** The × button closing a dialog, named 'Fermer'. */
export function DialogCloseButton() {
  return (
    <DialogPrimitive.Close
      className="rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2"
      aria-label="Fermer"
    >
      <X aria-hidden="true" className="size-5" />
    </DialogPrimitive.Close>
  )
}

export const AlertDialog = AlertDialogPrimitive.Root
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger

/** An alert dialog's panel (role="alertdialog"): a question and its answers. */
export function AlertDialogContent({ children }: { children: ReactNode }) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={OVERLAY} />
      <AlertDialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
        {children}
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  )
}

/** An alert dialog's title. */
export function AlertDialogTitle({ children }: { children: ReactNode }) {
  return <AlertDialogPrimitive.Title className={TITLE}>{children}</AlertDialogPrimitive.Title>
}

/** An alert dialog's question. */
export function AlertDialogDescription({ children }: { children: ReactNode }) {
  return (
    <AlertDialogPrimitive.Description className="mt-2 text-gray-600">
      {children}
    </AlertDialogPrimitive.Description>
  )
}

/** The answer that closes an alert dialog doing nothing (it takes the focus when it opens). */
export function AlertDialogCancel({ children }: { children: ReactNode }) {
  return (
    <AlertDialogPrimitive.Cancel className={buttonClass('outline')}>{children}</AlertDialogPrimitive.Cancel>
  )
}

/** The answer that does what the alert dialog asks about (a red button). */
export function AlertDialogAction({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <AlertDialogPrimitive.Action className={buttonClass('danger')} onClick={onClick}>
      {children}
    </AlertDialogPrimitive.Action>
  )
}
