import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDatabase, getDb, queryRows } from './client.server'
import { categories, encheres, oeuvres } from './schema'

describe('database schema', () => {
  it('applies the spec defaults', async () => {
    const [category] = await getDb().insert(categories).values({ nom: 'Encres' }).returning()
    const [artwork] = await getDb()
      .insert(oeuvres)
      .values({ nom: 'Souffle', categorie_id: category?.id })
      .returning()
    expect(category).toMatchObject({ affichee: true, ordre: 0 })
    expect(artwork).toMatchObject({ statut: 'disponible', affichee: true, ordre: 0, tags: [] })
  })

  it('refuses a second active auction', async () => {
    const auction = (lien: string) => ({
      nom: lien,
      prix_depart: '10.00',
      prix_actuel: '10.00',
      date_debut: new Date('2026-01-01T10:00:00Z'),
      date_fin: new Date('2026-01-02T10:00:00Z'),
      statut: 'active' as const,
      lien_prive: lien,
    })
    await getDb().insert(encheres).values(auction('premier'))
    await expect(getDb().insert(encheres).values(auction('second'))).rejects.toThrow()
    const rows = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from encheres`)
    expect(rows[0]?.n).toBe(1)
  })

  it('refuses an unknown artwork statut', async () => {
    await expect(
      getDb().execute(sql`insert into oeuvres (nom, statut) values ('x', 'perdu')`),
    ).rejects.toThrow()
  })
})

describe('withLock', () => {
  const KEY = 72_201_999

  it('makes a second holder of the key wait on a PostgreSQL server (runs at once on PGlite), and lets go after a failure', async () => {
    const opened = getDatabase()
    const events: string[] = []
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const first = opened.withLock(KEY, async () => {
      events.push('premier commence')
      await held
      events.push('premier finit')
    })
    await expect.poll(() => events).toContain('premier commence')
    const second = opened.withLock(KEY, async () => {
      events.push('second commence')
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    release()
    await Promise.all([first, second])

    expect(events).toEqual(
      opened.kind === 'postgres'
        ? ['premier commence', 'premier finit', 'second commence']
        : ['premier commence', 'second commence', 'premier finit'],
    )
    await expect(opened.withLock(KEY, () => Promise.reject(new Error('échec')))).rejects.toThrow('échec')
    expect(await opened.withLock(KEY, async () => 'repris')).toBe('repris')
  })
})

describe('pipelined transactions on a PostgreSQL server', () => {
  /** Counts the socket writes of every client the pool lends while `run` runs. */
  async function countSocketWrites(run: () => Promise<void>): Promise<number> {
    const pool = getDatabase().pool
    if (!pool) throw new Error('PostgreSQL seulement')
    type Socket = { _write: (...args: unknown[]) => void; _writev?: (...args: unknown[]) => void }
    const restore: Array<() => void> = []
    let writes = 0
    const spy = (client: unknown) => {
      const socket = (client as { connection: { stream: Socket } }).connection.stream
      for (const method of ['_write', '_writev'] as const) {
        const original = socket[method]
        if (!original || Object.hasOwn(socket, method)) continue
        socket[method] = function (this: Socket, ...args: unknown[]) {
          writes++
          return original.apply(this, args)
        }
        restore.push(() => delete socket[method])
      }
    }
    pool.on('acquire', spy)
    try {
      await run()
    } finally {
      pool.off('acquire', spy)
      for (const undo of restore) undo()
    }
    return writes
  }

  it('sends begin, statements issued together and commit in one socket write, and stores them', async (context) => {
    if (getDatabase().kind !== 'postgres') context.skip('PGlite has no socket')
    let written: Promise<unknown> = Promise.resolve()
    const writes = await countSocketWrites(async () => {
      await getDb().transaction(async (tx) => {
        // As a bid batch does: the write is not awaited before the commit.
        written = Promise.all([
          tx.insert(categories).values({ nom: 'Lavis' }),
          tx.insert(categories).values({ nom: 'Fusains' }),
        ])
      })
      await written
    })
    expect(writes).toBe(1)
    const rows = await queryRows<{ nom: string }>(getDb(), sql`select nom from categories order by nom`)
    expect(rows.map((row) => row.nom)).toEqual(['Fusains', 'Lavis'])
  })

  it('rolls the whole transaction back when a statement sent with the commit fails', async (context) => {
    if (getDatabase().kind !== 'postgres') context.skip('PGlite has no socket')
    let written: Promise<unknown> = Promise.resolve()
    await getDb().transaction(async (tx) => {
      written = Promise.all([
        tx.insert(categories).values({ nom: 'Sanguines' }),
        tx.execute(sql`insert into oeuvres (nom, statut) values ('x', 'perdu')`),
      ])
      written.catch(() => undefined)
    })
    await expect(written).rejects.toThrow()
    const rows = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from categories`)
    expect(rows[0]?.n).toBe(0)
  })
})
