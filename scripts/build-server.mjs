// Second half of `npm run build` (issue #8 §3), after `react-router build`:
// 1. compiles server.ts into build/server.js (esbuild; packages stay imports of node_modules), so
//    the production process runs plain JavaScript, without a TypeScript loader;
// 2. bundles the static pages' scripts (app/components/enhance, decision 010) into hashed,
//    minified build/client/assets/enhance-*.js (every static page), enhance-auction-*.js (the
//    auction page, besides it) and proof-of-work-*.js (only when an answer asks a challenge),
//    named in build/enhance.json for entry.server;
// 3. writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of build/client,
//    served as is by server.ts (express-static-gzip): no compression work per request.
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { build } from 'esbuild'

await build({
  entryPoints: ['server.ts'],
  outfile: 'build/server.js',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
})

const enhance = await build({
  entryPoints: {
    enhance: 'app/components/enhance/index.ts',
    'enhance-auction': 'app/components/enhance/auction-page.ts',
    // Loaded only when an answer asks a proof-of-work challenge (issue #37 §1).
    'proof-of-work': 'app/components/enhance/proof-of-work-widget.ts',
  },
  outdir: 'build/client/assets',
  entryNames: '[name]-[hash]',
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
  // The browser build of app/lib/html-text.ts (no `entities` tables), as Vite's client build.
  define: { 'import.meta.env': '{"SSR":false}' },
  metafile: true,
  logLevel: 'warning',
})
const enhanceAsset = (entryPoint) => {
  const file = Object.entries(enhance.metafile.outputs).find(
    ([output, meta]) => output.endsWith('.js') && meta.entryPoint === entryPoint,
  )?.[0]
  return `/assets/${path.basename(file)}`
}
fs.writeFileSync(
  'build/enhance.json',
  JSON.stringify({
    src: enhanceAsset('app/components/enhance/index.ts'),
    pageScripts: { auction: enhanceAsset('app/components/enhance/auction-page.ts') },
    proofOfWork: enhanceAsset('app/components/enhance/proof-of-work-widget.ts'),
  }),
)

/** Files worth compressing; images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|map|ico)$/
/** Below this size (bytes) compression saves less than the headers it adds. */
const MIN_BYTES = 1024
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    return entry.isDirectory() ? listFiles(file) : [file]
  })
}

const files = listFiles('build/client').filter(
  (file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES,
)
let saved = 0
await Promise.all(
  files.map(async (file) => {
    const body = fs.readFileSync(file)
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ])
    fs.writeFileSync(`${file}.br`, br)
    fs.writeFileSync(`${file}.gz`, gz)
    saved += body.length - br.length
  }),
)
console.warn(
  `server.ts compilé dans build/server.js ; ${files.length} fichiers précompressés (brotli ${Math.round(saved / 1024)} Ko gagnés).`,
)
