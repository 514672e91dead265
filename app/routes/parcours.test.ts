import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { siteSettings } from '#app/db/schema'
import { configurePage, insertEvent } from '#tests/support/content-fixtures'
import { expectHtmlToContain, loadPage, renderRoute } from '#tests/support/routes'
import Parcours, { loader } from './parcours'

const runLoader = (query = '') => loadPage(loader, `/parcours${query}`)

async function render(query = '') {
  const { data } = await runLoader(query)
  return renderRoute(Parcours as never, data, '/parcours')
}

/** The filter buttons of the page: text, target and whether aria-current marks them. */
function filterLinks(html: string) {
  const navs = html.match(/<nav aria-label="Filtrer par[\s\S]*?<\/nav>/g) ?? []
  return navs.flatMap((nav) =>
    [...nav.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes = '', text]) => ({
      text,
      href: /href="([^"]*)"/.exec(attributes)?.[1]?.replaceAll('&amp;', '&'),
      isCurrent: attributes.includes('aria-current="true"'),
    })),
  )
}

async function insertCareer() {
  await insertEvent({ titre: 'Diplôme', date_evenement: '2018-06-28', type: 'formation' })
  await insertEvent({ titre: 'Première exposition', date_evenement: '2021-05-20', type: 'exposition' })
  await insertEvent({ titre: 'Prix du public', date_evenement: '2022-10-08', type: 'prix' })
  await insertEvent({ titre: 'Collectif', date_evenement: '2024-03-14', type: 'exposition' })
  await insertEvent({ titre: 'Podcast', date_evenement: '2024-09-01', type: 'autre' })
  await insertEvent({ titre: 'Salon annulé', date_evenement: '2025-04-18', type: 'projet', affiche: false })
}

describe('/parcours loader', () => {
  it('lists visible events, newest first, with the years and types present', async () => {
    await insertCareer()

    const { data, status } = await runLoader()

    expect(status).toBe(200)
    expect(data.timeline.events.map((event) => event.titre)).toEqual([
      'Podcast',
      'Collectif',
      'Prix du public',
      'Première exposition',
      'Diplôme',
    ])
    expect(data.timeline.years).toEqual([2024, 2022, 2021, 2018])
    expect(data.timeline.types).toEqual(['exposition', 'prix', 'formation', 'autre'])
    expect(data.filters).toEqual({ annee: null, type: null })
  })

  it('breaks ties on the same day by ordre', async () => {
    await insertEvent({ titre: 'Second', date_evenement: '2024-01-01', ordre: 2 })
    await insertEvent({ titre: 'Premier', date_evenement: '2024-01-01', ordre: 1 })
    const { data } = await runLoader()
    expect(data.timeline.events.map((event) => event.titre)).toEqual(['Premier', 'Second'])
  })

  it('filters by year, by type and by both, keeping every year and type button', async () => {
    await insertCareer()

    const byYear = (await runLoader('?annee=2024')).data
    expect(byYear.timeline.events.map((event) => event.titre)).toEqual(['Podcast', 'Collectif'])
    expect(byYear.timeline.years).toEqual([2024, 2022, 2021, 2018])

    const byType = (await runLoader('?type=exposition')).data
    expect(byType.timeline.events.map((event) => event.titre)).toEqual(['Collectif', 'Première exposition'])
    expect(byType.timeline.types).toEqual(['exposition', 'prix', 'formation', 'autre'])

    const both = (await runLoader('?annee=2021&type=exposition')).data
    expect(both.timeline.events.map((event) => event.titre)).toEqual(['Première exposition'])
    expect(both.filters).toEqual({ annee: 2021, type: 'exposition' })
  })

  it('filters on the annee column', async () => {
    await insertEvent({ titre: 'Saison 2023-2024', date_evenement: '2024-01-15', annee: 2023 })
    expect((await runLoader('?annee=2023')).data.timeline.events.map((event) => event.titre)).toEqual([
      'Saison 2023-2024',
    ])
    expect((await runLoader('?annee=2024')).data.timeline.events).toEqual([])
  })

  it.each([
    ['a word as year', '?annee=abc'],
    ['a negative year', '?annee=-1'],
    ['SQL as year', "?annee='%20OR%201=1--"],
    ['HTML as type', '?type=%3Cscript%3E'],
    ['SQL as type', "?type=prix'%3B%20drop%20table%20evenements--"],
    ['a 10 KB year', `?annee=${'1'.repeat(10_000)}`],
    ['a 10 KB type', `?type=${'a'.repeat(10_000)}`],
    ['a repeated year', '?annee=2024&annee=2022'],
  ])('ignores %s with a 400 and the full list', async (_label, query) => {
    await insertCareer()

    const { data, status } = await runLoader(query)

    expect(status).toBe(400)
    expect(data.hasIgnoredFilter).toBe(true)
    expect(data.timeline.events).toHaveLength(5)
    const html = renderRoute(Parcours as never, data, '/parcours')
    expect(html).toContain('Ce filtre n&#x27;existe pas : il a été ignoré.')
  })

  it('answers 200 for a well-formed year without events', async () => {
    await insertCareer()
    const { data, status } = await runLoader('?annee=1999')
    expect(status).toBe(200)
    expect(data.timeline.events).toEqual([])
  })

  it('uses button_color for the markers when it is a CSS colour, else #000000', async () => {
    expect((await runLoader()).data.markerColor).toBe('#000000')

    await getDb().insert(siteSettings).values({ setting_key: 'button_color', setting_value: '#9f2a1d' })
    expect((await runLoader()).data.markerColor).toBe('#9f2a1d')

    await getDb()
      .update(siteSettings)
      .set({ setting_value: 'red; background: url(https://evil.example/x)' })
      .where(sql`${siteSettings.setting_key} = 'button_color'`)
    expect((await runLoader()).data.markerColor).toBe('#000000')

    await getDb()
      .update(siteSettings)
      .set({ setting_value: 'rgb(12, 34, 56)' })
      .where(sql`${siteSettings.setting_key} = 'button_color'`)
    expect((await runLoader()).data.markerColor).toBe('rgb(12, 34, 56)')
  })

  it('takes its banner from the "parcours" page configuration, 320px by default', async () => {
    expect((await runLoader()).data.page).toMatchObject({ titre: 'Parcours', imageHeight: '320px' })
    await configurePage('parcours', { titre: 'Mon parcours', image_height: '280px' })
    expect((await runLoader()).data.page).toMatchObject({ titre: 'Mon parcours', imageHeight: '280px' })
  })
})

describe('/parcours page', () => {
  it('shows each event with its date, type label and description, and the marker colour', async () => {
    await getDb().insert(siteSettings).values({ setting_key: 'button_color', setting_value: '#9f2a1d' })
    await insertEvent({
      titre: 'Prix du public',
      date_evenement: '2022-10-08',
      type: 'prix',
      description: '<p>Pour <em>Abécédaire</em></p>',
    })

    const html = await render()

    expectHtmlToContain(html, [
      'Prix du public',
      '8 octobre 2022',
      '>Prix</span>',
      '<p>Pour <em>Abécédaire</em></p>',
      '--marker:#9f2a1d',
    ])
  })

  it('renders the filters as links that keep the other filter, marking the current ones', async () => {
    await insertCareer()

    const links = filterLinks(await render('?annee=2024&type=exposition'))

    expect(links).toEqual([
      { text: 'Toutes les années', href: '/parcours?type=exposition', isCurrent: false },
      { text: '2024', href: '/parcours?annee=2024&type=exposition', isCurrent: true },
      { text: '2022', href: '/parcours?annee=2022&type=exposition', isCurrent: false },
      { text: '2021', href: '/parcours?annee=2021&type=exposition', isCurrent: false },
      { text: '2018', href: '/parcours?annee=2018&type=exposition', isCurrent: false },
      { text: 'Toutes les catégories', href: '/parcours?annee=2024', isCurrent: false },
      { text: 'Exposition', href: '/parcours?annee=2024&type=exposition', isCurrent: true },
      { text: 'Prix', href: '/parcours?annee=2024&type=prix', isCurrent: false },
      { text: 'Formation', href: '/parcours?annee=2024&type=formation', isCurrent: false },
      { text: 'Autre', href: '/parcours?annee=2024&type=autre', isCurrent: false },
    ])
    expect(filterLinks(await render()).filter((link) => link.isCurrent)).toEqual([
      { text: 'Toutes les années', href: '/parcours', isCurrent: true },
      { text: 'Toutes les catégories', href: '/parcours', isCurrent: true },
    ])
  })

  it('shows the empty message matching the filters', async () => {
    expect(await render()).toContain('Aucun événement à afficher pour le moment')

    await insertCareer()
    expect(await render('?annee=1999')).toContain('Aucun événement à afficher pour l&#x27;année 1999')
    await getDb().execute(sql`delete from evenements where type = 'formation'`)
    expect(await render('?type=formation')).toContain(
      'Aucun événement à afficher dans la catégorie « Formation »',
    )
    expect(await render('?annee=2022&type=exposition')).toContain(
      'Aucun événement à afficher dans la catégorie « Exposition » pour l&#x27;année 2022',
    )
  })

  it('never shows a hidden event', async () => {
    await insertCareer()
    expect(await render()).not.toContain('Salon annulé')
    expect(await render('?annee=2025')).toContain('Aucun événement à afficher pour l&#x27;année 2025')
  })
})
