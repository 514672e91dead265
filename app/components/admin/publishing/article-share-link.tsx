import { Check, Copy, Link2, Loader2 } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import type { AdminActionData } from '#app/lib/admin-result'

/**
 * The private share link of the article being edited (issue #36 §2): « Créer un lien de partage »
 * asks the server for a signed link valid 7 days (intent `share` of /admin/articles; its toast says
 * until when), then shows it, selectable and with a copy button. Whoever holds it reads the saved
 * article without an account until it expires; an expired or altered link shows the 404 page.
 */
export function ArticleShareLink({ articleId }: { articleId: string }) {
  const share = useFetcher<AdminActionData>()
  const [copied, setCopied] = useState(false)
  const path = share.data?.ok && share.data.intent === 'share' ? share.data.url : undefined
  const link = path && typeof window !== 'undefined' ? `${window.location.origin}${path}` : path
  return (
    <div className="space-y-2">
      <Button
        variant="outline"
        className="w-full justify-center"
        disabled={share.state !== 'idle'}
        onClick={() => {
          setCopied(false)
          void share.submit({ intent: 'share', id: articleId }, { method: 'post', action: '/admin/articles' })
        }}
      >
        {share.state !== 'idle' ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Link2 aria-hidden="true" className="size-4" />
        )}
        {link ? 'Créer un nouveau lien de partage' : 'Créer un lien de partage'}
      </Button>
      {link ? (
        <div className="flex gap-2">
          <label className="sr-only" htmlFor={`lien-partage-${articleId}`}>
            Lien de partage privé
          </label>
          <input
            id={`lien-partage-${articleId}`}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-50 px-2 py-1.5 text-xs text-gray-900"
          />
          <Button
            variant="outline"
            aria-label={copied ? 'Lien copié' : 'Copier le lien'}
            onClick={() => {
              void navigator.clipboard?.writeText(link).then(() => setCopied(true))
            }}
          >
            {copied ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
          </Button>
        </div>
      ) : null}
      <p className="text-xs text-gray-500">
        Le lien montre la version enregistrée, sans compte, pendant 7 jours. Ne le diffusez qu’aux personnes
        concernées.
      </p>
    </div>
  )
}
