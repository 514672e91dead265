/**
 * The 100× filler (issue #35 §5) — not a test, not the demo: fills a database to a career's worth
 * of content through the app's schema, for `npm run bench -- scale` (bench/scale.ts) and by hand.
 *
 * First the demo content of the app's own seed (app/db/seed: settings, pages, its images drawn
 * and ingested through the media pipeline app/media — the only images processed; every added row
 * reuses their URLs, so pages render real `<picture>` markup), then, set-based
 * (`insert … select … from generate_series`), up to {@link SCALE_TARGETS} × factor rows per table:
 * 3,000 works in 35 categories (some hidden), 2,200 articles (published, drafts, scheduled,
 * archived, a few tagged « A la une », HTML bodies of about 4 KB) with 1.5 M daily view rows
 * (`vues_articles`, `articles.nombre_vues` their sum), 1,000 timeline events, 1,000 podcast
 * episodes in 25 seasons (transcriptions of about 3 KB), 500 studio photos, 20,000 contact
 * messages (some read, some archived), 50 auctions (one active, 4 programmed, the rest ended) with
 * 205,000 bids and a validation row per bidder and auction. A table already holding its target
 * (the demo's rows count) gets nothing more; a second run adds nothing.
 *
 * Invariants kept: one active auction at most; `prix_actuel` = the best validated bid (the start
 * price without one); an ended auction 'termine_prix_atteint' exactly when its reserve is met;
 * bids inside their auction's dates; slugs and private links unique; the `ordre` of added rows
 * continues their group's (1, 2, 3… after the largest, per category, per season, studio photos
 * contiguous from 1 as their drag-and-drop writes them).
 *
 * Run alone, on an empty or migrated database (migrations are applied first):
 *
 *     npx tsx bench/scale-fill.ts --data-dir /tmp/encre-100x          # embedded PGlite
 *     DATABASE_URL=postgres://… DATA_DIR=/tmp/encre-100x npx tsx bench/scale-fill.ts
 *     npx tsx bench/scale-fill.ts --data-dir /tmp/encre-demo --factor 0.01   # the demo's size
 *
 * `--factor F` (default 1) scales every target; `--image-long-side PX` draws the demo images
 * smaller (tests). Uploaded files go to DATA_DIR/uploads (or the configured S3 bucket), so serve
 * the result with the same DATA_DIR: `DATA_DIR=/tmp/encre-100x npm start`. Takes about a minute
 * or two at factor 1 on the reference 2-core machine, most of it the 1.5 M view rows.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { type Executor, getDb, openConfiguredDatabase, queryRows, setDatabase } from '#app/db/client.server'
import {
  articles,
  categories,
  contactMessages,
  encheres,
  episodesPodcast,
  evenements,
  medias,
  mises,
  oeuvres,
  photosAtelier,
  saisonsPodcast,
  validationsEmail,
  vuesArticles,
} from '#app/db/schema'
import { seedDemoIfEmpty } from '#app/db/seed/seed-demo.server'
import { getEnv, reloadEnv } from '#app/env.server'

/** Rows per table at factor 1 (issue #35: 100× the demo). */
export const SCALE_TARGETS = {
  categories: 35,
  oeuvres: 3_000,
  articles: 2_200,
  vues_articles: 1_500_000,
  evenements: 1_000,
  saisons_podcast: 25,
  episodes_podcast: 1_000,
  photos_atelier: 500,
  contact_messages: 20_000,
  encheres: 50,
  mises: 205_000,
} as const

export type ScaleTable = keyof typeof SCALE_TARGETS

/** Auctions programmed (to come) among the added ones; the first added is the active one. */
const PROGRAMMED_AUCTIONS = 4
/** Distinct bidders' addresses per auction; one in 20 never validates its address. */
const BIDDERS_PER_AUCTION = 200

/**
 * The row count of each table for `factor`: the target × factor, rounded, at least 1 (a category,
 * a season and an auction exist even at the smallest factor).
 *
 * @param factor - > 0; 1 is the issue's 100×, 0.01 about the demo's size.
 */
export function scaleTargets(factor: number): Record<ScaleTable, number> {
  return Object.fromEntries(
    Object.entries(SCALE_TARGETS).map(([table, target]) => [table, Math.max(1, Math.round(target * factor))]),
  ) as Record<ScaleTable, number>
}

/** French words the generated texts draw from (search and reading times have real words). */
const WORDS = [
  'encre',
  'papier',
  'pinceau',
  'souffle',
  'trait',
  'cercle',
  'lumière',
  'silence',
  'geste',
  'mémoire',
  'rivière',
  'montagne',
  'écriture',
  'vide',
  'équilibre',
  'aube',
  'automne',
  'pierre',
  'calligraphie',
  'horizon',
  'forêt',
  'éphémère',
  'étude',
  'rythme',
]
const WORDS_SQL = sql.raw(`array[${WORDS.map((word) => `'${word}'`).join(',')}]::text[]`)

/** The word number `n` (any integer expression) of {@link WORDS}, in SQL. */
const word = (n: SQL) => sql`(${WORDS_SQL})[1 + ((${n}) % ${WORDS.length})]`

/**
 * A paragraph of about 420 characters of French prose, varied by the integer expressions `i`
 * (the row) and `p` (the paragraph), in SQL.
 */
const sentence = (i: SQL, p: SQL) =>
  sql`'Le ' || ${word(sql`${i} + ${p}`)} || ' naît du ' || ${word(sql`${i} * 3 + ${p}`)} || ' : on prépare l''encre lentement, on écoute le papier, puis le pinceau trace d''un seul geste ce que la main a répété mille fois. '
    || 'Chaque ' || ${word(sql`${i} * 7 + ${p} * 5`)} || ' demande une respiration juste ; la ' || ${word(sql`${i} + ${p} * 11`)} || ' du trait dit l''état de l''atelier ce matin-là, la lumière sur la table, la patience et le doute. '
    || 'Ce que l''on garde, ce n''est pas la forme parfaite mais le passage du temps dans le ' || ${word(sql`${i} * 13 + ${p}`)} || '.'`

/** `count` paragraphs of {@link sentence} as HTML (`<p>…</p>`, a `<h2>` every fourth), in SQL. */
const htmlBody = (i: SQL, count: number) =>
  sql`(select string_agg(case when p % 4 = 0 then '<h2>' || initcap(${word(sql`${i} + p`)}) || ' et ' || ${word(sql`${i} * 5 + p`)} || '</h2>' else '' end
      || '<p>' || ${sentence(i, sql`p`)} || '</p>', '' order by p) from generate_series(1, ${count}) p)`

/** `count` paragraphs of {@link sentence} as plain text separated by blank lines, in SQL. */
const plainText = (i: SQL, count: number) =>
  sql`(select string_agg(${sentence(i, sql`p`)}, E'\n\n' order by p) from generate_series(1, ${count}) p)`

/**
 * The `with` clause spreading `n` added rows of `children` over every row of `groups` (a work's
 * category, an episode's season), in turn: `rows(i, group_id)`, i from 1 to n, and
 * `base(group_id, top)`, the largest `ordre` already in each group. Select with
 * {@link ORDER_IN_GROUP} and {@link FROM_GROUPS}.
 *
 * @param key - the column of `children` naming its group, e.g. 'categorie_id'.
 */
const spreadOverGroups = (groups: PgTable, children: PgTable, key: string, n: number) =>
  sql`with grp as (select array_agg(id order by ordre, id) as ids from ${groups}),
    base as (select ${sql.identifier(key)} as group_id, coalesce(max(ordre), 0) as top from ${children} group by 1),
    rows as (select i, (select ids from grp)[1 + i % cardinality((select ids from grp))] as group_id
      from generate_series(1, ${n}) i)`
/** An added row's `ordre`: after its group's last (1, 2, 3… after the largest). */
const ORDER_IN_GROUP = sql`coalesce(base.top, 0) + row_number() over (partition by rows.group_id order by i)`
const FROM_GROUPS = sql`from rows left join base on base.group_id = rows.group_id`

/** How many rows `table` holds. */
async function countRows(executor: Executor, table: PgTable): Promise<number> {
  const [row] = await queryRows<{ n: number }>(executor, sql`select count(*)::int as n from ${table}`)
  return row?.n ?? 0
}

/**
 * Every image URL the demo seed ingested (`medias.url`), as an SQL array literal for the inserts
 * to pick from. @throws Error when there is none (the demo seed did not run).
 */
async function imageUrls(executor: Executor): Promise<SQL> {
  const rows = await queryRows<{ url: string }>(executor, sql`select url from ${medias} order by url`)
  if (rows.length === 0) throw new Error('Aucune image ingérée : le contenu de démonstration manque.')
  const list = sql.join(
    rows.map((row) => sql`${row.url}`),
    sql`, `,
  )
  return sql`(array[${list}]::text[])`
}

export type FillResult = {
  /** Rows added per table by this run. */
  added: Record<ScaleTable, number>
  /** Time each step took, in ms, by table. */
  timings: Record<string, number>
}

/**
 * Fills the process database ({@link getDb}, migrated) to `factor` × {@link SCALE_TARGETS}: the
 * demo seed first when the site is empty, then the added rows (see the module's docstring).
 *
 * @param options.factor - the scale (default 1: the issue's 100×).
 * @param options.imageLongSide - long side of the demo images in px (default: the seed's own).
 * @param options.log - called with a French line after each step (default: nothing).
 * @returns the rows added per table and each step's time.
 * @throws whatever the database or the image pipeline throws (a step's rows are written in one
 *   statement: a failed step leaves the earlier ones).
 */
export async function fillScale(
  options: { factor?: number; imageLongSide?: number; log?: (line: string) => void } = {},
): Promise<FillResult> {
  const factor = options.factor ?? 1
  if (!(factor > 0)) throw new Error('Le facteur doit être un nombre positif.')
  const log = options.log ?? (() => undefined)
  const targets = scaleTargets(factor)
  const db = getDb()
  const timings: Record<string, number> = {}
  const added = Object.fromEntries(Object.keys(SCALE_TARGETS).map((key) => [key, 0])) as Record<
    ScaleTable,
    number
  >

  const step = async (name: ScaleTable | 'démo', run: () => Promise<number>) => {
    const started = Date.now()
    const rows = await run()
    timings[name] = Date.now() - started
    if (name !== 'démo') added[name] = rows
    log(
      name === 'démo'
        ? `démo : ${rows ? 'contenu de démonstration créé' : 'déjà là'} en ${timings[name]} ms`
        : `${name} : ${rows.toLocaleString('fr-FR')} lignes ajoutées en ${timings[name]} ms`,
    )
  }
  /** How many rows to add to `table` to reach `target`. */
  const missing = async (table: PgTable, target: number) => Math.max(0, target - (await countRows(db, table)))

  await step('démo', async () => ((await seedDemoIfEmpty({ imageLongSide: options.imageLongSide })) ? 1 : 0))
  const images = await imageUrls(db)
  const image = (i: SQL) => sql`${images}[1 + ((${i}) % cardinality(${images}))]`

  await step('categories', async () => {
    const n = await missing(categories, targets.categories)
    if (n === 0) return 0
    await db.execute(sql`insert into ${categories} (nom, description, image_url, affichee, ordre)
      select 'Série ' || initcap(${word(sql`i`)}) || ' ' || i, '<p>' || ${sentence(sql`i`, sql`1`)} || '</p>',
        ${image(sql`i`)}, i % 9 <> 0,
        (select coalesce(max(ordre), 0) from ${categories}) + i
      from generate_series(1, ${n}) i`)
    return n
  })

  await step('oeuvres', async () => {
    const n = await missing(oeuvres, targets.oeuvres)
    if (n === 0) return 0
    await db.execute(sql`${spreadOverGroups(categories, oeuvres, 'categorie_id', n)}
      insert into ${oeuvres} (nom, description, prix, statut, technique, dimensions, annee, tags, categorie_id,
        affichee, ordre, image1_url, image2_url, cree_le)
      select initcap(${word(sql`i`)}) || ' ' || ${word(sql`i * 7`)} || ' n° ' || i,
        '<p>' || ${sentence(sql`i`, sql`2`)} || '</p>',
        case when i % 6 = 0 then null else (150 + (i * 37) % 4000)::numeric end,
        (array['disponible', 'vendu', 'collection privée', 'me contacter'])[1 + i % 4],
        (array['Encre de Chine sur papier de riz', 'Sumi sur washi', 'Encre et lavis', 'Encre sur soie'])[1 + i % 4],
        (20 + i % 80) || ' × ' || (30 + i % 70) || ' cm', 2006 + i % 21,
        array[${word(sql`i`)}, ${word(sql`i + 5`)}]::text[], rows.group_id, i % 25 <> 0, ${ORDER_IN_GROUP},
        ${image(sql`i`)}, case when i % 3 = 0 then ${image(sql`i + 1`)} end,
        now() - (i * interval '2 hours')
      ${FROM_GROUPS}`)
    return n
  })

  await step('articles', async () => {
    const n = await missing(articles, targets.articles)
    if (n === 0) return 0
    // Slugs numbered after the rows already there (a second fill of a copy adds to them).
    const offset = await countRows(db, articles)
    // One in 20 a draft, one in 25 archived, one in 50 scheduled (published, dated ahead), one in
    // 100 tagged « A la une »; a publication every 3 days back from today (20 years at factor 1).
    await db.execute(sql`insert into ${articles} (slug, titre, sous_titre, extrait, contenu, image_url, tags,
        date_publication, nombre_vues, statut, affiche, type, minutes_lecture, cree_le, modifie_le)
      select 'echelle-' || ${word(sql`i`)} || '-' || (i + ${offset}),
        initcap(${word(sql`i`)}) || ', ' || ${word(sql`i * 3`)} || ' et ' || ${word(sql`i * 5`)} || ' (' || i || ')',
        'Carnet d''atelier n° ' || i, ${sentence(sql`i`, sql`0`)}, ${htmlBody(sql`i`, 9)}, ${image(sql`i`)},
        case when i % 100 = 7 then array['A la une', ${word(sql`i`)}]::text[] else array[${word(sql`i`)}]::text[] end,
        case when i % 50 = 3 then now() + (1 + i % 40) * interval '1 day'
          when i % 20 = 0 then null else now() - i * interval '3 days' end,
        0,
        case when i % 20 = 0 then 'brouillon' when i % 25 = 1 then 'archive' else 'publie' end,
        i % 20 <> 0,
        (array['article', 'tutorial', 'news', 'inspiration', 'technique'])[1 + i % 5],
        2 + i % 7, now() - i * interval '3 days', now() - i * interval '3 days'
      from generate_series(1, ${n}) i`)
    return n
  })

  await step('vues_articles', async () => {
    const n = await missing(vuesArticles, targets.vues_articles)
    if (n === 0) return 0
    // The articles published in the past with no view row yet, each with the same number of days
    // up to today (the last ones cut so the total is exact); then nombre_vues = their sum.
    const [eligible] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${articles} a where a.statut in ('publie', 'archive')
        and a.date_publication <= now() and not exists (select 1 from ${vuesArticles} v where v.article_id = a.id)`,
    )
    const articleCount = eligible?.n ?? 0
    if (articleCount === 0) return 0
    const days = Math.ceil(n / articleCount)
    await db.execute(sql`insert into ${vuesArticles} (article_id, jour, vues)
      select a.id, current_date - d, 1 + ((a.k * 31 + d * 7) % 53)
      from (select id, row_number() over (order by date_publication desc, id) as k from ${articles} a
        where a.statut in ('publie', 'archive') and a.date_publication <= now()
          and not exists (select 1 from ${vuesArticles} v where v.article_id = a.id)) a
      cross join generate_series(0, ${days - 1}) d
      where (a.k - 1) * ${days} + d < ${n}`)
    await db.execute(sql`update ${articles} a set nombre_vues = v.total
      from (select article_id, sum(vues)::int as total from ${vuesArticles} group by article_id) v
      where v.article_id = a.id`)
    return n
  })

  await step('evenements', async () => {
    const n = await missing(evenements, targets.evenements)
    if (n === 0) return 0
    await db.execute(sql`insert into ${evenements} (titre, description, image_url, date_evenement, annee, type, affiche, ordre)
      select initcap(${word(sql`i`)}) || ' à ' || (array['Lyon', 'Kyoto', 'Paris', 'Arles', 'Nantes', 'Séoul'])[1 + i % 6] || ' (' || i || ')',
        '<p>' || ${sentence(sql`i`, sql`3`)} || '</p>', case when i % 2 = 0 then ${image(sql`i`)} end,
        (date '2026-06-30' - i * 7)::date, extract(year from (date '2026-06-30' - i * 7))::int,
        (array['exposition', 'prix', 'formation', 'collaboration', 'projet', 'autre'])[1 + i % 6],
        i % 30 <> 0, (select coalesce(max(ordre), 0) from ${evenements}) + i
      from generate_series(1, ${n}) i`)
    return n
  })

  await step('saisons_podcast', async () => {
    const n = await missing(saisonsPodcast, targets.saisons_podcast)
    if (n === 0) return 0
    await db.execute(sql`insert into ${saisonsPodcast} (nom, description, image_url, affichee, ordre)
      select 'Saison ' || initcap(${word(sql`i`)}) || ' ' || i, '<p>' || ${sentence(sql`i`, sql`4`)} || '</p>',
        ${image(sql`i`)}, i % 12 <> 0, (select coalesce(max(ordre), 0) from ${saisonsPodcast}) + i
      from generate_series(1, ${n}) i`)
    return n
  })

  await step('episodes_podcast', async () => {
    const n = await missing(episodesPodcast, targets.episodes_podcast)
    if (n === 0) return 0
    await db.execute(sql`${spreadOverGroups(saisonsPodcast, episodesPodcast, 'saison_id', n)}
      insert into ${episodesPodcast} (saison_id, titre, resume, description, transcription, image_url,
        date_publication, duree, code_player_html, publie, ordre)
      select rows.group_id, initcap(${word(sql`i`)}) || ' et ' || ${word(sql`i * 3`)} || ' (épisode ' || i || ')',
        ${sentence(sql`i`, sql`5`)}, '<p>' || ${sentence(sql`i`, sql`6`)} || '</p>', ${plainText(sql`i`, 7)},
        ${image(sql`i`)}, now() - i * interval '7 days', (12 + i % 40) || ' min', null, i % 15 <> 0,
        ${ORDER_IN_GROUP}
      ${FROM_GROUPS}`)
    return n
  })

  await step('photos_atelier', async () => {
    const n = await missing(photosAtelier, targets.photos_atelier)
    if (n === 0) return 0
    await db.execute(sql`insert into ${photosAtelier} (nom, description, image_url, taille, affichee, ordre)
      select 'Atelier, ' || ${word(sql`i`)} || ' ' || i, '<p>' || ${sentence(sql`i`, sql`7`)} || '</p>', ${image(sql`i`)},
        (array['small', 'medium', 'large', 'xlarge'])[1 + i % 4], i % 20 <> 0,
        (select coalesce(max(ordre), 0) from ${photosAtelier}) + i
      from generate_series(1, ${n}) i`)
    return n
  })

  await step('contact_messages', async () => {
    const n = await missing(contactMessages, targets.contact_messages)
    if (n === 0) return 0
    // Newest first unread: 7 in 10 read, one in 5 archived, one in 10 about a work.
    await db.execute(sql`with works as (select array_agg(id order by id) as ids from ${oeuvres})
      insert into ${contactMessages} (nom, prenom, email, telephone, sujet, message, oeuvre_id, lu, archive, cree_le)
      select initcap(${word(sql`i * 3`)}), initcap(${word(sql`i`)}), 'visiteur' || i || '@exemple.fr',
        case when i % 3 = 0 then '06 ' || lpad((i % 100)::text, 2, '0') || ' 12 34 56' end,
        (array['Commande', 'Exposition', 'Cours', 'Question', 'Presse'])[1 + i % 5] || ' — ' || ${word(sql`i`)},
        ${plainText(sql`i`, 1)},
        case when i % 10 = 0 then (select ids from works)[1 + i % cardinality((select ids from works))] end,
        i > ${Math.ceil(n * 0.3)} and i % 10 <> 1, i > ${Math.ceil(n * 0.3)} and i % 5 = 0,
        now() - i * interval '1 hour' * ${Math.max(1, Math.round(26_000 / n))}
      from generate_series(1, ${n}) i`)
    return n
  })

  await step('encheres', async () => {
    const n = await missing(encheres, targets.encheres)
    if (n === 0) return 0
    const [active] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${encheres} where statut = 'active'`,
    )
    const hasActive = (active?.n ?? 0) > 0
    // The added auctions 1..lastProgrammed are the active one (unless one is) and the programmed.
    const lastProgrammed = PROGRAMMED_AUCTIONS + (hasActive ? 0 : 1)
    // Auction i: 1 active (unless one is), then 4 programmed, the rest ended a week apart. Ended
    // ones are given their final state once their bids exist (below).
    await db.execute(sql`with works as (select array_agg(id order by ordre, id) as ids from ${oeuvres} where affichee)
      insert into ${encheres} (oeuvre_id, nom, description, prix_depart, prix_reserve, prix_actuel,
        date_debut, date_fin, statut, lien_prive)
      select (select ids from works)[1 + (i * 17) % cardinality((select ids from works))],
        'Vente ' || ${word(sql`i`)} || ' n° ' || i, '<p>' || ${sentence(sql`i`, sql`8`)} || '</p>',
        100 + (i % 10) * 20, null, 100 + (i % 10) * 20,
        case when i = 1 and not ${hasActive} then now() - interval '2 days'
          when i <= ${lastProgrammed} then now() + i * interval '5 days'
          else now() - i * interval '7 days' - interval '3 days' end,
        case when i = 1 and not ${hasActive} then now() + interval '1 day'
          when i <= ${lastProgrammed} then now() + i * interval '5 days' + interval '3 days'
          else now() - i * interval '7 days' end,
        case when i = 1 and not ${hasActive} then 'active'
          when i <= ${lastProgrammed} then 'programme' else 'termine_prix_non_atteint' end,
        'echelle-' || md5('enchere-' || i || '-' || clock_timestamp()::text)
      from generate_series(1, ${n}) i`)
    return n
  })

  await step('mises', async () => {
    const n = await missing(mises, targets.mises)
    if (n === 0) return 0
    // The bids go to the auctions that have begun and have none yet, the same count each (the
    // first ones one more); bid j of an auction is its start price + 10 × j, by bidder j % 200,
    // placed evenly between its start and its end (or now). Bidders j % 200 ≡ 0 (mod 20) never
    // validated their address: their bids do not count.
    const rows = await queryRows<{ id: string }>(
      db,
      sql`select id from ${encheres} e where date_debut <= now() and statut <> 'annulee'
        and not exists (select 1 from ${mises} m where m.enchere_id = e.id) order by cree_le, id`,
    )
    if (rows.length === 0) return 0
    const ids = sql.join(
      rows.map((row) => sql`${row.id}::uuid`),
      sql`, `,
    )
    const per = Math.floor(n / rows.length)
    const extra = n - per * rows.length
    await db.execute(sql`with auctions as (
        select e.id, e.prix_depart, e.date_debut, least(e.date_fin, now()) as fin, a.k,
          ${per} + case when a.k <= ${extra} then 1 else 0 end as bids
        from unnest(array[${ids}]) with ordinality as a(id, k) join ${encheres} e on e.id = a.id)
      insert into ${mises} (enchere_id, participant_email, participant_nom, participant_prenom, montant, email_valide, cree_le)
      select a.id, 'encherisseur' || (j % ${BIDDERS_PER_AUCTION}) || '@exemple.fr', initcap(${word(sql`j * 3`)}),
        initcap(${word(sql`j`)}), a.prix_depart + 10 * j, (j % ${BIDDERS_PER_AUCTION}) % 20 <> 0,
        a.date_debut + (a.fin - a.date_debut) * (j::float8 / (a.bids + 1))
      from auctions a cross join lateral generate_series(1, a.bids) j`)
    // One validation per bidder and auction (hashed token, 24 h), used when the address was validated.
    await db.execute(sql`insert into ${validationsEmail} (email, token, enchere_id, valide, expire_le, utilise_le, cree_le)
      select m.participant_email, encode(sha256(convert_to(m.enchere_id::text || m.participant_email, 'UTF8')), 'hex'),
        m.enchere_id, bool_or(m.email_valide), min(m.cree_le) + interval '24 hours',
        case when bool_or(m.email_valide) then min(m.cree_le) end, min(m.cree_le)
      from ${mises} m where m.enchere_id = any(array[${ids}])
        and not exists (select 1 from ${validationsEmail} v where v.enchere_id = m.enchere_id and v.email = m.participant_email)
      group by m.enchere_id, m.participant_email`)
    // The price is the best validated bid; an ended auction's reserve is set so that every other
    // one is met ('termine_prix_atteint'), the others not.
    await db.execute(sql`update ${encheres} e set prix_actuel = b.best
      from (select enchere_id, max(montant) as best from ${mises} where email_valide group by enchere_id) b
      where b.enchere_id = e.id`)
    await db.execute(sql`update ${encheres} e set
        prix_reserve = case when k % 2 = 0 then e.prix_actuel else e.prix_actuel + 500 end,
        statut = case when k % 2 = 0 then 'termine_prix_atteint' else 'termine_prix_non_atteint' end
      from (select id, row_number() over (order by date_debut, id) as k from ${encheres}) o
      where o.id = e.id and e.id = any(array[${ids}]) and e.statut <> 'active'`)
    return n
  })

  // The years these rows stand for would have seen the tables vacuumed and analyzed (the
  // maintenance job on PGlite, app/jobs/table-maintenance.server.ts; autovacuum on PostgreSQL):
  // without it, counts read every page of a table (its visibility map unset) where a site in use
  // reads an index.
  await db.execute(sql`vacuum analyze`)
  return { added, timings }
}

/** `--name value` of the command line, or undefined. */
function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? process.argv[index + 1] : undefined
}

async function main() {
  const dataDir = argument('data-dir')
  if (dataDir) process.env.DATA_DIR = dataDir
  const factor = Number(argument('factor') ?? 1)
  const imageLongSide = argument('image-long-side')
  reloadEnv()
  const env = getEnv()
  const opened = await openConfiguredDatabase(env)
  setDatabase(opened)
  const started = Date.now()
  try {
    await opened.migrate()
    await fillScale({
      factor,
      imageLongSide: imageLongSide ? Number(imageLongSide) : undefined,
      log: (line) => console.warn(line),
    })
    console.warn(
      `Base remplie (facteur ${factor}, ${opened.kind === 'pglite' ? `base embarquée ${env.DATA_DIR_ABS}` : 'serveur PostgreSQL'}) en ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    )
  } finally {
    await opened.close()
    setDatabase(undefined)
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    // A failed query's message holds the whole statement: its cause says what went wrong.
    const cause = error instanceof Error ? (error.cause as Error | undefined) : undefined
    console.error(cause?.message ?? (error instanceof Error ? error.message : error))
    process.exitCode = 1
  })
}
