/**
 * Toasts on static pages (public spec §8–§9, decision 010): the look of the back-office's sonner
 * toasts (top centre, rich colours, a close button) without React. One visible at a time, for
 * {@link TOAST_DURATION_MS}; a new one replaces the one shown.
 *
 * A server-rendered page asks for a toast with {@link ToastRequest}'s markup (`<template
 * data-toast data-title data-description data-type>`): the enhancement script shows it once when
 * the page (or a form's answer, see form.ts) arrives.
 */

/** How long a toast stays, in ms (public spec §9: the toast library's default). */
export const TOAST_DURATION_MS = 4000

import type { Toast } from '#app/lib/toast'

const TYPE_CLASSES: Record<Toast['type'], string> = {
  success: 'border-green-200 bg-green-50 text-green-800',
  error: 'border-red-200 bg-red-50 text-red-700',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
}

let hideTimer: ReturnType<typeof setTimeout> | undefined

/** The page's notification region, made on first use. */
function notificationRegion(): HTMLElement {
  const existing = document.getElementById('notifications')
  if (existing) return existing
  const region = document.createElement('section')
  region.id = 'notifications'
  region.setAttribute('aria-label', 'Notifications')
  // A popover sits in the top layer: above an open modal dialog, and not made inert by it.
  region.setAttribute('popover', 'manual')
  region.className =
    'pointer-events-none fixed inset-x-0 top-4 m-0 flex w-full justify-center border-0 bg-transparent p-0 px-4'
  document.body.append(region)
  return region
}

/**
 * Shows `toast`, replacing any toast on screen; it leaves after 4000 ms or on its close button.
 * Announced politely (`role="status"`) or assertively for an error (`role="alert"`).
 */
export function showToast(toast: Toast): void {
  const region = notificationRegion()
  // Shown again each time, so that it comes above a dialog opened since.
  if (region.matches(':popover-open')) region.hidePopover()
  region.showPopover()
  clearTimeout(hideTimer)
  const card = document.createElement('div')
  card.setAttribute('role', toast.type === 'error' ? 'alert' : 'status')
  card.className = `pointer-events-auto relative w-[356px] max-w-full rounded-lg border py-4 pr-10 pl-4 text-sm shadow-lg ${TYPE_CLASSES[toast.type]}`
  const title = document.createElement('p')
  title.className = 'font-semibold'
  title.textContent = toast.title
  card.append(title)
  if (toast.description) {
    const description = document.createElement('p')
    description.className = 'mt-0.5'
    description.textContent = toast.description
    card.append(description)
  }
  const close = document.createElement('button')
  close.type = 'button'
  close.setAttribute('aria-label', 'Fermer la notification')
  close.className = 'absolute top-2 right-2 rounded p-1 leading-none opacity-70 hover:opacity-100'
  close.textContent = '×'
  const hide = () => {
    card.remove()
    if (!region.hasChildNodes()) region.hidePopover()
  }
  close.addEventListener('click', hide)
  card.append(close)
  region.replaceChildren(card)
  hideTimer = setTimeout(hide, TOAST_DURATION_MS)
}

/**
 * Shows the toasts a server-rendered fragment asks for (`template[data-toast]`, see
 * `ToastRequest` in app/components/toast-request.tsx), the last one winning, and removes the
 * requests so that none shows twice.
 *
 * @param root - the document or the fragment a form's answer brought.
 */
export function showRequestedToasts(root: ParentNode): void {
  for (const request of root.querySelectorAll<HTMLTemplateElement>('template[data-toast]')) {
    const { title, description, type } = request.dataset
    request.remove()
    if (title) showToast({ title, description, type: type === 'error' || type === 'info' ? type : 'success' })
  }
}
