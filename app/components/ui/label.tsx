import type { ComponentProps } from 'react'
import { cn } from './cn'
import type { ControlTone } from './input'

const LABEL: Record<ControlTone, string> = {
  admin: 'mb-1 block text-sm font-medium text-gray-800',
  site: 'block text-sm font-medium text-gray-800',
  auction: 'block text-sm font-medium text-stone-800',
}

/**
 * The red star of a required back-office field, drawn by CSS with an empty alternative text
 * (`content: '*' / ''`): neither the label's text nor the field's accessible name contains it
 * (the control's `required` says it), so 'Titre' stays 'Titre' for a screen reader.
 */
const ADMIN_REQUIRED = "after:ml-0.5 after:text-red-600 after:content-['*'_/_'']"

/**
 * A control's label. `required` adds the red star: on the back-office a silent one; on the public
 * pages a star hidden from screen readers and the words ' (obligatoire)' for them (public spec §2:
 * 'Les champs marqués d'un * sont obligatoires').
 */
export function Label({
  tone = 'admin',
  required,
  className,
  children,
  ...props
}: ComponentProps<'label'> & { tone?: ControlTone; required?: boolean }) {
  const adminMark = tone === 'admin' && required
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the caller gives `htmlFor`
    <label className={cn(LABEL[tone], adminMark && ADMIN_REQUIRED, className)} {...props}>
      {children}
      {required && tone !== 'admin' ? (
        <>
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
          <span className="sr-only"> (obligatoire)</span>
        </>
      ) : null}
    </label>
  )
}
