import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '#app/components/ui/button'

/**
 * The page a link from an e-mail opens (issue #10 §1 and §4): opening it changes nothing (mail
 * scanners open links), its button confirms with a POST to the same address; after the POST, or
 * for a link that cannot be used, the page says so with a way home. Plain HTML: it works without
 * JavaScript.
 *
 * @param title - the page's heading; `children` - its explanation.
 * @param submitLabel - the confirm button's text; without it, no form (a result or an error).
 * @param tone - 'error' colours the icon red.
 */
export function LinkConfirmation({
  icon: Icon,
  title,
  children,
  submitLabel,
  tone = 'normal',
}: {
  icon: LucideIcon
  title: string
  children: ReactNode
  submitLabel?: string
  tone?: 'normal' | 'error'
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center sm:py-32">
      <Icon
        aria-hidden
        className={`mx-auto size-12 ${tone === 'error' ? 'text-red-700' : 'text-stone-700'}`}
        strokeWidth={1.25}
      />
      <h1 className="mt-6 font-title text-3xl text-gray-900 sm:text-4xl">{title}</h1>
      <div className="mt-4 leading-relaxed break-words text-gray-600">{children}</div>
      {submitLabel ? (
        <form method="post" className="mt-10">
          <Button type="submit">{submitLabel}</Button>
        </form>
      ) : (
        <a href="/" className="btn mt-10">
          Retour à l'accueil
        </a>
      )}
    </div>
  )
}
