import { afterFirstPaint } from './after-paint'

/**
 * Embedded frames of another site (the episode's podcast player) after the page's first paint: an
 * `<iframe data-src>` gets its `src` then, so that opening a connection to that site does not delay
 * the page (decision 010). Without JavaScript the frame in the `<noscript>` beside it shows.
 */
export function loadDeferredFrames(): void {
  afterFirstPaint(() => {
    for (const frame of document.querySelectorAll<HTMLIFrameElement>('iframe[data-src]')) {
      frame.src = frame.dataset.src ?? ''
      frame.removeAttribute('data-src')
    }
  })
}
