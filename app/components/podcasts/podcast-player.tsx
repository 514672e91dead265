import type { PodcastPlayer } from '#app/lib/podcast-player'

/**
 * An episode's player (DESIGN.md §5), decided on the server by parsePodcastPlayer:
 * - `frame`: our own iframe on the allowlisted https `src`, fixed attributes and height (px);
 * - `sandboxed`: the artist's code only as `srcdoc` of a frame sandboxed to an opaque origin
 *   (allow-scripts and allow-popups, never allow-same-origin). A srcdoc document inherits this
 *   page's Content-Security-Policy, so its external scripts are refused: such code can only show
 *   static HTML.
 * The raw embed code is never inserted into the page itself. The frame's `src` is set after the
 * page's first paint (app/components/enhance/frames.ts; a `<noscript>` frame without JavaScript).
 */
export function PodcastPlayerFrame({ player }: { player: PodcastPlayer }) {
  const className = 'block w-full rounded-lg border-0 bg-white'
  if (player.kind === 'frame') {
    const frame = {
      title: 'Lecteur du podcast',
      allow: 'autoplay; encrypted-media',
      referrerPolicy: 'strict-origin-when-cross-origin',
      className,
      style: { height: player.height },
    } as const
    // The player's site is reached after the page's first paint (app/components/enhance/frames.ts).
    return (
      <>
        <iframe data-src={player.src} {...frame} />
        <noscript>
          <iframe src={player.src} loading="lazy" {...frame} />
        </noscript>
      </>
    )
  }
  return (
    <iframe
      sandbox="allow-scripts allow-popups"
      srcDoc={player.code}
      title="Lecteur du podcast"
      loading="lazy"
      referrerPolicy="no-referrer"
      className={`${className} ring-1 ring-stone-200`}
      style={{ height: player.height }}
    />
  )
}
