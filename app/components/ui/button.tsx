import type { LucideIcon } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from './cn'

/**
 * The site's buttons: `primary` and `outline` are app.css's `.btn` (the site's button colour, font
 * and radius, from the appearance settings) and `.btn-outline`; `danger-outline` an outline button
 * in red (deletes); `danger-soft` the catalogue cards' red-bordered delete; `danger` the filled red
 * button confirming a deletion; `icon` and `icon-danger` the square icon buttons of table rows and
 * lists (name them with `aria-label`).
 */
export type ButtonVariant =
  | 'primary'
  | 'outline'
  | 'danger-outline'
  | 'danger-soft'
  | 'danger'
  | 'icon'
  | 'icon-danger'

const VARIANT: Record<ButtonVariant, string> = {
  primary: 'btn',
  outline: 'btn btn-outline',
  'danger-outline': 'btn btn-outline text-red-700',
  'danger-soft':
    'inline-flex items-center gap-2 rounded-md border border-red-200 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60',
  danger:
    'inline-flex items-center rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600',
  icon: 'rounded p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2',
  'icon-danger':
    'rounded p-2 text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2',
}

/**
 * The classes of a button of `variant`, for an element that is not a `<button>` (a link, a file
 * input's label).
 */
export function buttonClass(variant: ButtonVariant = 'primary', className?: string): string {
  return cn(VARIANT[variant], className)
}

/** A button of the kit (`type="button"` unless told otherwise). `className` adds layout classes. */
export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />
}

/**
 * The submit button of a public form answered in place (app/components/enhance/form.ts): while the
 * request runs it is disabled and reads "Envoi en cours...". An optional icon stands before the
 * label; `className` adds layout classes to the `.btn`.
 */
export function SubmitButton({
  icon: Icon,
  className,
  children,
}: {
  icon?: LucideIcon
  className?: string
  children: ReactNode
}) {
  return (
    <button
      type="submit"
      className={buttonClass('primary', className)}
      data-pending-label="Envoi en cours..."
    >
      {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
      {children}
    </button>
  )
}
