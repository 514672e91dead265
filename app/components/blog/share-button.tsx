import { Share2 } from 'lucide-react'

/**
 * The article's 'Partager' button (public spec §2 /blog/{slug}): the device share sheet with the
 * title, the excerpt or subtitle and the article's public address, or a copy of that address
 * confirmed by the toast 'URL copiée'. Markup only: app/components/enhance/share.ts gives it its
 * behaviour on the static article page.
 *
 * @param path - the article's public path, `/blog/{slug}`: what is shared, without the query
 *   string (tracking parameters) and, from the preview (issue #11 §3), not the admin-only address.
 */
export function ShareButton({ title, text, path }: { title: string; text: string | null; path: string }) {
  return (
    <button
      type="button"
      data-share=""
      data-title={title}
      data-text={text ?? undefined}
      data-path={path}
      className="btn btn-outline self-start sm:self-auto"
    >
      <Share2 aria-hidden className="size-4" />
      Partager
    </button>
  )
}
