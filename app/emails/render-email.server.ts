import { render } from '@react-email/render'
import type { ReactElement } from 'react'

/**
 * Renders an e-mail component to its HTML and plain-text parts (DESIGN.md §7).
 * @returns `{ html, texte }` ready for {@link enqueueEmail}.
 */
export async function renderEmail(element: ReactElement): Promise<{ html: string; texte: string }> {
  const [html, texte] = await Promise.all([render(element), render(element, { plainText: true })])
  return { html, texte }
}
