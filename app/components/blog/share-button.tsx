import { Share2 } from 'lucide-react'
import { toast } from 'sonner'

/**
 * Shares the current article (public spec §2 /blog/{slug}): the device share sheet with the title,
 * the excerpt or subtitle and the current address when `navigator.share` exists; otherwise the
 * address is copied and the toast 'URL copiée' / 'L'URL de l'article a été copiée dans le
 * presse-papiers' confirms it.
 */
export function ShareButton({ title, text }: { title: string; text: string | null }) {
  async function share() {
    const url = window.location.href
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: text ?? undefined, url })
        return
      } catch (error) {
        if ((error as DOMException | undefined)?.name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      toast.success('URL copiée', { description: "L'URL de l'article a été copiée dans le presse-papiers" })
    } catch {
      toast.error('Erreur', { description: "Impossible de copier l'URL de l'article" })
    }
  }

  return (
    <button type="button" onClick={share} className="btn btn-outline self-start sm:self-auto">
      <Share2 aria-hidden className="size-4" />
      Partager
    </button>
  )
}
