import { eq } from 'drizzle-orm'
import { Parser } from 'htmlparser2'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { articles, pagesConfig } from '#app/db/schema'
import { ensurePageConfigs } from '#app/services/pages/ensure-page-configs.server'
import { postAction } from '#tests/support/routes'
import { resetSignIn, signedInCookie } from '#tests/support/sessions'
import { action as articlesAction } from './articles'
import { action as pagesAction } from './pages'

/**
 * Classic XSS vectors (OWASP XSS filter evasion cheat sheet and the like), each wrapped in some
 * text so the content is not empty. Issue #3 §5: none may survive into the stored HTML.
 */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//xss.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<p onclick="alert(1)">clic</p>',
  '<p ONMOUSEOVER=alert(1)>survol</p>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">lien</a>',
  '<a href="JaVaScRiPt:alert(1)">lien</a>',
  '<a href=" javascript:alert(1)">lien</a>',
  '<a href="jav&#x09;ascript:alert(1)">lien</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">lien</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">lien</a>',
  '<a href="javascript&colon;alert(1)">lien</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">lien</a>',
  '<a href="vbscript:msgbox(1)">lien</a>',
  '<a href="VBScript:msgbox(1)">lien</a>',
  '<a href="//evil.example/">lien</a>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<p style="width: expression(alert(1))">style</p>',
  '<p style="background:url(javascript:alert(1))">style</p>',
  '<p style="text-align:center; background-image: url(\'https://evil.example/x\')">style</p>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<div style="behavior: url(x.htc)">ie</div>',
  '<form action="javascript:alert(1)"><button>envoyer</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<a href="https://ok.example" onclick="alert(1)" target="_self">ok</a>',
  '<p><a href="mailto:x@example.fr">mail</a></p><!--<script>alert(1)</script>-->',
  '<img """><script>alert(1)</script>">',
  '<p title="</p><script>alert(1)</script>">titre</p>',
]

/** Every problem found in stored HTML: scripts, event handlers, bad links, styles other than text-align. */
function problems(html: string): string[] {
  const found: string[] = []
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (
          [
            'script',
            'style',
            'iframe',
            'object',
            'embed',
            'svg',
            'math',
            'img',
            'form',
            'input',
            'meta',
            'base',
          ].includes(name)
        ) {
          found.push(`<${name}>`)
        }
        for (const [attribute, value] of Object.entries(attributes)) {
          if (/^on/i.test(attribute)) found.push(`${name} ${attribute}`)
          // Absolute http(s) or mailto, or a path on the site: nothing else may be followed.
          if (attribute === 'href' && !/^(?:https?:\/\/|mailto:|\/(?!\/))/i.test(value)) {
            found.push(`href=${value}`)
          }
          if (
            attribute === 'style' &&
            !/^text-align:\s*(?:left|right|center|justify);?$/i.test(value.trim())
          ) {
            found.push(`style=${value}`)
          }
          if (!['href', 'target', 'rel', 'style'].includes(attribute)) found.push(`${name} ${attribute}`)
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  )
  parser.write(html)
  parser.end()
  if (/<script|javascript:|vbscript:/i.test(html)) found.push('raw script text')
  return found
}

let admin: string

beforeEach(async () => {
  await resetSignIn()
  admin = await signedInCookie('admin')
})

describe('XSS corpus through the publishing forms', () => {
  it('checks what it should: the detector flags the raw vectors', () => {
    expect(VECTORS.filter((vector) => problems(vector).length === 0)).toEqual([])
  })

  it('stores no vector through the article create action', async () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(30)
    for (const [index, vector] of VECTORS.entries()) {
      const answer = await postAction(
        articlesAction,
        '/admin/articles',
        {
          intent: 'create',
          titre: `Vecteur ${index}`,
          contenu: `<p>Texte ${index}</p>${vector}`,
          statut: 'publie',
          type: 'article',
          affiche: 'on',
        },
        admin,
      )
      expect(answer.status, vector).toBe(200)
      const [row] = await getDb()
        .select({ contenu: articles.contenu })
        .from(articles)
        .where(eq(articles.id, answer.body?.id ?? ''))
      expect(problems(row?.contenu ?? ''), `${vector} → ${row?.contenu}`).toEqual([])
      expect(row?.contenu).toContain(`Texte ${index}`)
    }
  })

  it('stores no vector through the page configuration action', async () => {
    await ensurePageConfigs()
    const [contact] = await getDb().select().from(pagesConfig).where(eq(pagesConfig.page_name, 'contact'))
    for (const vector of VECTORS) {
      const answer = await postAction(
        pagesAction,
        '/admin/pages',
        {
          intent: 'update',
          id: contact?.id ?? '',
          titre: 'Contact',
          description: `<p>Bonjour</p>${vector}`,
          menu_order: '7',
        },
        admin,
      )
      expect(answer.status, vector).toBe(200)
      const [row] = await getDb().select().from(pagesConfig).where(eq(pagesConfig.page_name, 'contact'))
      expect(problems(row?.description ?? ''), `${vector} → ${row?.description}`).toEqual([])
    }
  })

  it('keeps what the editor makes: alignment, marks, lists, quotes and safe links', async () => {
    const html =
      '<h2 style="text-align: center">Titre</h2><p><strong>g</strong> <em>i</em> <u>s</u> <s>b</s></p>' +
      '<ul><li><p>un</p></li></ul><blockquote><p>cité</p></blockquote>' +
      '<p><a href="https://exemple.fr" target="_blank">lien</a> <a href="mailto:a@exemple.fr">mail</a></p>'
    const answer = await postAction(
      articlesAction,
      '/admin/articles',
      { intent: 'create', titre: 'Riche', contenu: html },
      admin,
    )
    const [row] = await getDb()
      .select()
      .from(articles)
      .where(eq(articles.id, answer.body?.id ?? ''))
    expect(row?.contenu).toBe(
      '<h2 style="text-align:center">Titre</h2><p><strong>g</strong> <em>i</em> <u>s</u> <s>b</s></p>' +
        '<ul><li><p>un</p></li></ul><blockquote><p>cité</p></blockquote>' +
        '<p><a href="https://exemple.fr" target="_blank" rel="noopener noreferrer">lien</a> <a href="mailto:a@exemple.fr">mail</a></p>',
    )
    expect(problems(row?.contenu ?? '')).toEqual([])
  })
})
