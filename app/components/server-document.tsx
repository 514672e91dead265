import { createContext, useContext } from 'react'

/**
 * What only the server knows while it renders a document (given by app/entry.server.tsx): the
 * address of the static pages' script (app/components/enhance,
 * decision 010) — a classic deferred script once built, the TypeScript source as a module under
 * Vite in development. In the browser there is no provider and {@link useServerDocument} returns
 * null: a hydrated page renders exactly what the server rendered for it.
 */
export type ServerDocument = { enhanceScript: { src: string; isModule: boolean } }

export const ServerDocumentContext = createContext<ServerDocument | null>(null)

/** The server's document values, or null in the browser. */
export function useServerDocument(): ServerDocument | null {
  return useContext(ServerDocumentContext)
}
