import { createContext, useContext } from 'react'
import type { PageScript } from '#app/lib/static-page'
import type { Unavailability } from '#app/lib/unavailable'

/**
 * What only the server knows while it renders a document (given by app/entry.server.tsx): the
 * addresses of the static pages' scripts (app/components/enhance, decision 010) — a classic deferred script once built, the TypeScript source as a module under
 * Vite in development. In the browser there is no provider and {@link useServerDocument} returns
 * null: a hydrated page renders exactly what the server rendered for it.
 */
export type ServerDocument = {
  enhanceScript: {
    /** The site's script, on every static page. */
    src: string
    /** The scripts a static page adds to it (app/lib/static-page.ts `PageScript`). */
    pageScripts: Record<PageScript, string>
    /**
     * The proof-of-work widget's script (app/components/enhance/proof-of-work-widget.ts), loaded
     * only by a page whose answer asks a challenge (issue #37 §1).
     */
    proofOfWork: string
    isModule: boolean
  }
  /** The id of the request being rendered (app/http/access-log.server.ts), shown on error pages. */
  requestId?: string
  /** Why this error page is a 503 (the database cannot be reached, the disk is full), if it is one. */
  unavailable?: Unavailability
}

export const ServerDocumentContext = createContext<ServerDocument | null>(null)

/** The server's document values, or null in the browser. */
export function useServerDocument(): ServerDocument | null {
  return useContext(ServerDocumentContext)
}
