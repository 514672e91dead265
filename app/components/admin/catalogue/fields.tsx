import { type ReactNode, useId } from 'react'
import { useFetchers } from 'react-router'

/**
 * Whether any back-office call is running on the page — a save, a delete or an image upload
 * (back-office spec §4: "a shared loading flag disables submit and delete buttons during calls").
 */
export function useIsBusy(): boolean {
  return useFetchers().some((fetcher) => fetcher.state !== 'idle')
}

/**
 * A labelled text input of the catalogue forms, with its French error under it (aria-invalid,
 * aria-describedby) and an optional hint.
 */
export function TextField({
  label,
  name,
  error,
  hint,
  required,
  defaultValue,
  type = 'text',
  step,
  inputMode,
  placeholder,
}: {
  label: string
  name: string
  error?: string
  hint?: ReactNode
  required?: boolean
  defaultValue?: string | number | null
  type?: 'text' | 'number'
  step?: string
  inputMode?: 'numeric' | 'decimal'
  placeholder?: string
}) {
  const id = useId()
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-600">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        step={step}
        inputMode={inputMode}
        placeholder={placeholder}
        required={required}
        defaultValue={defaultValue ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="block w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900 focus:border-sky-500 focus:ring-2 focus:ring-sky-500 focus:outline-none aria-invalid:border-red-600"
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

/** A field's French error message, announced to screen readers. */
export function FieldError({ id, error }: { id?: string; error?: string }) {
  if (!error) return null
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {error}
    </p>
  )
}
