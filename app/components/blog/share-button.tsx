import { Share2 } from 'lucide-react'

/**
 * The article's 'Partager' button (public spec §2 /blog/{slug}): the device share sheet with the
 * title, the excerpt or subtitle and the current address, or a copy of the address confirmed by
 * the toast 'URL copiée'. Markup only: app/components/enhance/share.ts gives it its behaviour on
 * the static article page.
 */
export function ShareButton({ title, text }: { title: string; text: string | null }) {
  return (
    <button
      type="button"
      data-share=""
      data-title={title}
      data-text={text ?? undefined}
      className="btn btn-outline self-start sm:self-auto"
    >
      <Share2 aria-hidden className="size-4" />
      Partager
    </button>
  )
}
