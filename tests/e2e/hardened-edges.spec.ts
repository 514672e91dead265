import http from 'node:http'
import { postChunked } from '../support/chunked-post'
import { DEMO_SERVER, expect, test } from './fixtures'
import { type OwnServer, startOwnServer } from './support/own-server'

/**
 * Issue #12 §5 "Hardened edges", tried as a hostile visitor would, on the built server: a server of
 * its own (empty, behind a proxy with TRUST_PROXY=true, its memory read from /proc), and the demo
 * site for the files it serves.
 */

const OWN_PORT = DEMO_SERVER.port + 2
const FIFTY_MB = 50_000_000

/** A GET of `rawPath` exactly as written: no URL normalisation of `..`, `\` or escapes. */
function rawGet(origin: string, rawPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}/`, { path: rawPath, agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    request.on('error', reject)
  })
}

/** A form POST to the own server as a browser on its pages sends it (Origin), from `forwardedFor`. */
function postForm(server: OwnServer, path: string, fields: string, forwardedFor = '198.51.100.1') {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.url,
      'x-forwarded-for': forwardedFor,
    },
    body: fields,
  })
}

test.describe('hardened edges (issue #12 §5)', () => {
  test.describe.configure({ mode: 'serial' })
  let server: OwnServer

  test.beforeAll(async () => {
    test.setTimeout(90_000)
    server = await startOwnServer(OWN_PORT, { TRUST_PROXY: 'true' })
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  test('a chunked 50 MB POST to the contact, auction and sign-in forms answers 413, memory flat', async () => {
    test.setTimeout(60_000)
    const headers = { origin: server.url }
    const contentType = 'application/x-www-form-urlencoded'
    await postForm(server, '/contact', 'nom=Echauffement')
    const rssBefore = server.rss()

    const answers = []
    for (const [path, extra] of [
      ['/contact', {}],
      ['/enchere/lien-prive-inconnu', {}],
      ['/enchere/lien-prive-inconnu/mise', {}],
      ['/auth', {}],
    ] as const) {
      const answer = await postChunked(`${server.url}${path}`, {
        totalBytes: FIFTY_MB,
        contentType,
        headers: { ...headers, ...extra },
        prefix: 'nom=Gros&message=',
      })
      answers.push({ path, status: answer.status, text: answer.text, sentMB: answer.bytesSent / 1e6 })
    }
    const growthMB = (server.rss() - rssBefore) / 1e6

    test.info().annotations.push({
      type: 'mémoire',
      description: `RSS ${(rssBefore / 1e6).toFixed(0)} Mo avant, +${growthMB.toFixed(1)} Mo après 4 × 50 Mo ; envoyés avant la réponse : ${answers.map((a) => a.sentMB.toFixed(1)).join(', ')} Mo`,
    })
    process.stdout.write(`${test.info().annotations.at(-1)?.description}\n`)
    for (const answer of answers) {
      expect(answer, answer.path).toMatchObject({ status: 413, text: 'La requête est trop volumineuse.' })
      // The answer comes long before the end of the body: the client, which stops sending once it
      // has read it, usually sent 4–6 MB by then; a client starved of CPU reads it later (24 MB
      // once, on a busy machine). The server's own cut is the memory check below.
      expect(answer.sentMB, answer.path).toBeLessThan(40)
    }
    expect(growthMB).toBeLessThan(30)
    // The server still answers afterwards.
    expect((await fetch(`${server.url}/contact`)).status).toBe(200)
  })

  test('a forged X-Forwarded-For prefix does not reset the per-address limit (TRUST_PROXY=true is one hop)', async () => {
    const statuses = []
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await postForm(
        server,
        '/contact',
        // One person (one address) from one client address: the pair's limit is 5 per 10 minutes.
        `nom=Faussaire&email=faussaire%40exemple.fr&sujet=Essai${attempt}&message=Bonjour`,
        // The visitor writes a new first address each time; the proxy appends the one it saw.
        `203.0.113.${attempt + 10}, 198.51.100.77`,
      )
      statuses.push(response.status)
      await response.text()
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })

  test('NUL and control characters in public forms never answer 500', async () => {
    const contact = await postForm(
      server,
      '/contact',
      'nom=Du%00pont&email=nul%40exemple.fr&sujet=Su%1Bjet&message=Bon%00jour',
      '198.51.100.90',
    )
    expect(contact.status).toBe(200)
    expect(await contact.text()).toContain('Votre message a été envoyé avec succès.')

    const attempts = [
      ['/?index', 'intent=prochaine-enchere&email=ma%00rie%40exemple.fr'],
      ['/?index', 'intent=demander-lien-enchere&email=ma%00rie%40exemple.fr'],
      ['/auth', 'email=ad%00min%40exemple.fr&password=mauvais%00motdepasse'],
      ['/auth', 'intent=request-reset&email=ad%00min%40exemple.fr'],
      [
        '/enchere/lien%00prive',
        'prenom=Cl%00aire&nom=Du%00pont&email=a%00%40b.fr&telephone=0612345678&montant=100',
      ],
    ] as const
    for (const [path, body] of attempts) {
      const response = await postForm(server, path, body, '198.51.100.91')
      expect(response.status, `${path} ${body}`).toBeLessThan(500)
      await response.text()
    }
    const broken = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', origin: server.url },
      body: 'pas un formulaire',
    })
    expect(broken.status).toBe(400)
  })
})

test('a path that climbs out of /uploads or /assets, encoded or not, answers 404', async () => {
  const paths = [
    '/uploads/..%2F..%2Fpackage.json',
    '/uploads/..%2f..%2f..%2fpackage.json',
    '/uploads/..%252F..%252Fpackage.json',
    '/uploads/..\\..\\package.json',
    '/uploads/..%5C..%5Cpackage.json',
    '/uploads/a%00b.webp',
    '/uploads/%00',
    '/uploads/%E0%A4%A',
    '/uploads/../../package.json',
    '/assets/..%2F..%2F..%2Fpackage.json',
    '/assets/..%252f..%252fpackage.json',
    '/assets/..%5C..%5Cpackage.json',
    '/assets/%00',
    '/assets/../../package.json',
  ]
  const statuses = []
  for (const path of paths) statuses.push([path, await rawGet(DEMO_SERVER.url, path)])
  expect(statuses).toEqual(paths.map((path) => [path, 404]))
})
