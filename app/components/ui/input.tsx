import type { ComponentProps } from 'react'
import { cn } from './cn'

/**
 * The looks of a form control: `admin` for the back-office, `site` for the public pages (the
 * contact form), `auction` for the private auction page (its stone palette). An invalid control
 * (`aria-invalid="true"`) has a red border in each.
 */
export type ControlTone = 'admin' | 'site' | 'auction'

const PUBLIC_CONTROL =
  'mt-1.5 block w-full rounded-md border bg-white px-3 py-2.5 text-base shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-[var(--button-color,#0ea5e9)] aria-invalid:border-red-500'

const CONTROL: Record<ControlTone, string> = {
  admin:
    'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-sky-500 focus:ring-2 focus:ring-sky-500 focus:outline-none aria-invalid:border-red-600',
  site: `${PUBLIC_CONTROL} border-gray-300 text-gray-900 placeholder:text-gray-400`,
  auction: `${PUBLIC_CONTROL} border-stone-300 text-stone-900 placeholder:text-stone-400`,
}

/**
 * The classes of a text input, textarea or select of `tone`, plus `className` (width, font…).
 *
 * @param tone - the look.
 * @param className - classes added to the control's.
 */
export function controlClass(tone: ControlTone, className?: string): string {
  return cn(CONTROL[tone], className)
}

/** A text input (any `type` but checkbox or radio) of the kit. */
export function Input({
  tone = 'admin',
  className,
  type = 'text',
  ...props
}: ComponentProps<'input'> & { tone?: ControlTone }) {
  return <input type={type} className={controlClass(tone, className)} {...props} />
}

/** A multi-line text input of the kit. */
export function Textarea({
  tone = 'admin',
  className,
  ...props
}: ComponentProps<'textarea'> & { tone?: ControlTone }) {
  return <textarea className={controlClass(tone, className)} {...props} />
}
