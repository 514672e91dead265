import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { contactMessages, mises, passkey, user } from '#app/db/schema'
import { auctions } from '#tests/support/auctions'
import { signedInCookie } from '#tests/support/sessions'
import { exportContent } from './export-content.server'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

describe('exportContent', () => {
  it('writes every table as JSON without secrets, and the messages and bids as CSV', async () => {
    await signedInCookie('admin', 'artiste@exemple.fr')
    // A passkey's public key and credential id are credentials, not content (issue #37 §3).
    const [artist] = await getDb()
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'artiste@exemple.fr'))
    await getDb()
      .insert(passkey)
      .values({
        id: 'p1',
        name: 'Téléphone',
        publicKey: 'cle-publique',
        userId: artist?.id ?? '',
        credentialID: 'identifiant',
        counter: 0,
        deviceType: 'multiDevice',
        backedUp: true,
      })
    await getDb()
      .insert(contactMessages)
      .values([
        {
          nom: 'Durand',
          prenom: 'Zoé',
          email: 'zoe@exemple.fr',
          sujet: 'Commande, "urgente"',
          message: 'Bonjour,\nune question.',
          cree_le: new Date('2026-03-01T10:00:00Z'),
        },
        {
          nom: '=HYPERLINK("http://x")',
          email: 'x@exemple.fr',
          sujet: 'Test',
          message: 'x',
          cree_le: new Date('2026-03-02T10:00:00Z'),
        },
      ])
    const auction = await auctions.create()
    await auctions.validate(auction.id, 'ana@exemple.fr')
    await getDb().insert(mises).values({
      enchere_id: auction.id,
      participant_email: 'ana@exemple.fr',
      participant_nom: 'Lopez',
      participant_prenom: 'Ana',
      montant: '150.00',
      email_valide: true,
    })
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-export-'))
    folders.push(folder)

    const { dir } = await exportContent(getDb(), folder)

    const json = JSON.parse(fs.readFileSync(path.join(dir, 'contenu.json'), 'utf8'))
    expect(json.tables.contact_messages.map((row: { nom: string }) => row.nom)).toEqual([
      'Durand',
      '=HYPERLINK("http://x")',
    ])
    expect(json.tables.mises).toEqual([
      expect.objectContaining({ participant_nom: 'Lopez', montant: '150.00' }),
    ])
    expect(json.tables.encheres).toEqual([expect.objectContaining({ nom: 'Vente privée' })])
    expect(json.tables.user).toEqual([expect.objectContaining({ email: 'artiste@exemple.fr' })])
    for (const secret of [
      'account',
      'session',
      'verification',
      'validations_email',
      'emails_sortants',
      'two_factor',
      'passkey',
    ])
      expect(json.tables[secret], secret).toBeUndefined()
    expect(JSON.stringify(json)).not.toMatch(/"(?:jeton\w*|token|password)"/)

    const messages = fs.readFileSync(path.join(dir, 'contact_messages.csv'), 'utf8')
    const lines = messages.replace(/^\uFEFF/, '').split('\r\n')
    // oeuvre_id: the work an enquiry asks about (issue #11 §4), empty for a plain message.
    expect(lines[0]).toBe('id,nom,prenom,email,telephone,sujet,message,lu,archive,cree_le,oeuvre_id')
    // A line break inside a message stays inside its quoted field.
    expect(lines[1]).toMatch(
      /^[0-9a-f-]{36},Durand,Zoé,zoe@exemple\.fr,,"Commande, ""urgente""","Bonjour,\nune question\.",false,false,2026-03-01T10:00:00\.000Z,$/,
    )
    expect(lines[2]).toMatch(/^[0-9a-f-]{36},"'=HYPERLINK\(""http:\/\/x""\)",,x@exemple\.fr,/)
    const bids = fs
      .readFileSync(path.join(dir, 'mises.csv'), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
    expect(bids[0]).toBe(
      'id,enchere_id,participant_email,participant_nom,participant_prenom,montant,email_valide,cree_le,automatique',
    )
    expect(bids[1]).toContain(',ana@exemple.fr,Lopez,Ana,150.00,true,')
  })
  it('streams a table of more rows than one chunk: the JSON parses and holds every row, in order, and so does the CSV', async () => {
    const count = 25_000
    await getDb().execute(
      sql`insert into contact_messages (nom, email, sujet, message, cree_le)
          select 'Nom ' || g, 'v' || g || '@exemple.fr', 'Sujet', 'Message ' || g, timestamptz '2026-01-01' + g * interval '1 second'
          from generate_series(1, ${count}) g`,
    )
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-export-'))
    folders.push(folder)

    const { dir, rows } = await exportContent(getDb(), folder)

    const json = JSON.parse(fs.readFileSync(path.join(dir, 'contenu.json'), 'utf8'))
    const messages = json.tables.contact_messages as { nom: string; cree_le: string }[]
    expect(messages).toHaveLength(count)
    expect(messages[0]).toEqual(
      expect.objectContaining({ nom: 'Nom 1', cree_le: '2026-01-01T00:00:01.000Z' }),
    )
    expect(messages.at(-1)?.nom).toBe(`Nom ${count}`)
    const total = Object.values(json.tables as Record<string, unknown[]>).reduce(
      (sum, list) => sum + list.length,
      0,
    )
    expect(rows).toBe(total)
    const csv = fs.readFileSync(path.join(dir, 'contact_messages.csv'), 'utf8').split('\r\n')
    expect(csv).toHaveLength(count + 2)
    expect(csv[count]).toMatch(new RegExp(`^[0-9a-f-]{36},Nom ${count},,v${count}@exemple\\.fr,`))
    expect(csv.at(-1)).toBe('')
  })
})
