/**
 * Modal dialogs on static pages (decision 010), on the browser's own `<dialog>`: an element with
 * `data-dialog-open="<dialog id>"` (a button, or a link whose `href` still works without
 * JavaScript) opens it with `showModal()` — the rest of the page inert —; Escape, an element with
 * `data-dialog-close`, or a click on an element marked `data-dialog-backdrop` closes it; Tab and
 * Shift+Tab cycle inside it; the page does not scroll behind it; on close, focus goes back to the
 * opener.
 */

/** What a dialog can receive focus on, in document order. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

const openers = new WeakMap<HTMLDialogElement, HTMLElement>()

/**
 * Opens `dialog` as a modal, remembering `opener` for the focus's return.
 * @param dialog - a `<dialog>` element of the page.
 * @param opener - the element the visitor used, focused again on close.
 */
export function openDialog(dialog: HTMLDialogElement, opener: HTMLElement | null): void {
  if (dialog.open) return
  if (opener) openers.set(dialog, opener)
  document.documentElement.style.overflow = 'hidden'
  dialog.setAttribute('aria-modal', 'true')
  dialog.showModal()
}

/** Closes the open dialog that holds `element`, if any (its `close` handler returns the focus). */
export function closeDialogOf(element: Element): void {
  element.closest('dialog')?.close()
}

function trapTab(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  )
  const first = focusable[0]
  const last = focusable.at(-1)
  if (!first || !last) return
  const active = document.activeElement
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}

/** Wires every dialog of the page, present or inserted later (delegated listeners). */
export function enhanceDialogs(): void {
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null
    const opener = target?.closest<HTMLElement>('[data-dialog-open]')
    if (opener) {
      const dialog = document.getElementById(opener.dataset.dialogOpen ?? '')
      if (dialog instanceof HTMLDialogElement) {
        event.preventDefault()
        openDialog(dialog, opener)
      }
      return
    }
    if (target?.closest('[data-dialog-close]') || target?.hasAttribute('data-dialog-backdrop')) {
      const dialog = target.closest('dialog')
      if (dialog?.open) {
        event.preventDefault()
        dialog.close()
      }
    }
  })
  document.addEventListener('keydown', (event) => {
    const dialog = document.querySelector<HTMLDialogElement>('dialog[open]')
    if (dialog && event.key === 'Tab') trapTab(dialog, event)
  })
  for (const dialog of document.querySelectorAll('dialog')) {
    dialog.addEventListener('close', () => {
      document.documentElement.style.overflow = ''
      openers.get(dialog)?.focus()
      openers.delete(dialog)
    })
  }
}
