import { useState } from 'react'
import { UNAVAILABLE_PAGE } from '#app/lib/unavailable'
import { useServerDocument } from './server-document'

const ELEMENT_ID = 'site-indisponible'

/**
 * Whether the error page being shown is the server's 503 of a page that could not be read because
 * the database cannot be reached or the disk is full (issue #37 §4): the server knows it while
 * rendering (ServerDocument `unavailable`); a page that hydrates reads it back from the server's
 * markup ({@link UnavailableNotice}'s element), so both renders agree, as ErrorReference does.
 */
export function useIsUnavailable(): boolean {
  const server = useServerDocument()
  const [isUnavailable] = useState(() =>
    server
      ? Boolean(server.unavailable)
      : typeof document !== 'undefined' && document.getElementById(ELEMENT_ID) !== null,
  )
  return isUnavailable
}

/** The 503 page's title and French text: the site will be back shortly, nothing to do but wait. */
export function UnavailableNotice() {
  return (
    <div id={ELEMENT_ID}>
      <title>{UNAVAILABLE_PAGE.title}</title>
      <h1 className="text-3xl font-bold">{UNAVAILABLE_PAGE.title}</h1>
      <p className="mt-4 text-gray-600">{UNAVAILABLE_PAGE.text}</p>
    </div>
  )
}
