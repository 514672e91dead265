import type { DemoImage, DemoMotif, DemoShape } from '#app/db/seed/demo-data'
import { loadSharp } from '#app/media/sharp.server'

/** A pseudo-random number generator returning floats in [0, 1). */
type Rng = () => number
type Point = { x: number; y: number }

/** mulberry32: tiny, fast, good enough for pictures, and the same on every machine. */
function mulberry32(seed: number): Rng {
  let state = (seed * 0x9e3779b9) >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const RATIOS: Record<DemoShape, [number, number]> = {
  portrait: [3, 4],
  landscape: [4, 3],
  wide: [16, 9],
  square: [1, 1],
  tall: [2, 3],
}

const PAPERS = ['#f4eee2', '#f2ead8', '#efe6d3', '#f6f1e7', '#ece3cf']
const INK = '#16130f'
const SEAL = '#b0281c'

const f = (value: number) => value.toFixed(1)

function between(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng()
}

function cubic(p0: Point, p1: Point, p2: Point, p3: Point, t: number): Point {
  const u = 1 - t
  return {
    x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
    y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y,
  }
}

/** Smooth 1-D noise: a sum of a few sines with random phases, in about [-1, 1]. */
function wave(rng: Rng, octaves = 3): (t: number) => number {
  const parts = Array.from({ length: octaves }, (_, i) => ({
    freq: (i + 1) * between(rng, 1.5, 3.5),
    phase: rng() * Math.PI * 2,
    amp: 1 / (i + 1),
  }))
  const total = parts.reduce((sum, part) => sum + part.amp, 0)
  return (t) =>
    parts.reduce((sum, part) => sum + part.amp * Math.sin(t * part.freq * Math.PI * 2 + part.phase), 0) /
    total
}

type StrokeOptions = {
  /** Widest width in px. */
  width: number
  /** 'taper' ends in a point, 'dry' breaks into bristle marks, 'blunt' stops square. */
  end: 'taper' | 'dry' | 'blunt'
  /** Relative width at the start (0.2 = pointed entry, 1 = pressed blob). */
  attack?: number
  opacity?: number
  /** How much the width swells and thins along the stroke (default 0.18; short strokes less). */
  swell?: number
}

/** Outline of a brush stroke along `points`, width `widthAt(t)`, as one closed path. */
function outline(points: Point[], widthAt: (t: number) => number, rough: (t: number) => number): string {
  const left: Point[] = []
  const right: Point[] = []
  const n = points.length
  for (let i = 0; i < n; i++) {
    const prev = points[Math.max(0, i - 1)] as Point
    const next = points[Math.min(n - 1, i + 1)] as Point
    const dx = next.x - prev.x
    const dy = next.y - prev.y
    const length = Math.hypot(dx, dy) || 1
    const nx = -dy / length
    const ny = dx / length
    const t = i / (n - 1)
    const half = widthAt(t) / 2
    const p = points[i] as Point
    left.push({ x: p.x + nx * half * (1 + rough(t) * 0.08), y: p.y + ny * half * (1 + rough(t) * 0.08) })
    right.push({
      x: p.x - nx * half * (1 - rough(1 - t) * 0.08),
      y: p.y - ny * half * (1 - rough(1 - t) * 0.08),
    })
  }
  const all = [...left, ...right.reverse()]
  return `M${all.map((p) => `${f(p.x)} ${f(p.y)}`).join('L')}Z`
}

/**
 * SVG of one ink brush stroke along a polyline (`points`, at least 2): a soft wet halo under a
 * dense core whose width swells and thins, with a tapered, dry (bristle marks) or blunt end.
 */
function brushStroke(rng: Rng, points: Point[], options: StrokeOptions): string {
  const { width, end } = options
  const attack = options.attack ?? 0.6
  const opacity = options.opacity ?? 0.93
  const swellAmount = options.swell ?? 0.18
  const swell = wave(rng, 3)
  const rough = wave(rng, 4)
  const dryFrom = end === 'dry' ? between(rng, 0.55, 0.75) : 1
  const widthAt = (t: number) => {
    const entry = t < 0.06 ? attack + (1 - attack) * (t / 0.06) : 1
    const body = 1 + swell(t) * swellAmount
    let exit = 1
    if (end === 'taper') exit = t > 0.7 ? Math.max(0.02, 1 - ((t - 0.7) / 0.3) ** 1.4) : 1
    if (end === 'dry') exit = t > dryFrom ? 1 - 0.35 * ((t - dryFrom) / (1 - dryFrom)) : 1
    return width * entry * body * exit
  }
  const parts: string[] = []
  parts.push(
    `<path d="${outline(points, (t) => widthAt(t) * 1.04 + 2, rough)}" fill="${INK}" opacity="0.12"/>`,
  )
  const cut = Math.max(2, Math.round((points.length - 1) * dryFrom))
  const core = points.slice(0, cut + 1)
  // Rounded entry (and exit for blunt strokes), where the loaded brush rests a moment.
  const caps: string[] = []
  const first = points[0] as Point
  const second = points[Math.min(points.length - 1, 3)] as Point
  if (attack >= 0.6) {
    // The brush lands at an angle: a slanted oval slightly wider than the stroke.
    const w = widthAt(0.06)
    const angle = (Math.atan2(second.y - first.y, second.x - first.x) * 180) / Math.PI + 40
    caps.push(
      `<ellipse cx="${f(first.x)}" cy="${f(first.y)}" rx="${f(w * 0.56)}" ry="${f(w * 0.4)}" transform="rotate(${f(angle)} ${f(first.x)} ${f(first.y)})"/>`,
    )
  }
  const last = points[points.length - 1] as Point
  if (end === 'blunt') caps.push(`<circle cx="${f(last.x)}" cy="${f(last.y)}" r="${f(widthAt(1) * 0.42)}"/>`)
  parts.push(
    `<g fill="${INK}" opacity="${opacity.toFixed(2)}"><path d="${outline(core, (t) => widthAt(t * dryFrom), rough)}"/>${caps.join('')}</g>`,
  )
  if (end === 'dry') {
    // Bristle marks: thin parallel strokes that break up and stop at different lengths.
    const tail = points.slice(cut)
    const bristles = Math.round(between(rng, 7, 13))
    for (let b = 0; b < bristles; b++) {
      const offset = (b / (bristles - 1) - 0.5) * 0.9
      const stop = Math.max(3, Math.round(tail.length * between(rng, 0.35, 1)))
      const shifted: Point[] = []
      for (let i = 0; i < stop; i++) {
        const prev = tail[Math.max(0, i - 1)] as Point
        const next = tail[Math.min(tail.length - 1, i + 1)] as Point
        const length = Math.hypot(next.x - prev.x, next.y - prev.y) || 1
        const nx = -(next.y - prev.y) / length
        const ny = (next.x - prev.x) / length
        const t = dryFrom + (1 - dryFrom) * (i / tail.length)
        const p = tail[i] as Point
        shifted.push({ x: p.x + nx * widthAt(t) * offset, y: p.y + ny * widthAt(t) * offset })
      }
      const thickness = (width / bristles) * between(rng, 0.6, 1.3)
      parts.push(
        `<path d="${outline(shifted, (t) => thickness * (1 - t * 0.7), rough)}" fill="${INK}" opacity="${between(rng, 0.55, 0.9).toFixed(2)}"/>`,
      )
    }
  }
  return parts.join('')
}

function sampleCubic(p0: Point, p1: Point, p2: Point, p3: Point, count = 90): Point[] {
  return Array.from({ length: count }, (_, i) => cubic(p0, p1, p2, p3, i / (count - 1)))
}

/** Ink splatters: a few drops around `center`, mostly small, some elongated. */
function splatter(rng: Rng, center: Point, spread: number, count: number): string {
  const drops: string[] = []
  for (let i = 0; i < count; i++) {
    const angle = rng() * Math.PI * 2
    const distance = spread * rng() ** 0.7
    const r = Math.max(1.2, spread * 0.045 * rng() ** 2.2)
    const x = center.x + Math.cos(angle) * distance
    const y = center.y + Math.sin(angle) * distance
    const stretch = between(rng, 1, 1.8)
    drops.push(
      `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * stretch)}" ry="${f(r)}" transform="rotate(${f((angle * 180) / Math.PI)} ${f(x)} ${f(y)})" fill="${INK}" opacity="${between(rng, 0.6, 0.95).toFixed(2)}"/>`,
    )
  }
  return drops.join('')
}

/** The artist's red seal: a square of vermilion with carved (paper-coloured) marks. */
function seal(rng: Rng, x: number, y: number, size: number, paper: string): string {
  const marks: string[] = []
  const cell = size / 2
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 2; col++) {
      const ox = x + col * cell + cell * 0.2
      const oy = y + row * cell + cell * 0.2
      const inner = cell * 0.6
      const kind = Math.floor(rng() * 3)
      const bar = Math.max(2, size * 0.045)
      if (kind === 0) {
        marks.push(`<rect x="${f(ox)}" y="${f(oy + inner * 0.2)}" width="${f(inner)}" height="${f(bar)}"/>`)
        marks.push(`<rect x="${f(ox)}" y="${f(oy + inner * 0.7)}" width="${f(inner)}" height="${f(bar)}"/>`)
        marks.push(`<rect x="${f(ox + inner * 0.45)}" y="${f(oy)}" width="${f(bar)}" height="${f(inner)}"/>`)
      } else if (kind === 1) {
        marks.push(
          `<rect x="${f(ox)}" y="${f(oy)}" width="${f(inner)}" height="${f(inner)}" fill="none" stroke="${paper}" stroke-width="${f(bar)}"/>`,
        )
        marks.push(
          `<rect x="${f(ox + inner * 0.3)}" y="${f(oy + inner * 0.45)}" width="${f(inner * 0.4)}" height="${f(bar)}"/>`,
        )
      } else {
        marks.push(`<rect x="${f(ox + inner * 0.1)}" y="${f(oy)}" width="${f(bar)}" height="${f(inner)}"/>`)
        marks.push(`<rect x="${f(ox + inner * 0.7)}" y="${f(oy)}" width="${f(bar)}" height="${f(inner)}"/>`)
        marks.push(`<rect x="${f(ox)}" y="${f(oy + inner * 0.5)}" width="${f(inner)}" height="${f(bar)}"/>`)
      }
    }
  }
  const angle = between(rng, -3, 3)
  return `<g transform="rotate(${f(angle)} ${f(x + size / 2)} ${f(y + size / 2)})" opacity="0.9"><rect x="${f(x)}" y="${f(y)}" width="${f(size)}" height="${f(size)}" rx="${f(size * 0.06)}" fill="${SEAL}"/><g fill="${paper}">${marks.join('')}</g></g>`
}

/** Paper: warm tone, a soft vignette and faint fibres. */
function paperBackground(rng: Rng, width: number, height: number, paper: string): string {
  const fibres: string[] = []
  const count = 70
  for (let i = 0; i < count; i++) {
    const x = rng() * width
    const y = rng() * height
    const length = between(rng, 10, 60) * (width / 1600)
    const angle = rng() * Math.PI
    const bend = between(rng, -8, 8)
    fibres.push(
      `<path d="M${f(x)} ${f(y)}q${f(Math.cos(angle) * length * 0.5 + bend)} ${f(Math.sin(angle) * length * 0.5 - bend)} ${f(Math.cos(angle) * length)} ${f(Math.sin(angle) * length)}"/>`,
    )
  }
  return [
    `<defs><radialGradient id="vignette" cx="50%" cy="45%" r="75%"><stop offset="0.55" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="1" stop-color="#8a7150" stop-opacity="0.16"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="${paper}"/>`,
    `<rect width="${width}" height="${height}" fill="url(#vignette)"/>`,
    `<g fill="none" stroke="#9c8664" stroke-width="${f(Math.max(1, width / 1400))}" stroke-linecap="round" opacity="0.22">${fibres.join('')}</g>`,
  ].join('')
}

function drawEnso(rng: Rng, width: number, height: number): string {
  const size = Math.min(width, height)
  const cx = width / 2 + between(rng, -0.05, 0.05) * width
  const cy = height / 2 + between(rng, -0.04, 0.04) * height
  const radius = size * between(rng, 0.27, 0.33)
  const start = between(rng, 0.55, 0.95) * Math.PI
  const sweep = between(rng, 1.65, 1.92) * Math.PI
  const squash = between(rng, 0.93, 1.05)
  const wobble = wave(rng, 2)
  const points: Point[] = []
  const count = 140
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1)
    const angle = start + sweep * t
    const r = radius * (1 + wobble(t) * 0.03 + t * between(rng, 0, 0.004))
    points.push({ x: cx + Math.cos(angle) * r, y: cy + Math.sin(angle) * r * squash })
  }
  const first = points[0] as Point
  return [
    brushStroke(rng, points, {
      width: radius * between(rng, 0.18, 0.3),
      end: rng() < 0.75 ? 'dry' : 'taper',
      attack: between(rng, 0.7, 1),
    }),
    splatter(rng, first, radius * 0.3, Math.round(between(rng, 3, 9))),
  ].join('')
}

function drawGesture(rng: Rng, width: number, height: number): string {
  const size = Math.min(width, height)
  const parts: string[] = []
  const strokes = Math.round(between(rng, 1, 3))
  for (let s = 0; s < strokes; s++) {
    const main = s === 0
    const fromLeft = rng() < 0.5
    const p0 = {
      x: width * (fromLeft ? between(rng, 0.08, 0.25) : between(rng, 0.75, 0.92)),
      y: height * between(rng, 0.12, 0.4),
    }
    const p3 = {
      x: width * (fromLeft ? between(rng, 0.6, 0.9) : between(rng, 0.1, 0.4)),
      y: height * between(rng, 0.6, 0.9),
    }
    const p1 = { x: p0.x + between(rng, -0.3, 0.3) * width, y: p0.y + between(rng, 0.1, 0.5) * height }
    const p2 = { x: p3.x + between(rng, -0.3, 0.3) * width, y: p3.y - between(rng, 0.1, 0.5) * height }
    const points = sampleCubic(p0, p1, p2, p3, 120)
    parts.push(
      brushStroke(rng, points, {
        width: size * (main ? between(rng, 0.07, 0.12) : between(rng, 0.025, 0.05)),
        end: rng() < 0.6 ? 'dry' : 'taper',
        attack: between(rng, 0.5, 1),
        opacity: main ? 0.94 : between(rng, 0.7, 0.9),
      }),
    )
    if (main) parts.push(splatter(rng, p0, size * 0.12, Math.round(between(rng, 6, 14))))
  }
  // A few dots, like punctuation.
  const dots = Math.round(between(rng, 0, 3))
  for (let d = 0; d < dots; d++) {
    const x = width * between(rng, 0.15, 0.85)
    const y = height * between(rng, 0.15, 0.85)
    const length = size * between(rng, 0.03, 0.06)
    const angle = between(rng, 0.4, 1.1)
    const points = sampleCubic(
      { x, y },
      { x: x + length * 0.4, y: y + length * 0.1 },
      { x: x + length * 0.8 * Math.cos(angle), y: y + length * 0.6 },
      { x: x + length * Math.cos(angle), y: y + length * Math.sin(angle) },
      30,
    )
    parts.push(brushStroke(rng, points, { width: size * between(rng, 0.025, 0.04), end: 'taper', attack: 1 }))
  }
  return parts.join('')
}

/** An imaginary character inside a box: horizontal, vertical, falling strokes, hooks and dots. */
function glyph(rng: Rng, x: number, y: number, box: number): string {
  const parts: string[] = []
  const weight = box * between(rng, 0.07, 0.1)
  const at = (u: number, v: number): Point => ({ x: x + u * box, y: y + v * box })
  const strokes = Math.round(between(rng, 4, 7))
  for (let i = 0; i < strokes; i++) {
    const kind = Math.floor(rng() * 5)
    let p0: Point
    let p3: Point
    let bendX = 0
    let bendY = 0
    if (kind === 0) {
      // horizontal, rising slightly
      const v = between(rng, 0.15, 0.85)
      const u0 = between(rng, 0.05, 0.35)
      p0 = at(u0, v)
      p3 = at(between(rng, 0.65, 0.95), v - between(rng, 0.01, 0.05))
      bendY = -between(rng, 0, 0.03)
    } else if (kind === 1) {
      // vertical
      const u = between(rng, 0.2, 0.8)
      p0 = at(u, between(rng, 0.02, 0.3))
      p3 = at(u + between(rng, -0.02, 0.02), between(rng, 0.7, 0.98))
      bendX = between(rng, -0.02, 0.02)
    } else if (kind === 2) {
      // left-falling
      p0 = at(between(rng, 0.45, 0.7), between(rng, 0.1, 0.4))
      p3 = at(between(rng, 0.05, 0.3), between(rng, 0.7, 0.95))
      bendX = 0.1
    } else if (kind === 3) {
      // right-falling
      p0 = at(between(rng, 0.3, 0.55), between(rng, 0.25, 0.5))
      p3 = at(between(rng, 0.75, 0.97), between(rng, 0.75, 0.95))
      bendY = 0.08
    } else {
      // dot
      p0 = at(between(rng, 0.15, 0.85), between(rng, 0.05, 0.9))
      p3 = { x: p0.x + box * 0.08, y: p0.y + box * 0.1 }
    }
    const p1 = { x: p0.x + (p3.x - p0.x) / 3 + bendX * box, y: p0.y + (p3.y - p0.y) / 3 + bendY * box }
    const p2 = {
      x: p0.x + ((p3.x - p0.x) * 2) / 3 + bendX * box,
      y: p0.y + ((p3.y - p0.y) * 2) / 3 + bendY * box,
    }
    parts.push(
      brushStroke(rng, sampleCubic(p0, p1, p2, p3, kind === 4 ? 24 : 60), {
        width: kind === 4 ? weight * 1.4 : weight * between(rng, 0.8, 1.2),
        swell: 0.07,
        end: kind === 2 || kind === 4 ? 'taper' : rng() < 0.3 ? 'dry' : 'blunt',
        attack: kind === 4 ? 1 : between(rng, 0.8, 1.2),
      }),
    )
  }
  return parts.join('')
}

function drawGlyphs(rng: Rng, width: number, height: number): string {
  const parts: string[] = []
  if (height > width * 1.2) {
    // A vertical inscription of 2 or 3 characters.
    const count = height > width * 1.4 ? 3 : 2
    const box = Math.min(width * 0.55, (height * 0.78) / count)
    const x = (width - box) / 2 + between(rng, -0.03, 0.03) * width
    const top = (height - box * count * 1.05) / 2
    for (let i = 0; i < count; i++) parts.push(glyph(rng, x, top + i * box * 1.05, box))
  } else {
    // One large character and a small column of "signature" characters.
    const box = Math.min(width, height) * 0.62
    const x = width * between(rng, 0.14, 0.24)
    parts.push(glyph(rng, x, (height - box) / 2, box))
    const small = box * 0.16
    const sx = Math.min(width - small * 2, x + box + width * 0.1)
    for (let i = 0; i < 3; i++) parts.push(glyph(rng, sx, height * 0.22 + i * small * 1.2, small))
  }
  return parts.join('')
}

function drawHorizon(rng: Rng, width: number, height: number): string {
  const parts: string[] = []
  const layers = 3
  parts.push('<defs>')
  for (let l = 0; l < layers; l++) {
    parts.push(
      `<linearGradient id="mist${l}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${INK}" stop-opacity="${(0.18 + l * 0.22).toFixed(2)}"/><stop offset="0.75" stop-color="${INK}" stop-opacity="0"/></linearGradient>`,
    )
  }
  parts.push('</defs>')
  // A pale vermilion sun.
  const sunR = Math.min(width, height) * between(rng, 0.06, 0.1)
  parts.push(
    `<circle cx="${f(width * between(rng, 0.6, 0.85))}" cy="${f(height * between(rng, 0.16, 0.3))}" r="${f(sunR)}" fill="${SEAL}" opacity="0.75"/>`,
  )
  for (let l = 0; l < layers; l++) {
    // Broad, smooth ridges: two or three summits per layer, nearer layers lower and darker.
    const phase = rng() * Math.PI * 2
    const freq = between(rng, 0.8, 1.6)
    const detail = wave(rng, 2)
    const base = height * (0.45 + l * 0.11)
    const amplitude = height * (0.2 - l * 0.045)
    const points: string[] = []
    const steps = 90
    for (let i = 0; i <= steps; i++) {
      const t = i / steps
      const swell = (Math.sin(t * freq * Math.PI * 2 + phase) + 1) / 2
      const y = base - amplitude * (swell ** 1.6 * 0.85 + (detail(t) + 1) * 0.06)
      points.push(`${f(t * width)} ${f(y)}`)
    }
    const bottom = base + height * 0.3
    parts.push(`<path d="M0 ${f(bottom)}L${points.join('L')}L${width} ${f(bottom)}Z" fill="url(#mist${l})"/>`)
  }
  // The water line: one long dry horizontal stroke, and a shorter one.
  const y = height * between(rng, 0.7, 0.74)
  const line = sampleCubic(
    { x: width * 0.08, y },
    { x: width * 0.35, y: y - height * 0.015 },
    { x: width * 0.6, y: y + height * 0.01 },
    { x: width * between(rng, 0.75, 0.9), y: y - height * 0.005 },
    120,
  )
  parts.push(brushStroke(rng, line, { width: height * 0.022, end: 'dry', attack: 0.9 }))
  const y2 = y + height * 0.06
  parts.push(
    brushStroke(
      rng,
      sampleCubic(
        { x: width * 0.3, y: y2 },
        { x: width * 0.4, y: y2 - 3 },
        { x: width * 0.5, y: y2 + 3 },
        { x: width * 0.58, y: y2 },
        60,
      ),
      { width: height * 0.01, end: 'taper', opacity: 0.7 },
    ),
  )
  return parts.join('')
}

/** The studio seen from above: a wooden table, a sheet with a trace, an ink stone and brushes. */
function drawStudio(rng: Rng, width: number, height: number, paper: string): string {
  const parts: string[] = []
  const wood = ['#6b4a2f', '#7a5637', '#5d3f28'][Math.floor(rng() * 3)] as string
  parts.push(`<rect width="${width}" height="${height}" fill="${wood}"/>`)
  const grain: string[] = []
  for (let i = 0; i < 60; i++) {
    const y = rng() * height
    const w = wave(rng, 2)
    const pts: string[] = []
    for (let s = 0; s <= 20; s++) pts.push(`${f((s / 20) * width)} ${f(y + w(s / 20) * height * 0.02)}`)
    grain.push(`<path d="M${pts.join('L')}"/>`)
  }
  parts.push(
    `<g fill="none" stroke="#2b1b0f" stroke-width="${f(Math.max(1.5, width / 900))}" opacity="0.25">${grain.join('')}</g>`,
  )
  // The sheet of paper, slightly turned, with an ensō or a gesture on it.
  const sheetW = width * between(rng, 0.5, 0.6)
  const sheetH = Math.min(height * 0.78, sheetW * 0.75)
  const sx = width * between(rng, 0.08, 0.16)
  const sy = (height - sheetH) / 2
  const angle = between(rng, -6, 6)
  const inner = rng() < 0.5 ? drawEnso(rng, sheetW, sheetH) : drawGesture(rng, sheetW, sheetH)
  parts.push(
    `<g transform="rotate(${f(angle)} ${f(sx + sheetW / 2)} ${f(sy + sheetH / 2)})"><rect x="${f(sx + 8)}" y="${f(sy + 10)}" width="${f(sheetW)}" height="${f(sheetH)}" fill="#000" opacity="0.25"/><rect x="${f(sx)}" y="${f(sy)}" width="${f(sheetW)}" height="${f(sheetH)}" fill="${paper}"/><g transform="translate(${f(sx)} ${f(sy)})">${inner}</g></g>`,
  )
  // Ink stone with its well.
  const stoneW = width * 0.14
  const stoneH = stoneW * 1.6
  const stx = width * between(rng, 0.74, 0.8)
  const sty = height * between(rng, 0.1, 0.2)
  parts.push(
    `<rect x="${f(stx + 6)}" y="${f(sty + 8)}" width="${f(stoneW)}" height="${f(stoneH)}" rx="${f(stoneW * 0.12)}" fill="#000" opacity="0.3"/><rect x="${f(stx)}" y="${f(sty)}" width="${f(stoneW)}" height="${f(stoneH)}" rx="${f(stoneW * 0.12)}" fill="#2a2826"/><rect x="${f(stx + stoneW * 0.12)}" y="${f(sty + stoneH * 0.08)}" width="${f(stoneW * 0.76)}" height="${f(stoneH * 0.62)}" rx="${f(stoneW * 0.08)}" fill="#3b3835"/><ellipse cx="${f(stx + stoneW / 2)}" cy="${f(sty + stoneH * 0.82)}" rx="${f(stoneW * 0.32)}" ry="${f(stoneH * 0.09)}" fill="#0c0b0a"/>`,
  )
  // Ink stick lying on the stone.
  parts.push(
    `<rect x="${f(stx + stoneW * 0.3)}" y="${f(sty + stoneH * 0.15)}" width="${f(stoneW * 0.22)}" height="${f(stoneH * 0.45)}" rx="3" fill="#111" transform="rotate(12 ${f(stx + stoneW * 0.4)} ${f(sty + stoneH * 0.35)})"/>`,
  )
  // Brushes: bamboo handles with dark tips.
  const brushes = Math.round(between(rng, 2, 3))
  for (let b = 0; b < brushes; b++) {
    const length = height * between(rng, 0.45, 0.6)
    const bx = width * between(rng, 0.7, 0.92)
    const by = height * between(rng, 0.35, 0.45)
    const rot = between(rng, -25, 25)
    const thick = width * between(rng, 0.012, 0.02)
    parts.push(
      `<g transform="rotate(${f(rot)} ${f(bx)} ${f(by + length / 2)})"><rect x="${f(bx + 5)}" y="${f(by + 6)}" width="${f(thick)}" height="${f(length)}" rx="${f(thick / 2)}" fill="#000" opacity="0.3"/><rect x="${f(bx)}" y="${f(by)}" width="${f(thick)}" height="${f(length * 0.78)}" rx="${f(thick / 2)}" fill="#c9a96e"/><rect x="${f(bx)}" y="${f(by + length * 0.74)}" width="${f(thick)}" height="${f(length * 0.05)}" fill="#3d2a17"/><path d="M${f(bx)} ${f(by + length * 0.79)}Q${f(bx - thick * 0.2)} ${f(by + length * 0.92)} ${f(bx + thick / 2)} ${f(by + length)}Q${f(bx + thick * 1.2)} ${f(by + length * 0.92)} ${f(bx + thick)} ${f(by + length * 0.79)}Z" fill="${INK}"/></g>`,
    )
  }
  // Seal paste dish.
  const dr = width * 0.035
  const dx = width * between(rng, 0.66, 0.72)
  const dy = height * between(rng, 0.78, 0.86)
  parts.push(
    `<circle cx="${f(dx + 4)}" cy="${f(dy + 5)}" r="${f(dr)}" fill="#000" opacity="0.3"/><circle cx="${f(dx)}" cy="${f(dy)}" r="${f(dr)}" fill="#f3efe6"/><circle cx="${f(dx)}" cy="${f(dy)}" r="${f(dr * 0.62)}" fill="${SEAL}"/>`,
  )
  return parts.join('')
}

const MOTIFS: Record<Exclude<DemoMotif, 'studio'>, (rng: Rng, width: number, height: number) => string> = {
  enso: drawEnso,
  gesture: drawGesture,
  glyph: drawGlyphs,
  horizon: drawHorizon,
}

/**
 * Draws a demo image as SVG (issue #2 §3): a paper-toned sheet with ink brush strokes, splatters
 * and a red seal, or a view of the studio table. Deterministic: the same `image` gives the same SVG.
 *
 * @param longSide - size of the longest side in px.
 * @returns the SVG text and its size in px.
 */
export function drawInkSvg(
  image: DemoImage,
  longSide = 1800,
): { svg: string; width: number; height: number } {
  const [rw, rh] = RATIOS[image.shape]
  const width = Math.round(rw >= rh ? longSide : (longSide * rw) / rh)
  const height = Math.round(rh >= rw ? longSide : (longSide * rh) / rw)
  const rng = mulberry32(image.seed)
  const paper = PAPERS[Math.floor(rng() * PAPERS.length)] as string
  const body =
    image.motif === 'studio'
      ? drawStudio(rng, width, height, paper)
      : [
          paperBackground(rng, width, height, paper),
          MOTIFS[image.motif](rng, width, height),
          seal(
            rng,
            width * (rng() < 0.7 ? 0.86 : 0.07) - (rng() < 0.5 ? 0 : Math.min(width, height) * 0.02),
            height * between(rng, 0.78, 0.84),
            Math.min(width, height) * 0.055,
            paper,
          ),
        ].join('')
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
    width,
    height,
  }
}

/**
 * Rasterizes a demo image to JPEG bytes, ready for `ingestImage` (like a photo upload).
 *
 * @param longSide - size of the longest side in px (default 1800).
 */
export async function renderDemoImage(image: DemoImage, longSide = 1800): Promise<Buffer> {
  const { svg } = drawInkSvg(image, longSide)
  const sharp = await loadSharp()
  return sharp(Buffer.from(svg)).jpeg({ quality: 88, mozjpeg: false }).toBuffer()
}
