import { createContext, useContext } from 'react'

/**
 * What only the server knows while it renders a document (given by app/entry.server.tsx), for a
 * static page (app/lib/static-page.ts): the response's CSP nonce, for its inline script, and the
 * site's style sheet as text, written into its `<head>` instead of linked (one request less
 * before the first paint). In the browser there is no provider and {@link useServerDocument}
 * returns null: a hydrated page renders exactly what the server rendered for it.
 */
export type ServerDocument = { nonce: string; styleSheet: string }

export const ServerDocumentContext = createContext<ServerDocument | null>(null)

/** The server's document values, or null in the browser. */
export function useServerDocument(): ServerDocument | null {
  return useContext(ServerDocumentContext)
}
