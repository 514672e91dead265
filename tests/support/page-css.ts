import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { pageAssets } from './page-javascript'

/**
 * The style sheets of a page (issue #8 §1–§2): what a public page links, their size, the classes
 * they style, and the classes only the back-office's sources write — the measure of the CSS budget
 * test (tests/e2e/css-budget.spec.ts).
 */

/** Largest style sheet of a public page, gzip bytes (level 6): 13.6 KB measured, with room. */
export const PAGE_CSS_BUDGET = 14.5 * 1024

/** The `/assets/…css` URLs a page's HTML links as style sheets, in document order. */
export function stylesheetAssets(html: string): string[] {
  const found: string[] = []
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0]
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1] ?? ''
    if (/\brel="stylesheet"/.test(tag) && href.startsWith('/assets/') && href.endsWith('.css'))
      found.push(href)
  }
  return found
}

/** What {@link pageCss} measured: the style sheets, their text, raw and gzip sizes in bytes. */
export type PageCss = { sheets: string[]; text: string; raw: number; gzip: number }

/**
 * Measures the style sheets one page links.
 *
 * @param origin - the server, e.g. `http://127.0.0.1:3300` (no trailing slash).
 * @param route - the page's path, e.g. `/blog`.
 * @returns the sheets' URLs, their text (joined), raw bytes and gzip bytes (level 6, summed).
 * @throws when the page (a 404 page is accepted) or one of its sheets does not answer 2xx.
 */
export async function pageCss(origin: string, route: string): Promise<PageCss> {
  const sheets = await pageAssets(origin, route, stylesheetAssets)
  return {
    sheets: sheets.map((sheet) => sheet.url),
    text: sheets.map((sheet) => sheet.body.toString('utf8')).join('\n'),
    raw: sheets.reduce((sum, sheet) => sum + sheet.body.length, 0),
    gzip: sheets.reduce((sum, sheet) => sum + sheet.gzip, 0),
  }
}

const unescapeCss = (name: string) =>
  name
    .replace(/\\([0-9a-fA-F]{1,6}) ?/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/\\(.)/g, '$1')

/**
 * The class names a style sheet's selectors name (`.md\:grid-cols-3` → `md:grid-cols-3`): the
 * text before each `{` that is not an at-rule, declarations left out.
 */
export function cssClasses(css: string): Set<string> {
  const found = new Set<string>()
  for (const [, prelude = ''] of css.matchAll(/([^{};]*)\{/g)) {
    if (prelude.trim().startsWith('@')) continue
    for (const [, name = ''] of prelude.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g))
      found.add(unescapeCss(name))
  }
  return found
}

/** `specifier` imported by `file`, as a source file of app/, or null (a package, a missing file). */
function resolveImport(file: string, specifier: string): string | null {
  let target: string
  if (specifier.startsWith('#app/')) target = `app/${specifier.slice('#app/'.length)}`
  else if (specifier.startsWith('.')) target = path.posix.join(path.posix.dirname(file), specifier)
  else return null
  for (const candidate of [
    target,
    `${target}.ts`,
    `${target}.tsx`,
    `${target}/index.ts`,
    `${target}/index.tsx`,
  ])
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate
  return null
}

/** The source files of app/ one file imports for its code (`import type` is left out: erased). */
function codeImportsOf(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TSX,
  )
  const found: string[] = []
  const add = (specifier: string) => {
    const target = resolveImport(file, specifier)
    if (target) found.push(target)
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (node.importClause?.isTypeOnly !== true) add(node.moduleSpecifier.text)
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) add(node.moduleSpecifier.text)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Every source file reachable by imports from `entries` (repository paths). */
function reachableFrom(entries: string[]): Set<string> {
  const seen = new Set<string>()
  const stack = [...entries]
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    stack.push(...codeImportsOf(file))
  }
  return seen
}

/** The words of source files as Tailwind reads them: what lies between spaces and quotes. */
function sourceTokens(files: Iterable<string>): Set<string> {
  const tokens = new Set<string>()
  for (const file of files)
    for (const token of fs.readFileSync(file, 'utf8').split(/[\s'"`{}]+/)) tokens.add(token)
  return tokens
}

/**
 * The words only the back-office's sources write (run from the repository's root): the files the
 * /admin routes of app/routes.ts import, less the files the public side imports (root.tsx, every
 * other route, the static pages' scripts of app/components/enhance), and less every word of those.
 * A class among them is a back-office class: a public page's style sheet has no use for it.
 */
export function backOfficeOnlyWords(): Set<string> {
  const routes = [...fs.readFileSync('app/routes.ts', 'utf8').matchAll(/'(routes\/[^']+\.tsx)'/g)].map(
    ([, file]) => `app/${file}`,
  )
  const isBackOffice = (route: string) => route.startsWith('app/routes/admin/')
  const publicFiles = reachableFrom([
    'app/root.tsx',
    'app/components/enhance/index.ts',
    'app/components/enhance/auction-page.ts',
    ...routes.filter((route) => !isBackOffice(route)),
  ])
  const backOfficeFiles = [...reachableFrom(routes.filter(isBackOffice))].filter(
    (file) => !publicFiles.has(file),
  )
  const publicWords = sourceTokens(publicFiles)
  return new Set([...sourceTokens(backOfficeFiles)].filter((word) => !publicWords.has(word)))
}
