import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Layers that point one way (issue #9 §3; docs/ARCHITECTURE.md): reads every import of app/ (the
 * TypeScript parser, so comments and strings never count) and lists each one that runs against
 * the layers. routes → components → lib; routes → services → db/lib; a job is woken by an event,
 * never imported by a use case. Test files (`*.test.ts[x]`) are left out: a test may reach any
 * layer.
 */

type Layer =
  | 'entry'
  | 'http'
  | 'routes'
  | 'components'
  | 'jobs'
  | 'services'
  | 'emails'
  | 'media'
  | 'seed'
  | 'db'
  | 'lib'
  | 'base'

/** A file's layer, by its path under the repository (first match wins). */
const LAYER_OF: [prefix: string, layer: Layer][] = [
  ['app/entry.server.tsx', 'entry'],
  // Start-up (opens the database, starts the jobs) sits beside the entry: it is the process.
  ['app/runtime.server.ts', 'entry'],
  // HTTP glue between the server and the pages: the cache of rendered public pages (whose view
  // counter the article route reads), the flash toast's cookie, the back-office action pipeline.
  ['app/http/', 'http'],
  ['app/root.tsx', 'routes'],
  ['app/routes.ts', 'routes'],
  ['app/routes/', 'routes'],
  ['app/components/', 'components'],
  ['app/jobs/', 'jobs'],
  // better-auth's configuration: used by the auth use cases, it is one of them.
  ['app/auth.server.ts', 'services'],
  ['app/services/', 'services'],
  ['app/emails/', 'emails'],
  ['app/media/', 'media'],
  // The demo content is written through the image pipeline, like an admin upload.
  ['app/db/seed/', 'seed'],
  ['app/db/', 'db'],
  ['app/lib/', 'lib'],
  ['app/env.server.ts', 'base'],
  ['app/env-file.server.ts', 'base'],
  ['app/logger.server.ts', 'base'],
  ['app/load-context.ts', 'base'],
  // TRUST_PROXY's parser, for the environment's check and for server.ts.
  ['app/trust-proxy.server.ts', 'base'],
  ['app/process.server.ts', 'base'],
]

/** What each layer may import (besides packages). `entry` starts everything and may import all. */
const MAY_IMPORT: Record<Exclude<Layer, 'entry'>, Layer[]> = {
  http: ['http', 'services', 'lib', 'base'],
  routes: ['routes', 'http', 'components', 'services', 'media', 'lib', 'base'],
  components: ['components', 'lib'],
  jobs: ['jobs', 'services', 'media', 'db', 'lib', 'base'],
  services: ['services', 'emails', 'media', 'db', 'lib', 'base'],
  emails: ['emails', 'lib', 'base'],
  media: ['media', 'db', 'lib', 'base'],
  seed: ['seed', 'media', 'db', 'lib', 'base'],
  db: ['db', 'base'],
  lib: ['lib'],
  base: ['base'],
}

/**
 * `import type` is erased from the build: a component may name the shape a use case returns
 * (one declaration of each data shape), never run the use case's code.
 */
const TYPE_ONLY_ALLOWED: [from: Layer, to: Layer][] = [
  ['components', 'services'],
  // The load context names the page cache's capture, which server.ts passes to each request.
  ['base', 'http'],
  // It also names why a page failed for a moment (app/lib/unavailable.ts, issue #37 §4).
  ['base', 'lib'],
]

/**
 * Back-edges known today, each `from file → to file` (paths without extension). Empty this list,
 * never grow it: a line goes when its import goes (the test fails on a line that no longer matches).
 */
const KNOWN_BACK_EDGES: [from: string, to: string, why: string][] = []

/** One import of one file. */
type Import = { from: string; to: string; typeOnly: boolean }

function layerOf(file: string): Layer | undefined {
  return LAYER_OF.find(([prefix]) => file === prefix || file.startsWith(prefix))?.[1]
}

function withoutExtension(file: string): string {
  return file.replace(/\.(tsx?|jsx?)$/, '').replace(/\/index$/, '')
}

/**
 * The app/ imports of one source text: static imports and re-exports (type-only or not), dynamic
 * `import()`. Targets are repository paths without extension; packages are left out.
 */
function importsOf(file: string, text: string): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX)
  const found: Import[] = []
  const add = (specifier: string, typeOnly: boolean) => {
    let target: string
    if (specifier.startsWith('#app/')) target = `app/${specifier.slice('#app/'.length)}`
    else if (specifier.startsWith('.')) target = path.posix.join(path.posix.dirname(file), specifier)
    else return
    found.push({ from: withoutExtension(file), to: withoutExtension(target), typeOnly })
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.importClause?.isTypeOnly === true)
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The imports among `imports` that run against the layers, as `from → to` lines. */
function backEdges(imports: Import[]): string[] {
  const edges = new Set<string>()
  for (const { from, to, typeOnly } of imports) {
    const fromLayer = layerOf(`${from}.ts`) ?? layerOf(`${from}.tsx`)
    const toLayer = layerOf(`${to}.ts`) ?? layerOf(`${to}.tsx`) ?? layerOf(`${to}/`)
    if (!fromLayer || !toLayer || fromLayer === 'entry') continue
    if (MAY_IMPORT[fromLayer].includes(toLayer)) continue
    if (typeOnly && TYPE_ONLY_ALLOWED.some(([a, b]) => a === fromLayer && b === toLayer)) continue
    edges.add(`${from} → ${to}`)
  }
  return [...edges].sort()
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

describe('layers of app/', () => {
  it('knows the layer of every source file of app/', () => {
    // A new folder or top-level file: add it to LAYER_OF (and MAY_IMPORT) with its place in the layers.
    expect(sourceFiles('app').filter((file) => !layerOf(file))).toEqual([])
  })

  it('has no import against the layers beyond the known, listed ones', () => {
    const imports = sourceFiles('app').flatMap((file) => importsOf(file, fs.readFileSync(file, 'utf8')))
    const found = backEdges(imports)
    const known = KNOWN_BACK_EDGES.map(([from, to]) => `${from} → ${to}`)

    // Each line is a back-edge to remove (or, for a real exception, to argue for in review).
    expect(found.filter((edge) => !known.includes(edge))).toEqual([])
    // A listed back-edge that is gone: take its line out of KNOWN_BACK_EDGES.
    expect(known.filter((edge) => !found.includes(edge))).toEqual([])
  })

  it('finds a use case importing a job, lib importing db and a route importing a job', () => {
    const edges = backEdges([
      ...importsOf(
        'app/services/contact/x.server.ts',
        "import { wake } from '#app/jobs/outbox-worker.server'\nimport { y } from '../mail/y.server'",
      ),
      ...importsOf('app/lib/x.ts', "export type { Row } from '../db/schema'"),
      ...importsOf('app/routes/x.tsx', "const worker = await import('#app/jobs/outbox-worker.server')"),
    ])

    expect(edges).toEqual([
      'app/lib/x → app/db/schema',
      'app/routes/x → app/jobs/outbox-worker.server',
      'app/services/contact/x.server → app/jobs/outbox-worker.server',
    ])
  })

  it('lets a component name a use case’s data type, not run its code', () => {
    const edges = backEdges([
      ...importsOf('app/components/a.tsx', "import type { Row } from '#app/services/x/list.server'"),
      ...importsOf('app/components/b.tsx', "import { type Row, label } from '#app/services/x/rules'"),
      ...importsOf('app/components/c.tsx', "import type { Row } from '#app/db/schema'"),
    ])

    expect(edges).toEqual(['app/components/b → app/services/x/rules', 'app/components/c → app/db/schema'])
  })
})
