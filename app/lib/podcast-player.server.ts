import sanitizeHtml from 'sanitize-html'
import { choosePodcastPlayer, type IframeAttributes, type PodcastPlayer } from './podcast-player'

/**
 * Finds the first `<iframe>` of an embed code with a real HTML parser (htmlparser2, through
 * sanitize-html): tag and attribute names are lowercased, attribute values entity-decoded, and
 * tags inside comments, `<script>`, `<style>` or other attributes' values are not mistaken for it.
 *
 * @param code - HTML pasted by the artist (code_player_html).
 * @returns the first iframe's attributes, or null when the code has no iframe.
 */
export function findFirstIframe(code: string): IframeAttributes | null {
  let first: IframeAttributes | null = null
  sanitizeHtml(code, {
    allowedTags: [],
    allowedAttributes: {},
    onOpenTag(name, attributes) {
      if (first === null && name === 'iframe') first = { ...attributes }
    },
  })
  return first
}

/**
 * Parses an episode's player code and decides how to render it (DESIGN.md §5): our own iframe for
 * an allowlisted https `src` (see app/lib/podcast-player.ts), else a sandboxed `srcdoc` frame.
 *
 * @param code - code_player_html as stored, or null.
 * @returns null when there is no code; never throws.
 */
export function parsePodcastPlayer(code: string | null | undefined): PodcastPlayer | null {
  if (!code?.trim()) return null
  return choosePodcastPlayer(code, findFirstIframe(code))
}
