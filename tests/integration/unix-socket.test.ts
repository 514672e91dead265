/**
 * A real server process (the production build) listening on a Unix socket (`SOCKET_PATH`), as the
 * README's Production section runs it behind nginx: pages, the clients' addresses taken from
 * `X-Forwarded-For` (`TRUST_PROXY=1`), a bid through the router, and the auction's live stream
 * handed over to the live pages process. The stream and the bid need an auction row, written by
 * this process: that part runs only with TEST_DATABASE_URL (the PostgreSQL pass of .ci/run).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BID_REGION_PATH } from '#app/lib/auction-live-state'
import { auctions } from '#tests/support/auctions'
import { readMessages } from '#tests/support/event-stream'
import {
  ensureBuild,
  type ServerInstance,
  shareInstancesDatabase,
  startServerInstance,
} from '#tests/support/server-instance'
import { fetchOverSocket, scratchPostgresDatabase } from '../../bench/support'

const serverUrl = process.env.TEST_DATABASE_URL
const SECRET = 'secret-des-tests-du-socket-unix-0123456789abcdef'
const AUCTION_LINK = 'lien-prive-socket-unix'

describe('a server on a Unix socket, behind a proxy (README, Production)', () => {
  let folder = ''
  let socketPath = ''
  let instance: ServerInstance
  let scratch: { url: string; drop: () => Promise<void> } | undefined
  let restore: (() => Promise<void>) | undefined

  beforeAll(async () => {
    ensureBuild()
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-socket-'))
    socketPath = path.join(folder, 'encre.sock')
    // A file left where the socket goes (a server killed before it could remove its socket).
    fs.writeFileSync(socketPath, '')
    scratch = serverUrl
      ? await scratchPostgresDatabase(serverUrl, `encre_test_socket_${process.pid}`)
      : undefined
    instance = await startServerInstance({
      SOCKET_PATH: socketPath,
      TRUST_PROXY: '1',
      BETTER_AUTH_SECRET: SECRET,
      SEED_DEMO: 'false',
      // The access log's lines, for the client's address.
      LOG_LEVEL: 'info',
      OVERLOAD_DELAY_MS: '0',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    })
    if (scratch) ({ restore } = await shareInstancesDatabase(scratch.url, SECRET))
  }, 300_000)

  afterAll(async () => {
    await instance?.stop()
    await restore?.()
    await scratch?.drop()
    fs.rmSync(folder, { recursive: true, force: true })
  }, 60_000)

  it('answers pages on the socket, which any local user (nginx) may open', async () => {
    expect(fs.statSync(socketPath).isSocket()).toBe(true)
    expect(fs.statSync(socketPath).mode & 0o777).toBe(0o666)
    const home = await fetchOverSocket(socketPath, '/portfolio')
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('<html')
    expect(instance.output()).toContain(`Encre est prêt sur ${socketPath}`)
  })

  it("takes the client's address from X-Forwarded-For (TRUST_PROXY=1), as its access log shows", async () => {
    const page = await fetchOverSocket(socketPath, '/portfolio', {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    })
    expect(page.status).toBe(200)
    await expect.poll(() => instance.output()).toContain('"ip":"203.0.113.7"')
  })

  it.skipIf(!serverUrl)(
    'hands the live stream to the live pages process and sends it a bid posted through the socket',
    async () => {
      const auction = await auctions.create({ lien_prive: AUCTION_LINK })
      const cookie = await auctions.validatedCookie(auction.id, 'marie@exemple.fr', AUCTION_LINK)
      const stream = await fetchOverSocket(socketPath, `/enchere/${AUCTION_LINK}/evenements`, {
        headers: { accept: 'text/event-stream', 'x-forwarded-for': '203.0.113.20' },
      })
      expect(stream.status).toBe(200)
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader()
      expect((await readMessages(reader, 2)).join('\n')).toContain('event: snapshot')

      const bid = await fetchOverSocket(socketPath, `/enchere/${AUCTION_LINK}/${BID_REGION_PATH}`, {
        method: 'POST',
        headers: {
          cookie,
          origin: 'http://127.0.0.1',
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '203.0.113.21',
        },
        body: new URLSearchParams({
          prenom: 'Marie',
          nom: 'Curie',
          email: 'marie@exemple.fr',
          telephone: '06 12 34 56 78',
          montant: '150',
        }).toString(),
      })
      expect(bid.status).toBe(200)
      expect(await bid.text()).toContain('id="enchere-mise"')
      const live = (await readMessages(reader, 1)).join('\n')
      expect(live).toContain('event: bid')
      expect(live).toContain('"montant":"100.00"')
      await reader.cancel()
    },
  )
})
