/**
 * A stored rich text (HTML sanitized on write, DESIGN.md §5) in the site's rich-text styles, or
 * nothing when there is none. Markup only: no state, no script.
 *
 * @param html - the stored HTML; null or '' renders nothing.
 * @param className - the Tailwind classes after `rich-text` (prose size, margins, colours).
 * @param id - the element's id, when a control names it (aria-describedby).
 */
export function RichText({
  html,
  className,
  id,
}: {
  html: string | null | undefined
  className: string
  id?: string
}) {
  if (!html) return null
  return (
    <div
      id={id}
      className={`rich-text ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitized on write (DESIGN.md §5)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
