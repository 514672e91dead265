import type { ReactNode } from 'react'

/** Classes of the text inputs and selects of the people screens. */
export const INPUT_CLASS =
  'block w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900 focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-600 aria-[invalid=true]:border-red-600'

/**
 * A labelled form field with its French error under it. The control gets `id`, and should set
 * `aria-invalid` and `aria-describedby={errorId(id)}` when `error` is set.
 */
export function Field({
  id,
  label,
  required,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  required?: boolean
  error?: string
  hint?: ReactNode
  children: ReactNode
}) {
  return (
    <div>
      <label
        htmlFor={id}
        className={`mb-1 block text-sm font-medium text-gray-800 ${
          required ? "after:ml-0.5 after:text-red-700 after:content-['*']" : ''
        }`}
      >
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(id)} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** Id of a field's error paragraph. */
export function errorId(id: string): string {
  return `${id}-error`
}

/** `aria-invalid` and `aria-describedby` of a control, given its field's error (and hint). */
export function describedBy(id: string, error: string | undefined, hasHint = false) {
  const ids = [hasHint ? `${id}-hint` : null, error ? errorId(id) : null].filter(Boolean).join(' ')
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined }
}
