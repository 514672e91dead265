import { describe, expect, it } from 'vitest'
import {
  allowedPlayerSrc,
  choosePodcastPlayer,
  DEFAULT_PLAYER_HEIGHT,
  isAllowedPlayerHost,
  PLAYER_FRAME_SOURCES,
  playerHeight,
} from './podcast-player'
import { findFirstIframe, parsePodcastPlayer } from './podcast-player.server'

const AUSHA = 'https://player.ausha.co/?showId=abc&color=%23000000&podcastId=xyz&v=3&playerId=ausha-1'

describe('allowedPlayerSrc', () => {
  it.each([
    [AUSHA, AUSHA],
    ['https://widget.ausha.co/index.html?podcastId=1', 'https://widget.ausha.co/index.html?podcastId=1'],
    [
      'https://open.spotify.com/embed/episode/4rOoJ6Egrf8K2IrywzwOMk',
      'https://open.spotify.com/embed/episode/4rOoJ6Egrf8K2IrywzwOMk',
    ],
    [
      'https://embed.podcasts.apple.com/fr/podcast/x/id1',
      'https://embed.podcasts.apple.com/fr/podcast/x/id1',
    ],
    ['https://widget.deezer.com/widget/dark/show/1', 'https://widget.deezer.com/widget/dark/show/1'],
    ['https://w.soundcloud.com/player/?url=x', 'https://w.soundcloud.com/player/?url=x'],
    ['https://embed.acast.com/show/episode', 'https://embed.acast.com/show/episode'],
    ['https://www.podbean.com/player-v2/?i=x', 'https://www.podbean.com/player-v2/?i=x'],
    ['https://www.youtube-nocookie.com/embed/abc', 'https://www.youtube-nocookie.com/embed/abc'],
    ['https://www.youtube.com/embed/abc', 'https://www.youtube.com/embed/abc'],
    ['  https://OPEN.SPOTIFY.COM/embed/show/1  ', 'https://open.spotify.com/embed/show/1'],
    ['//player.ausha.co/?showId=1', 'https://player.ausha.co/?showId=1'],
    ['https://w.soundcloud.com:443/player/', 'https://w.soundcloud.com/player/'],
  ])('accepts %s', (src, expected) => {
    expect(allowedPlayerSrc(src)).toBe(expected)
  })

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['java\nscript:alert(document.cookie)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['http://player.ausha.co/?showId=1'],
    ['ftp://player.ausha.co/'],
    ['https://player.ausha.co.evil.com/'],
    ['https://evilausha.co/'],
    ['https://ausha.co/'],
    ['https://.ausha.co/'],
    ['https://open.spotify.com.evil.com/embed'],
    ['https://spotify.com/embed'],
    ['https://evil.com/?u=https://open.spotify.com'],
    ['https://evil.com#https://open.spotify.com'],
    ['https://open.spotify.com@evil.com/'],
    ['https://user:pass@open.spotify.com/embed'],
    ['https://open.spotify.com:8443/embed'],
    ['https://youtube.com/embed/abc'],
    ['https://player.ausha.co./'],
    ['/relative/path'],
    ['player.ausha.co/?showId=1'],
    [''],
    ['   '],
    [null],
    [undefined],
    ['https://'],
  ])('refuses %j', (src) => {
    expect(allowedPlayerSrc(src)).toBeNull()
  })

  it('gives the CSP frame-src sources of the allowlist', () => {
    expect([...PLAYER_FRAME_SOURCES].sort()).toEqual(
      [
        'https://*.ausha.co',
        'https://open.spotify.com',
        'https://embed.podcasts.apple.com',
        'https://widget.deezer.com',
        'https://w.soundcloud.com',
        'https://embed.acast.com',
        'https://www.podbean.com',
        'https://www.youtube-nocookie.com',
        'https://www.youtube.com',
      ].sort(),
    )
  })
})

describe('isAllowedPlayerHost', () => {
  it('accepts Ausha sub-domains only', () => {
    expect(isAllowedPlayerHost('player.ausha.co')).toBe(true)
    expect(isAllowedPlayerHost('a.b.ausha.co')).toBe(true)
    expect(isAllowedPlayerHost('ausha.co')).toBe(false)
    expect(isAllowedPlayerHost('xausha.co')).toBe(false)
    expect(isAllowedPlayerHost('player.ausha.com')).toBe(false)
  })
})

describe('playerHeight', () => {
  it.each([
    ['152', 152],
    ['352px', 352],
    [' 220 ', 220],
    ['80', 80],
    ['600', 600],
    ['175.6', 176],
  ])('reads %j as %d px', (value, expected) => {
    expect(playerHeight(value)).toBe(expected)
  })

  it.each([['79'], ['601'], ['100%'], ['20em'], ['-200'], ['calc(100vh)'], ['1e3'], [''], [undefined]])(
    'falls back to the default for %j',
    (value) => {
      expect(playerHeight(value)).toBe(DEFAULT_PLAYER_HEIGHT)
    },
  )
})

describe('choosePodcastPlayer', () => {
  it('returns null without code', () => {
    expect(choosePodcastPlayer(null, null)).toBeNull()
    expect(choosePodcastPlayer('   ', null)).toBeNull()
  })

  it('uses the allowed src with the given height', () => {
    expect(choosePodcastPlayer('<iframe>', { src: AUSHA, height: '220' })).toEqual({
      kind: 'frame',
      src: AUSHA,
      height: 220,
    })
  })

  it('sandboxes code whose iframe is not allowed, or that has no iframe', () => {
    expect(choosePodcastPlayer('<iframe src="https://evil.com">', { src: 'https://evil.com' })).toEqual({
      kind: 'sandboxed',
      code: '<iframe src="https://evil.com">',
      height: DEFAULT_PLAYER_HEIGHT,
    })
    expect(choosePodcastPlayer('<audio src="x.mp3"></audio>', null)).toMatchObject({ kind: 'sandboxed' })
  })
})

describe('parsePodcastPlayer', () => {
  it('extracts an Ausha embed as our own frame', () => {
    const code = `<iframe name="Ausha Podcast Player" frameborder="0" loading="lazy" id="ausha-1" height="220" style="border: none; width:100%; height:220px" src="https://player.ausha.co/?showId=abc&amp;color=%23000000&amp;podcastId=xyz&amp;v=3&amp;playerId=ausha-1"></iframe><script src="https://player.ausha.co/ausha-player.js"></script>`
    expect(parsePodcastPlayer(code)).toEqual({ kind: 'frame', src: AUSHA, height: 220 })
  })

  it('reads uppercase tags and attributes', () => {
    const code = '<IFRAME SRC="https://open.spotify.com/embed/episode/1" HEIGHT="152"></IFRAME>'
    expect(parsePodcastPlayer(code)).toEqual({
      kind: 'frame',
      src: 'https://open.spotify.com/embed/episode/1',
      height: 152,
    })
  })

  it('reads single-quoted and unquoted attributes, and quotes inside values', () => {
    expect(
      parsePodcastPlayer(
        `<iframe title='Le "podcast" d&#39;encre' src='https://w.soundcloud.com/player/?a=1'>`,
      ),
    ).toMatchObject({ kind: 'frame', src: 'https://w.soundcloud.com/player/?a=1' })
    expect(parsePodcastPlayer('<iframe src=https://embed.acast.com/x height=300></iframe>')).toEqual({
      kind: 'frame',
      src: 'https://embed.acast.com/x',
      height: 300,
    })
  })

  it('takes the first of several iframes', () => {
    const allowedFirst =
      '<iframe src="https://www.youtube-nocookie.com/embed/a"></iframe><iframe src="https://evil.com/"></iframe>'
    expect(parsePodcastPlayer(allowedFirst)).toMatchObject({
      kind: 'frame',
      src: 'https://www.youtube-nocookie.com/embed/a',
    })
    const evilFirst =
      '<iframe src="https://evil.com/"></iframe><iframe src="https://www.youtube-nocookie.com/embed/a"></iframe>'
    expect(parsePodcastPlayer(evilFirst)).toEqual({
      kind: 'sandboxed',
      code: evilFirst,
      height: DEFAULT_PLAYER_HEIGHT,
    })
  })

  it('sandboxes javascript:, data:, http and lookalike hosts', () => {
    for (const src of [
      'javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'http://player.ausha.co/?showId=1',
      'https://player.ausha.co.evil.com/?showId=1',
    ]) {
      const code = `<iframe src="${src}"></iframe>`
      expect(parsePodcastPlayer(code)).toEqual({ kind: 'sandboxed', code, height: DEFAULT_PLAYER_HEIGHT })
    }
  })

  it('sandboxes code without an iframe', () => {
    const code = '<script src="https://evil.com/x.js"></script><div class="player"></div>'
    expect(parsePodcastPlayer(code)).toEqual({ kind: 'sandboxed', code, height: DEFAULT_PLAYER_HEIGHT })
  })

  it('does not take an iframe written inside a comment, a script or another attribute', () => {
    expect(
      findFirstIframe('<!-- <iframe src="https://open.spotify.com/embed/1"></iframe> --><p>x</p>'),
    ).toBeNull()
    expect(
      findFirstIframe('<script>document.write(\'<iframe src="https://open.spotify.com/e">\')</script>'),
    ).toBeNull()
    expect(findFirstIframe('<div title="<iframe src=https://open.spotify.com/e>"></div>')).toBeNull()
    expect(
      findFirstIframe(
        '<div data-x="<iframe src=https://evil.com>"></div><iframe src="https://w.soundcloud.com/p"></iframe>',
      ),
    ).toMatchObject({ src: 'https://w.soundcloud.com/p' })
  })

  it('decodes entities in the src like a browser does', () => {
    expect(
      findFirstIframe('<iframe src="https&#58;//open.spotify.com/embed?a=1&amp;b=2"></iframe>'),
    ).toMatchObject({ src: 'https://open.spotify.com/embed?a=1&b=2' })
  })

  it('returns null for empty code and survives malformed or huge input', () => {
    expect(parsePodcastPlayer(null)).toBeNull()
    expect(parsePodcastPlayer('')).toBeNull()
    expect(parsePodcastPlayer('<iframe src="https://open.spotify.com/e')).toMatchObject({ kind: 'sandboxed' })
    const huge = `<iframe src="https://open.spotify.com/embed/1" height="152"></iframe>${'<p>x</p>'.repeat(20_000)}`
    expect(parsePodcastPlayer(huge)).toMatchObject({ kind: 'frame', height: 152 })
  })
})
