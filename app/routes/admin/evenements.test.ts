import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { evenements, medias, pagesConfig } from '#app/db/schema'
import { getPageContent } from '#app/services/pages/get-page-content.server'
import { getTimeline } from '#app/services/timeline/get-timeline.server'
import { configurePage, insertEvent } from '#tests/support/content-fixtures'
import { insertMediaRow } from '#tests/support/images'
import { adminRoute, expectCreated, expectRefused, expectSuccess, UNKNOWN_ID } from '#tests/support/routes'
import { action, loader } from './evenements'

const { post, load } = adminRoute('/admin/evenements', { action, loader })

async function storedEvents() {
  return getDb().select().from(evenements).orderBy(evenements.titre)
}

const VALID = {
  intent: 'create',
  titre: '  Exposition « Gestes »  ',
  date_evenement: '2024-05-17',
  type: 'exposition',
  description: '<p>Une <strong>belle</strong> salle<script>alert(1)</script></p>',
  image_url: '',
  affiche: 'on',
  ordre: '2',
}

describe('/admin/evenements loader', () => {
  it('lists every event newest date first, hidden ones included, and the parcours defaults', async () => {
    await insertEvent({ titre: 'Ancien', date_evenement: '2019-03-01' })
    await insertEvent({ titre: 'Masqué', date_evenement: '2025-01-10', affiche: false })
    await insertEvent({ titre: 'Milieu', date_evenement: '2022-07-14' })
    const answer = await load()
    expect(answer.status).toBe(200)
    expect(answer.events.map((event) => event.titre)).toEqual(['Masqué', 'Milieu', 'Ancien'])
    expect(answer.events[0]).toMatchObject({ affiche: false, annee: 2025, type: 'projet', ordre: 0 })
    expect(answer.page).toMatchObject({ id: null, titre: 'Parcours', description: null })
  })
})

describe('/admin/evenements events', () => {
  it('creates an event: annee from the date, sanitized description, trimmed title, shown on /parcours', async () => {
    const answer = await post(VALID)
    await expectCreated(answer, ['Succès', 'Événement créé'], storedEvents, {
      titre: 'Exposition « Gestes »',
      date_evenement: '2024-05-17',
      annee: 2024,
      type: 'exposition',
      description: '<p>Une <strong>belle</strong> salle</p>',
      image_url: null,
      affiche: true,
      ordre: 2,
    })
    const timeline = await getTimeline({ annee: null, type: null })
    expect(timeline?.events.map((event) => event.titre)).toEqual(['Exposition « Gestes »'])
  })

  it('refuses a missing title, missing or impossible dates and an unknown type, storing nothing', async () => {
    const missing = await post({ intent: 'create' })
    expect(missing.status).toBe(400)
    expect(missing.body.fieldErrors).toMatchObject({
      titre: ['Le titre est obligatoire'],
      date_evenement: ['La date est obligatoire'],
    })
    for (const date of ['2024-02-30', '17/05/2024', '0999-01-01', '2024-13-01', 'demain']) {
      const bad = await post({ ...VALID, date_evenement: date })
      expect(bad.status, date).toBe(400)
      expect(bad.body.fieldErrors?.date_evenement, date).toEqual(['La date est invalide'])
    }
    expect((await post({ ...VALID, type: 'concert' })).body.fieldErrors?.type).toEqual(['Type invalide'])
    expect((await post({ ...VALID, titre: '   ' })).body.fieldErrors?.titre).toEqual([
      'Le titre est obligatoire',
    ])
    expect((await post({ ...VALID, image_url: 'javascript:alert(1)' })).status).toBe(400)
    expect(await storedEvents()).toEqual([])
  })

  it('updates an event, re-deriving annee, and releases a replaced image', async () => {
    await insertMediaRow('/uploads/evenements/ancienne.webp')
    const event = await insertEvent({ titre: 'Avant', image_url: '/uploads/evenements/ancienne.webp' })
    const answer = await post({
      ...VALID,
      intent: 'update',
      id: event.id,
      titre: 'Après',
      date_evenement: '2021-06-30',
      image_url: '',
    })
    expect(answer.status).toBe(200)
    expect(answer.body.toast.description).toBe('Événement modifié')
    const [row] = await storedEvents()
    expect(row).toMatchObject({ titre: 'Après', annee: 2021, date_evenement: '2021-06-30', image_url: null })
    expect(await getDb().select().from(medias)).toEqual([])
  })

  it('refuses updates with an unknown id (404), a malformed id or bad input, changing nothing', async () => {
    const event = await insertEvent({ titre: 'Intact' })
    const before = await storedEvents()
    expect((await post({ ...VALID, intent: 'update', id: UNKNOWN_ID })).status).toBe(404)
    expect((await post({ ...VALID, intent: 'update', id: 'abc' })).status).toBe(400)
    const bad = await post({ ...VALID, intent: 'update', id: event.id, date_evenement: '2023-02-29' })
    expect(bad.status).toBe(400)
    expect(bad.body.fieldErrors?.date_evenement).toEqual(['La date est invalide'])
    expect(await storedEvents()).toEqual(before)
  })

  it('deletes an event with its image file, and refuses unknown or malformed ids', async () => {
    await insertMediaRow('/uploads/evenements/photo.webp')
    const event = await insertEvent({ titre: 'À supprimer', image_url: '/uploads/evenements/photo.webp' })
    expect((await post({ intent: 'delete', id: UNKNOWN_ID })).status).toBe(404)
    expect((await post({ intent: 'delete', id: 'pas-un-id' })).status).toBe(400)
    expect(await storedEvents()).toHaveLength(1)
    const answer = await post({ intent: 'delete', id: event.id })
    expect(answer.body.toast.description).toBe('Événement supprimé')
    expect(await storedEvents()).toEqual([])
    expect(await getDb().select().from(medias)).toEqual([])
  })
})

describe('/admin/evenements parcours page configuration', () => {
  const PAGE = {
    intent: 'save-page',
    titre: 'Mon parcours',
    description: '<p onclick="x()">Depuis <em>2010</em></p>',
    image_url: '',
    image_height: '40vh',
    image_width: '100%',
  }

  it('creates the parcours row when absent, out of the menu, and /parcours shows it', async () => {
    const answer = await post(PAGE)
    expectSuccess(answer, 'Succès', 'Configuration sauvegardée')
    const [row] = await getDb().select().from(pagesConfig).where(eq(pagesConfig.page_name, 'parcours'))
    expect(row).toMatchObject({
      titre: 'Mon parcours',
      description: '<p>Depuis <em>2010</em></p>',
      image_height: '40vh',
      image_width: '100%',
      show_in_menu: false,
      page_url: '/parcours',
    })
    expect(await getPageContent('parcours')).toMatchObject({ titre: 'Mon parcours', imageHeight: '40vh' })
    expect((await load()).page).toMatchObject({ id: row?.id, titre: 'Mon parcours' })
  })

  it('updates the existing row without touching its menu settings', async () => {
    await configurePage('parcours', {
      titre: 'Ancien',
      menu_name: 'Parcours',
      page_url: '/parcours',
      menu_order: 3,
    })
    await post({ ...PAGE, image_height: '', image_width: '' })
    const rows = await getDb().select().from(pagesConfig)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      titre: 'Mon parcours',
      image_height: null,
      image_width: null,
      show_in_menu: true,
      menu_order: 3,
    })
  })

  it('refuses an empty title and sizes that are not CSS sizes, changing nothing', async () => {
    const empty = await post({ ...PAGE, titre: ' ' })
    expectRefused(empty, 'Une erreur est survenue lors de la sauvegarde', {
      titre: ['Le titre est obligatoire'],
    })
    for (const size of ['300', '10em', 'calc(100% - 2px)', '12px; color: red']) {
      expect((await post({ ...PAGE, image_height: size })).body.fieldErrors?.image_height, size).toHaveLength(
        1,
      )
    }
    expect(await getDb().select().from(pagesConfig)).toEqual([])
  })
})
