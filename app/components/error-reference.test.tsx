import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ErrorBoundary } from '#app/root'
import { type ServerDocument, ServerDocumentContext } from './server-document'

const enhanceScript: ServerDocument['enhanceScript'] = {
  src: '/enhance.js',
  pageScripts: { auction: '/enhance-auction.js' },
  proofOfWork: '/proof-of-work.js',
  isModule: false,
}

/** The site's error page (root ErrorBoundary) for `error`, rendered as the server renders it. */
function renderErrorPage(error: unknown, requestId: string | undefined): string {
  const Stub = createRoutesStub([{ id: 'root', path: '/', Component: () => null, ErrorBoundary }])
  return renderToString(
    <ServerDocumentContext.Provider value={{ enhanceScript, requestId }}>
      <Stub hydrationData={{ errors: { root: error } }} />
    </ServerDocumentContext.Provider>,
  )
}

describe('the error page', () => {
  it('shows the failed request’s reference, and nothing of the error itself', () => {
    const html = renderErrorPage(new Error('secret interne at /srv/app.js:12'), '9b2f0c8e-req')

    expect(html).toContain('Une erreur est survenue lors du chargement')
    expect(html).toMatch(/Référence : (<!-- -->)?9b2f0c8e-req/)
    expect(html).not.toContain('secret interne')
    expect(html).not.toContain('app.js:12')
  })

  it('shows no reference when none is known (an error met in the browser)', () => {
    const html = renderErrorPage(new Error('x'), undefined)

    expect(html).toContain('Une erreur est survenue lors du chargement')
    expect(html).not.toContain('Référence')
  })
})
