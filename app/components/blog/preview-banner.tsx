import { Eye } from 'lucide-react'
import type { ReactNode } from 'react'

/**
 * The banner above an article that visitors cannot see yet (issue #11 §3, issue #36 §2): an
 * administrator's preview, or the page a private share link opens. A note named `title`; its
 * `children` say where the article stands.
 */
export function PreviewBanner({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="note"
      aria-label={title}
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <p className="mx-auto flex max-w-3xl flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1.5 font-semibold">
          <Eye aria-hidden className="size-4" />
          {title}
        </span>
        {children}
      </p>
    </div>
  )
}
