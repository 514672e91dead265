import type { Toast } from '#app/lib/toast'

/**
 * Asks a static page's script to show a toast (app/components/enhance/toast.ts) once, when the
 * page or a form's answer arrives: a `<template>` that displays nothing by itself.
 *
 * @param toast - the toast, or nothing to render nothing.
 */
export function ToastRequest({ toast }: { toast: Toast | null | undefined }) {
  if (!toast) return null
  return (
    <template
      data-toast=""
      data-title={toast.title}
      data-description={toast.description}
      data-type={toast.type}
    />
  )
}
