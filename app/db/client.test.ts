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
