import { type ReactNode, useId } from 'react'

const INPUT =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-sky-600 focus:ring-2 focus:ring-sky-500 focus:outline-none aria-invalid:border-red-600'

/** Error text under a field, referenced by the field's aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  )
}

/**
 * A labelled form control of the studio forms: input (any type), textarea or select, with its
 * French error under it (aria-invalid, aria-describedby) and an optional note.
 */
export function Field({
  label,
  name,
  error,
  note,
  as = 'input',
  children,
  className = '',
  ...props
}: {
  label: string
  name: string
  error?: string
  note?: ReactNode
  as?: 'input' | 'textarea' | 'select'
  children?: ReactNode
} & Omit<
  React.InputHTMLAttributes<HTMLInputElement> & React.TextareaHTMLAttributes<HTMLTextAreaElement>,
  'name'
>) {
  const id = useId()
  const errorId = `${id}-erreur`
  const noteId = `${id}-note`
  const describedBy = [error ? errorId : null, note ? noteId : null].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: `${INPUT} ${className}`,
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      {as === 'textarea' ? (
        <textarea {...(props as React.TextareaHTMLAttributes<HTMLTextAreaElement>)} {...common} />
      ) : as === 'select' ? (
        <select {...(props as React.SelectHTMLAttributes<HTMLSelectElement>)} {...common}>
          {children}
        </select>
      ) : (
        <input {...(props as React.InputHTMLAttributes<HTMLInputElement>)} {...common} />
      )}
      {note ? (
        <div id={noteId} className="mt-1 text-xs text-gray-600">
          {note}
        </div>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  )
}
