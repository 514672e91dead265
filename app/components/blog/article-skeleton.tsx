/**
 * Placeholder shown while an article loads during client-side navigation (public spec §2
 * /blog/{slug}: "Loading skeleton, then the article"). Announced once to screen readers.
 */
export function ArticleSkeleton() {
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <span className="sr-only">Chargement de l'article…</span>
      <div aria-hidden className="animate-pulse">
        <div className="flex gap-2">
          <div className="h-6 w-20 rounded-full bg-gray-200" />
          <div className="h-6 w-16 rounded-full bg-gray-200" />
        </div>
        <div className="mt-6 h-10 w-11/12 rounded bg-gray-200" />
        <div className="mt-3 h-10 w-2/3 rounded bg-gray-200" />
        <div className="mt-5 h-5 w-1/2 rounded bg-gray-100" />
        <div className="mt-8 aspect-video w-full rounded-sm bg-gray-100" />
        <div className="mt-10 space-y-3">
          {['w-full', 'w-full', 'w-11/12', 'w-full', 'w-4/5', 'w-full', 'w-2/3'].map((width, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static decorative lines
            <div key={index} className={`h-4 rounded bg-gray-100 ${width}`} />
          ))}
        </div>
      </div>
    </div>
  )
}
