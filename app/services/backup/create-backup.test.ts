// Backups and their restoration (issue #12 §3, decision 026). The round trip: the demo site with a
// row in every table, restored into the embedded database and, with TEST_DATABASE_URL, into a
// PostgreSQL server, compared table by table and file by file.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import * as tar from 'tar'
import { afterEach, describe, expect, it } from 'vitest'
import { getDatabase, getDb, MIGRATIONS_FOLDER, openDatabase, queryRows } from '#app/db/client.server'
import {
  abonnesProchaineEnchere,
  account,
  annoncesEnchere,
  appareilsConnus,
  articles,
  categories,
  contactMessages,
  emailsSortants,
  encheres,
  journalAudit,
  mises,
  misesMaximales,
  oeuvres,
  passkey,
  rappelsEnchere,
  revisionsArticles,
  session,
  twoFactor,
  user,
  validationsEmail,
  verification,
  vuesArticles,
  vuesArticlesPeriode,
  vuesJours,
} from '#app/db/schema'
import { seedDemoIfEmpty } from '#app/db/seed/seed-demo.server'
import { getEnv } from '#app/env.server'
import { runScript } from '#tests/support/cli'
import { everyFile, everyRow } from '#tests/support/site-snapshot'
import { scratchPostgresDatabase } from '../../../bench/support'
import { BACKUPS_KEPT, backupSources, createBackup } from './create-backup.server'
import { writeMigrationsPrefix } from './database-dump.server'
import { restoreBackup } from './restore-backup.server'

const serverUrl = process.env.TEST_DATABASE_URL

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-restore-'))
  cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }))
  return folder
}

/**
 * Adds rows to the tables the demo leaves empty — an account, bids, messages, subscribers,
 * revisions… — with values a careless dump would bend: accents and quotes, a text array, JSON,
 * amounts with cents, microseconds, nulls.
 */
async function fillEveryTable(): Promise<void> {
  const db = getDb()
  const [article] = await db.select().from(articles).limit(1)
  const [oeuvre] = await db.select().from(oeuvres).limit(1)
  if (!article || !oeuvre) throw new Error('contenu de démonstration absent')
  await db.insert(user).values({
    id: 'u1',
    name: 'Élise « l’artiste »',
    email: 'elise@exemple.fr',
    role: 'admin',
    nom: 'Dupré',
    prenom: 'Élise',
    derniereConnexion: new Date('2026-03-01T09:30:00.123Z'),
  })
  await db
    .insert(account)
    .values({ id: 'a1', accountId: 'u1', providerId: 'credential', userId: 'u1', password: 'scrypt:x' })
  await db
    .insert(session)
    .values({ id: 's1', token: 'jeton-session', userId: 'u1', expiresAt: new Date('2027-01-01T00:00:00Z') })
  await db
    .insert(verification)
    .values({ id: 'v1', identifier: 'reset', value: 'valeur', expiresAt: new Date('2026-12-31T23:59:59Z') })
  // Microseconds, which JavaScript dates cannot hold: the dump must keep them.
  await db.execute(sql`update "user" set cree_le = '2026-02-03 04:05:06.789123+00' where id = 'u1'`)
  const [enchere] = await db
    .insert(encheres)
    .values({
      oeuvre_id: oeuvre.id,
      nom: 'Vente « d’hiver »',
      prix_depart: '100.00',
      prix_reserve: '1250.50',
      prix_actuel: '1300.25',
      date_debut: new Date('2026-01-10T10:00:00Z'),
      date_fin: new Date('2026-01-11T10:00:00Z'),
      statut: 'termine_prix_atteint',
      lien_prive: 'lien-restauration',
    })
    .returning()
  if (!enchere) throw new Error('enchère non insérée')
  const bidder = {
    enchere_id: enchere.id,
    participant_email: 'marie@exemple.fr',
    participant_nom: 'Curie',
    participant_prenom: 'Marie',
  }
  await db.insert(mises).values([
    { ...bidder, montant: '1300.25', email_valide: true },
    { ...bidder, montant: '0.01' },
  ])
  await db.insert(misesMaximales).values({ ...bidder, montant_max: '9999999999.99' })
  await db.insert(validationsEmail).values({
    email: 'marie@exemple.fr',
    token: 'hache',
    enchere_id: enchere.id,
    valide: true,
    expire_le: new Date('2026-01-12T00:00:00Z'),
  })
  await db
    .insert(rappelsEnchere)
    .values({ enchere_id: enchere.id, email: 'marie@exemple.fr', jeton: 'rappel' })
  const [abonne] = await db
    .insert(abonnesProchaineEnchere)
    .values({ email: 'paul@exemple.fr', jeton_desinscription: 'desinscription', confirme_le: new Date() })
    .returning()
  if (!abonne) throw new Error('abonné non inséré')
  await db.insert(annoncesEnchere).values({ enchere_id: enchere.id, abonne_id: abonne.id })
  await db.insert(contactMessages).values({
    nom: 'O’Brien',
    email: 'ob@exemple.fr',
    sujet: 'Œuvre "Nuit"',
    message: 'Bonjour,\nune question ; des guillemets " et \\ une barre.',
    oeuvre_id: oeuvre.id,
  })
  await db.insert(emailsSortants).values({
    modele: 'contact',
    destinataire: 'elise@exemple.fr',
    sujet: 'Nouveau message',
    html: '<p>Bonjour</p>',
    texte: 'Bonjour',
    donnees: { liste: [1, 2.5, null], texte: 'é"\\', imbrique: { vrai: true } },
    entetes: { 'Message-ID': '<1@encre>' },
  })
  await db.insert(revisionsArticles).values({
    article_id: article.id,
    titre: article.titre,
    contenu: article.contenu,
    tags: ['encre', 'virgule, dedans', 'guillemet "', ''],
    type: article.type,
    modifie_le: new Date('2026-01-05T08:00:00Z'),
  })
  await db.insert(vuesArticles).values({ article_id: article.id, jour: '2026-01-05', vues: 42 })
  await db.insert(vuesJours).values({ jour: '2026-01-05', vues: 42 })
  await db
    .insert(vuesArticlesPeriode)
    .values({ calcule_pour: '2026-01-06', article_id: article.id, vues: 42 })
  // Issue #37 §3: the account's security rows travel with the backup.
  await db.insert(journalAudit).values({
    user_id: 'u1',
    email: 'elise@exemple.fr',
    entite: 'oeuvres',
    entite_id: 'o1',
    action: 'update',
    champs: ['nom', 'prix'],
  })
  await db.insert(appareilsConnus).values({ user_id: 'u1', appareil: 'Firefox sur Linux' })
  await db
    .insert(twoFactor)
    .values({ id: 't1', secret: 'secret-chiffre', backupCodes: 'codes-chiffres', userId: 'u1' })
  await db.insert(passkey).values({
    id: 'p1',
    name: 'Téléphone',
    publicKey: 'cle-publique',
    userId: 'u1',
    credentialID: 'identifiant',
    counter: 3,
    deviceType: 'multiDevice',
    backedUp: true,
    transports: 'internal,hybrid',
  })
}

describe('restoreBackup after createBackup', () => {
  // Five databases made and compared, one seeded with images: like demo-visibility.test.ts, 3 min.
  it('round-trip the demo site with a row in every table and every image, into the embedded database and a PostgreSQL server', async () => {
    expect(await seedDemoIfEmpty({ imageLongSide: 320 })).toBe(true)
    await fillEveryTable()
    const source = await everyRow(getDb())
    const empty = Object.entries(source).filter(([, rows]) => rows.length === 0)
    expect(empty.map(([table]) => table)).toEqual([])
    const sources = backupSources(getEnv())
    const images = everyFile(sources.uploadsDir)
    expect(Object.keys(images).length).toBeGreaterThan(10)
    const { file } = await createBackup(getDatabase(), tempFolder(), sources)

    // Into an empty data folder: the embedded database.
    const dataDir = path.join(tempFolder(), 'data')
    const restored = await restoreBackup(file, { dataDir })
    expect(restored.files).toBe(Object.keys(images).length)
    expect(everyFile(path.join(dataDir, 'uploads'))).toEqual(images)
    const embedded = await openDatabase({ dataDir })
    try {
      expect(await everyRow(embedded.db)).toEqual(source)
      // What the application reads back: amounts and arrays as they were written.
      const [bid] = await embedded.db.select().from(mises).where(eq(mises.montant, '0.01'))
      expect(bid?.participant_prenom).toBe('Marie')
      const [revision] = await embedded.db.select().from(revisionsArticles)
      expect(revision?.tags).toEqual(['encre', 'virgule, dedans', 'guillemet "', ''])
    } finally {
      await embedded.close()
    }
    if (!serverUrl) return

    // Into an empty PostgreSQL database, here one `npm run db:migrate` made (from an archive of
    // either engine)…
    const target = await scratchPostgresDatabase(serverUrl, `encre_test_restauration_${process.pid}`)
    cleanups.push(target.drop)
    const server = await openDatabase({ databaseUrl: target.url, poolSize: 2 })
    cleanups.push(server.close)
    await server.migrate()
    const elsewhere = path.join(tempFolder(), 'data')
    await restoreBackup(file, { dataDir: elsewhere, databaseUrl: target.url })
    expect(everyFile(path.join(elsewhere, 'uploads'))).toEqual(images)
    expect(await everyRow(server.db)).toEqual(source)

    // …refused once it holds rows, the rows kept…
    await server.db.update(mises).set({ participant_nom: 'Marqueur' }).where(eq(mises.montant, '0.01'))
    const marked = await everyRow(server.db)
    await expect(restoreBackup(file, { dataDir: tempFolder(), databaseUrl: target.url })).rejects.toThrow(
      'La base de données PostgreSQL (DATABASE_URL) contient déjà des données : rien n’a été restauré. Relancez avec --force pour les remplacer.',
    )
    expect(await everyRow(server.db)).toEqual(marked)

    // …and replaced with --force, here by an archive of the embedded database restored above.
    const embeddedAgain = await openDatabase({ dataDir })
    const { file: fromEmbedded } = await createBackup(
      embeddedAgain,
      tempFolder(),
      backupSources({ DATA_DIR_ABS: dataDir }),
    )
    await embeddedAgain.close()
    await restoreBackup(fromEmbedded, { dataDir: elsewhere, databaseUrl: target.url }, { force: true })
    expect(await everyRow(server.db)).toEqual(source)
    expect(everyFile(path.join(elsewhere, 'uploads'))).toEqual(images)
  }, 180_000)

  it('stream a table of more rows than one chunk through the archive and back, on either engine', async () => {
    // 30,000 messages: many chunks of the cursor (at most 10,000 rows each) and of the inserts
    // (at most 5,000 rows or 1 MiB each), a line break and quotes in each.
    const count = 30_000
    await getDb().execute(
      sql`insert into contact_messages (nom, email, sujet, message, cree_le)
          select 'Nom ' || g, 'v' || g || '@exemple.fr', 'Sujet « ' || g || ' »',
                 repeat('Bonjour,' || chr(10) || 'une "question" ', 1 + g % 7), timestamptz '2026-01-01' + g * interval '1 second'
          from generate_series(1, ${count}) g`,
    )
    const fingerprint = sql`select count(*)::int as lignes,
      md5(string_agg(id::text || nom || email || sujet || message || cree_le::text, '|' order by cree_le)) as empreinte
      from contact_messages`
    const [before] = await queryRows(getDb(), fingerprint)
    expect(before?.lignes).toBe(count)
    const { file } = await createBackup(
      getDatabase(),
      tempFolder(),
      backupSources({ DATA_DIR_ABS: tempFolder() }),
    )

    const dataDir = path.join(tempFolder(), 'data')
    await restoreBackup(file, { dataDir })
    const embedded = await openDatabase({ dataDir })
    try {
      expect(await queryRows(embedded.db, fingerprint)).toEqual([before])
    } finally {
      await embedded.close()
    }
    if (!serverUrl) return
    const target = await scratchPostgresDatabase(serverUrl, `encre_test_flux_${process.pid}`)
    cleanups.push(target.drop)
    await restoreBackup(file, { dataDir: tempFolder(), databaseUrl: target.url })
    const server = await openDatabase({ databaseUrl: target.url, poolSize: 1 })
    cleanups.push(server.close)
    expect(await queryRows(server.db, fingerprint)).toEqual([before])
  }, 120_000)

  it('refuse a data folder holding images unless forced, then replace them', async () => {
    const archived = tempFolder()
    fs.mkdirSync(path.join(archived, 'uploads', 'oeuvres'), { recursive: true })
    fs.writeFileSync(path.join(archived, 'uploads', 'oeuvres', 'sauvegardee.webp'), 'image sauvegardée')
    const { file } = await createBackup(
      getDatabase(),
      tempFolder(),
      backupSources({ DATA_DIR_ABS: archived }),
    )
    const dataDir = tempFolder()
    fs.mkdirSync(path.join(dataDir, 'uploads'))
    fs.writeFileSync(path.join(dataDir, 'uploads', 'garde.webp'), 'image')

    await expect(restoreBackup(file, { dataDir })).rejects.toThrow(
      `Le dossier de données ${dataDir} contient déjà une base ou des images : rien n’a été restauré. Relancez avec --force pour les remplacer.`,
    )
    expect(everyFile(path.join(dataDir, 'uploads'))).toEqual({ 'garde.webp': expect.any(String) })
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false)

    await restoreBackup(file, { dataDir }, { force: true })
    expect(everyFile(path.join(dataDir, 'uploads'))).toEqual(everyFile(path.join(archived, 'uploads')))
    expect(Object.keys(everyFile(path.join(dataDir, 'uploads')))).toEqual(['oeuvres/sauvegardee.webp'])
    const restored = await openDatabase({ dataDir })
    cleanups.push(restored.close)
    expect(await everyRow(restored.db)).toEqual(await everyRow(getDb()))
  })

  it('restore an archive of an older version, then apply the newer migrations', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'))
    const count = journal.entries.length as number
    const older = await openDatabase()
    cleanups.push(older.close)
    await older.migrate(writeMigrationsPrefix(tempFolder(), count - 1))
    await older.db.execute(sql`insert into categories (nom) values ('Encres anciennes')`)
    const { file } = await createBackup(older, tempFolder(), backupSources({ DATA_DIR_ABS: tempFolder() }))

    const dataDir = path.join(tempFolder(), 'data')
    await restoreBackup(file, { dataDir })

    const restored = await openDatabase({ dataDir })
    cleanups.push(restored.close)
    expect(await queryRows(restored.db, sql`select nom from categories`)).toEqual([
      { nom: 'Encres anciennes' },
    ])
    const applied = await queryRows(
      restored.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )
    expect(applied).toEqual([{ n: count }])
    expect((await everyRow(restored.db))['drizzle.__drizzle_migrations']).toEqual(
      (await everyRow(getDb()))['drizzle.__drizzle_migrations'],
    )
  })

  it('restore an archive of format 1 (PGlite files) into the embedded database only', async () => {
    const older = await openDatabase()
    cleanups.push(older.close)
    await older.migrate()
    await older.db.insert(categories).values({ nom: 'Format 1' })
    const folder = tempFolder()
    const dump = await older.pglite?.dumpDataDir('none')
    if (!dump) throw new Error('PGlite attendu')
    fs.writeFileSync(path.join(folder, 'base.tar'), Buffer.from(await dump.arrayBuffer()))
    const manifest = {
      format: 1,
      cree_le: new Date().toISOString(),
      moteur: 'pglite',
      stockage: { type: 'local' },
    }
    fs.writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(manifest))
    const file = path.join(tempFolder(), 'encre-format-1.tar.gz')
    await tar.create({ gzip: true, file, cwd: folder }, ['manifest.json', 'base.tar'])

    const dataDir = path.join(tempFolder(), 'data')
    await restoreBackup(file, { dataDir })
    const restored = await openDatabase({ dataDir })
    cleanups.push(restored.close)
    expect(await queryRows(restored.db, sql`select nom from categories`)).toEqual([{ nom: 'Format 1' }])
    // Refused before any connection: the address is never used.
    await expect(
      restoreBackup(file, { dataDir: tempFolder(), databaseUrl: 'postgres://inutilise.invalid/encre' }),
    ).rejects.toThrow('(format 1) ne contient que la base embarquée : restaurez-la sans DATABASE_URL.')
  })

  it('refuse, from the command line, to restore while a server has the embedded database open', async () => {
    await getDb().insert(oeuvres).values({ nom: 'Avant la restauration' })
    const { file } = await createBackup(getDatabase(), tempFolder(), backupSources(getEnv()))
    const dataDir = tempFolder()
    const running = await openDatabase({ dataDir })
    cleanups.push(running.close)
    await running.migrate()
    await running.db.insert(oeuvres).values({ nom: 'Du serveur en marche' })

    const result = await runScript('restore', [file, '--force'], { DATA_DIR: dataDir, ENV_FILE: '' })

    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`est déjà ouverte par le processus ${process.pid}`)
    expect(await queryRows(running.db, sql`select nom from oeuvres`)).toEqual([
      { nom: 'Du serveur en marche' },
    ])
    expect(fs.readdirSync(dataDir).sort()).toEqual(['db', 'db.lock'])
  })

  it('keep the last 7 archives and record the bucket when images are in object storage', async () => {
    const folder = tempFolder()
    const sources = { uploadsDir: path.join(folder, 'absent'), bucket: 'encre-images' }

    for (let i = 0; i < BACKUPS_KEPT + 2; i++) await createBackup(getDatabase(), folder, sources)

    const archives = fs.readdirSync(folder).sort()
    expect(archives).toHaveLength(BACKUPS_KEPT)
    const { manifest, files } = await restoreBackup(path.join(folder, archives.at(-1) ?? ''), {
      dataDir: path.join(folder, 'data'),
    })
    expect(manifest.stockage).toEqual({ type: 's3', bucket: 'encre-images' })
    expect(files).toBe(0)
  })

  it('refuse a data folder that holds a database unless forced, and change nothing', async () => {
    const folder = tempFolder()
    await getDb().insert(categories).values({ nom: 'Avant' })
    const { file } = await createBackup(getDatabase(), folder, backupSources(getEnv()))
    const target = path.join(folder, 'data')
    const existing = await openDatabase({ dataDir: target })
    await existing.db.execute(sql`create table marqueur (x int)`)
    await existing.close()

    await expect(restoreBackup(file, { dataDir: target })).rejects.toThrow(
      /contient déjà une base ou des images : rien n’a été restauré\. Relancez avec --force/,
    )
    const kept = await openDatabase({ dataDir: target })
    expect(await queryRows(kept.db, sql`select to_regclass('marqueur') as t`)).toEqual([{ t: 'marqueur' }])
    await kept.close()

    await restoreBackup(file, { dataDir: target }, { force: true })
    const replaced = await openDatabase({ dataDir: target })
    try {
      expect(await queryRows(replaced.db, sql`select nom from categories`)).toEqual([{ nom: 'Avant' }])
      expect(await queryRows(replaced.db, sql`select to_regclass('marqueur') as t`)).toEqual([{ t: null }])
    } finally {
      await replaced.close()
    }
  })

  it('refuse what is not one of its archives, changing nothing', async () => {
    const folder = tempFolder()
    const notAnArchive = path.join(folder, 'faux.tar.gz')
    fs.writeFileSync(notAnArchive, 'pas une archive')

    await expect(restoreBackup(notAnArchive, { dataDir: path.join(folder, 'data') })).rejects.toThrow(
      /Archive illisible/,
    )
    await expect(
      restoreBackup(path.join(folder, 'absente.tar.gz'), { dataDir: path.join(folder, 'data') }),
    ).rejects.toThrow(/Archive introuvable/)
    fs.writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify({ format: 2, base: {} }))
    const unknown = path.join(folder, 'inconnue.tar.gz')
    await tar.create({ gzip: true, file: unknown, cwd: folder }, ['manifest.json'])
    await expect(restoreBackup(unknown, { dataDir: path.join(folder, 'data') })).rejects.toThrow(
      `Archive inconnue : ${unknown} (format de sauvegarde 2 attendu).`,
    )
    expect(fs.readdirSync(path.join(folder, 'data'))).toEqual([])
  })
})
