import type { ComponentProps } from 'react'
import { type ControlTone, controlClass } from './input'

/** A choice in a {@link Select}: its posted value and its French label. */
export type SelectOption = { value: string; label: string }

/**
 * A native select, styled as the kit's text inputs. Its choices are `options` (value → label, or a
 * list in order) or its `children` (`<option>` elements).
 */
export function Select({
  tone = 'admin',
  className,
  options,
  children,
  ...props
}: ComponentProps<'select'> & {
  tone?: ControlTone
  options?: Readonly<Record<string, string>> | ReadonlyArray<SelectOption>
}) {
  const choices = options
    ? Array.isArray(options)
      ? (options as ReadonlyArray<SelectOption>)
      : Object.entries(options).map(([value, label]) => ({ value, label }))
    : null
  return (
    <select className={controlClass(tone, className)} {...props}>
      {choices
        ? choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))
        : children}
    </select>
  )
}
