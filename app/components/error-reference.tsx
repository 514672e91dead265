import { useState } from 'react'
import { useServerDocument } from './server-document'

const ELEMENT_ID = 'reference-erreur'

/**
 * « Référence : {id} » on an error page (issue #12 §4): the id of the request that failed, the one
 * its log lines carry (`reqId`), for the artist to pass on to whoever reads the logs. The server
 * knows it while rendering (ServerDocument); a page that hydrates reads it back from the server's
 * markup, so both renders agree. An error met in the browser alone has no id and shows none.
 */
export function ErrorReference() {
  const server = useServerDocument()
  const [id] = useState(
    () =>
      server?.requestId ??
      (typeof document === 'undefined' ? undefined : document.getElementById(ELEMENT_ID)?.dataset.reference),
  )
  if (!id) return null
  return (
    <p id={ELEMENT_ID} data-reference={id} className="mt-2 text-sm text-gray-600">
      Référence : {id}
    </p>
  )
}
