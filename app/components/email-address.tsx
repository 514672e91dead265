import { Fragment } from 'react'

/**
 * An e-mail address that wraps where a reader expects it (issue #36 §4): before its '@' and its
 * dots, never in the middle of a word as `word-break: break-all` does; a single part longer than
 * the line still wraps (`overflow-wrap: break-word`, the last resort) rather than leave the screen.
 *
 * @param value - the address, e.g. 'jeanne.delorme@exemple.fr'.
 * @param className - classes of the wrapping span.
 */
export function EmailAddress({ value, className = '' }: { value: string; className?: string }) {
  const parts = value.split(/(?=[.@])/)
  return (
    <span className={`break-words ${className}`.trim()}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
