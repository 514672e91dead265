import { createContext, useContext } from 'react'

/**
 * What only the server knows while it renders a document (given by app/entry.server.tsx): the
 * response's CSP nonce, for the inline script of a static page (app/lib/static-page.ts). In the
 * browser there is no provider and {@link useServerDocument} returns null: a hydrated page renders
 * exactly what the server rendered for it.
 */
export type ServerDocument = { nonce: string }

export const ServerDocumentContext = createContext<ServerDocument | null>(null)

/** The server's document values, or null in the browser. */
export function useServerDocument(): ServerDocument | null {
  return useContext(ServerDocumentContext)
}
