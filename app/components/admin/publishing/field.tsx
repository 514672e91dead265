import { type InputHTMLAttributes, type ReactNode, useId } from 'react'

export const INPUT_CLASS =
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-sky-500 focus:outline-none focus:ring-2 focus:ring-sky-500 aria-[invalid=true]:border-red-500'

/** The French message under a field, linked by aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null
}

/**
 * A labelled text input of the back-office forms, with its help line and its French error
 * (aria-invalid, aria-describedby).
 */
export function TextField({
  label,
  error,
  help,
  className = '',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode
  name: string
  error?: string
  help?: ReactNode
}) {
  const id = useId()
  const describedBy = [help ? `${id}-aide` : '', error ? `${id}-erreur` : ''].filter(Boolean).join(' ')
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
        {input.required ? (
          <span aria-hidden="true" className="text-red-600">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <input
        id={id}
        type="text"
        className={INPUT_CLASS}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {help ? (
        <p id={`${id}-aide`} className="mt-1 text-xs text-gray-500">
          {help}
        </p>
      ) : null}
      <FieldError id={`${id}-erreur`} message={error} />
    </div>
  )
}

/** A labelled select with its French error. */
export function SelectField({
  label,
  name,
  defaultValue,
  options,
  error,
}: {
  label: string
  name: string
  defaultValue?: string
  options: Record<string, string>
  error?: string
}) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className={INPUT_CLASS}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erreur` : undefined}
      >
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-erreur`} message={error} />
    </div>
  )
}
