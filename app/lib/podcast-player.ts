/**
 * Podcast player embedding rules (DESIGN.md §5 "Podcast player code"), shared by the server, which
 * decides, and the page, which renders. The raw code_player_html pasted by the artist is never put
 * into the page: either its first `<iframe>` points to an allowlisted https host and we render our
 * own `<iframe>` with that `src`, or the code is shown only inside a sandboxed `srcdoc` frame.
 */

/** Exact hosts a player frame may load from (the CSP frame-src is built from the same lists). */
export const PLAYER_HOSTS: readonly string[] = [
  'open.spotify.com',
  'embed.podcasts.apple.com',
  'widget.deezer.com',
  'w.soundcloud.com',
  'embed.acast.com',
  'www.podbean.com',
  'www.youtube-nocookie.com',
  'www.youtube.com',
]

/** Host suffixes allowed for any sub-domain (Ausha: player.ausha.co, widget.ausha.co…); the bare domain is not. */
export const PLAYER_HOST_SUFFIXES: readonly string[] = ['.ausha.co']

/** The allowlist as CSP `frame-src` sources, e.g. `https://*.ausha.co`, `https://open.spotify.com` (server.ts). */
export const PLAYER_FRAME_SOURCES: readonly string[] = [
  ...PLAYER_HOST_SUFFIXES.map((suffix) => `https://*${suffix}`),
  ...PLAYER_HOSTS.map((host) => `https://${host}`),
]

/** Height in px of a player frame when the embed code gives none, or none within bounds. */
export const DEFAULT_PLAYER_HEIGHT = 200
/** Bounds in px of a height taken from the embed code's `height` attribute. */
export const MIN_PLAYER_HEIGHT = 80
export const MAX_PLAYER_HEIGHT = 600

/** What the episode page renders for the player (computed on the server, sent with the loader data). */
export type PodcastPlayer =
  /** Our own iframe: `src` is an https URL on an allowed host; `height` in px. */
  | { kind: 'frame'; src: string; height: number }
  /** Code that did not match: rendered only as `srcdoc` of a sandboxed, opaque-origin frame; `height` in px. */
  | { kind: 'sandboxed'; code: string; height: number }

/** The attributes of the first `<iframe>` found in an embed code (names lowercased, values entity-decoded). */
export type IframeAttributes = Readonly<Record<string, string>>

/**
 * Whether a host name may be framed: one of {@link PLAYER_HOSTS} exactly, or a sub-domain of a
 * {@link PLAYER_HOST_SUFFIXES} entry. Lookalikes (`player.ausha.co.evil.com`, `evilausha.co`,
 * `open.spotify.com.evil.com`) are refused.
 *
 * @param hostname - a URL's `hostname` (already lowercased by the URL parser).
 */
export function isAllowedPlayerHost(hostname: string): boolean {
  if (PLAYER_HOSTS.includes(hostname)) return true
  return PLAYER_HOST_SUFFIXES.some(
    (suffix) => hostname.endsWith(suffix) && hostname.length > suffix.length && !hostname.startsWith('.'),
  )
}

/**
 * Checks a player `src` taken from embed code.
 *
 * @param src - the iframe's `src` attribute value; a protocol-relative `//host/path` is read as https.
 * @returns the normalized absolute URL when it is `https:`, on the default port, without
 *   credentials, on an allowed host; otherwise null (javascript:, data:, http:, relative paths,
 *   unknown or lookalike hosts, unparsable values).
 */
export function allowedPlayerSrc(src: string | null | undefined): string | null {
  const value = src?.trim()
  if (!value) return null
  let url: URL
  try {
    url = new URL(value.startsWith('//') ? `https:${value}` : value)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return null
  return isAllowedPlayerHost(url.hostname) ? url.href : null
}

/**
 * The frame height from an embed code's `height` attribute.
 *
 * @param value - the attribute, e.g. "152" or "152px"; percentages and other units are ignored.
 * @returns the height in px when it is a number between {@link MIN_PLAYER_HEIGHT} and
 *   {@link MAX_PLAYER_HEIGHT}, else {@link DEFAULT_PLAYER_HEIGHT}.
 */
export function playerHeight(value: string | null | undefined): number {
  const match = /^\s*(\d{1,4}(?:\.\d+)?)\s*(?:px)?\s*$/i.exec(value ?? '')
  if (!match?.[1]) return DEFAULT_PLAYER_HEIGHT
  const height = Math.round(Number(match[1]))
  return height >= MIN_PLAYER_HEIGHT && height <= MAX_PLAYER_HEIGHT ? height : DEFAULT_PLAYER_HEIGHT
}

/**
 * Decides how to show an episode's player from its embed code and the attributes of the code's
 * first `<iframe>` (DESIGN.md §5).
 *
 * @param code - the episode's code_player_html as stored.
 * @param firstIframe - attributes of the first `<iframe>` in `code`, or null when it has none.
 * @returns null for empty code; `frame` when the first iframe's `src` is allowed; otherwise
 *   `sandboxed` with the original code.
 */
export function choosePodcastPlayer(
  code: string | null | undefined,
  firstIframe: IframeAttributes | null,
): PodcastPlayer | null {
  if (!code?.trim()) return null
  const height = playerHeight(firstIframe?.height)
  const src = allowedPlayerSrc(firstIframe?.src)
  return src ? { kind: 'frame', src, height } : { kind: 'sandboxed', code, height }
}
