/**
 * /parcours, /podcasts, a season, an episode and /atelier (public spec §2, §4, §9; DESIGN.md §5):
 * timeline filters in the URL with their empty messages, season → episode navigation with tabs,
 * the player iframe (allowlisted src, or sandboxed srcdoc), the studio lightbox, and axe checks.
 */
import {
  DEMO_EVENTS,
  DEMO_HIDDEN_EVENT,
  DEMO_HIDDEN_STUDIO_PHOTO,
  DEMO_SANDBOXED_EPISODE,
  DEMO_SEASONS,
  DEMO_SETTINGS,
  DEMO_SPOTIFY_EPISODE,
  DEMO_STUDIO_PHOTOS,
  DEMO_UNPUBLISHED_EPISODE,
  type DemoEpisode,
} from '#app/db/seed/demo-data'
import { formatDate } from '#app/lib/format'
import { expect, expectNoA11yViolations, MOBILE, type Page, test, waitForHydration } from './fixtures'

const main = (page: Page) => page.getByRole('main')
const timeline = (page: Page) => page.getByTestId('timeline')
const yearFilters = (page: Page) => page.getByRole('navigation', { name: 'Filtrer par année' })
const typeFilters = (page: Page) => page.getByRole('navigation', { name: 'Filtrer par catégorie' })

const VISIBLE_EVENTS = DEMO_EVENTS.filter((event) => event.affiche).sort((a, b) =>
  b.date_evenement.localeCompare(a.date_evenement),
)
const yearOf = (event: { date_evenement: string }) => Number(event.date_evenement.slice(0, 4))
const YEARS = [...new Set(VISIBLE_EVENTS.map(yearOf))].sort((a, b) => b - a)
const titlesWhere = (keep: (event: (typeof VISIBLE_EVENTS)[number]) => boolean) =>
  VISIBLE_EVENTS.filter(keep).map((event) => event.titre)
/** A year that has events, and a type with no event that year (for the combined empty message). */
const YEAR = YEARS.find((year) => VISIBLE_EVENTS.some((e) => yearOf(e) === year && e.type === 'exposition'))
const EMPTY_TYPE_FOR_YEAR = (['prix', 'formation', 'collaboration', 'projet', 'exposition'] as const).find(
  (type) =>
    VISIBLE_EVENTS.some((e) => e.type === type) &&
    !VISIBLE_EVENTS.some((e) => e.type === type && yearOf(e) === YEAR),
)
const TYPE_LABELS = {
  exposition: 'Exposition',
  prix: 'Prix',
  formation: 'Formation',
  collaboration: 'Collaboration',
  projet: 'Projet',
} as const

const SEASONS = DEMO_SEASONS.filter((season) => season.affichee).sort((a, b) => a.ordre - b.ordre)
const FIRST_SEASON = SEASONS[0]
const publishedEpisodes = (season: (typeof SEASONS)[number]) =>
  season.episodes.filter((episode) => episode.publie).sort((a, b) => a.ordre - b.ordre)
function demoEpisode(titre: string): DemoEpisode & { season: string } {
  for (const season of DEMO_SEASONS) {
    const episode = season.episodes.find((item) => item.titre === titre)
    if (episode) return { ...episode, season: season.nom }
  }
  throw new Error(`épisode ${titre} absent des données de démonstration`)
}

const VISIBLE_PHOTOS = DEMO_STUDIO_PHOTOS.filter((photo) => photo.affichee).sort((a, b) => a.ordre - b.ordre)

/** Answers every request leaving the test servers with a blank page, so player frames stay offline. */
async function stubOutsideRequests(page: Page) {
  await page.context().route(
    (url) => url.hostname !== 'localhost' && (url.protocol === 'https:' || url.protocol === 'http:'),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>lecteur</p>' }),
  )
}

/** Opens an episode by clicking through /podcasts and its season, like a visitor. */
async function openEpisode(page: Page, titre: string) {
  const episode = demoEpisode(titre)
  await page.goto('/podcasts')
  await main(page).getByRole('link', { name: episode.season }).click()
  await expect(page.getByRole('heading', { level: 1, name: episode.season })).toBeVisible()
  await main(page).getByRole('link', { name: titre }).click()
  await expect(page.getByRole('heading', { level: 1, name: titre })).toBeVisible()
  await waitForHydration(page)
  return episode
}

test.describe('/parcours', () => {
  test('lists the visible events newest first, markers in the button colour', async ({ page }) => {
    await page.goto('/parcours')

    await expect(timeline(page).getByRole('heading', { level: 2 })).toHaveText(titlesWhere(() => true))
    await expect(main(page).getByText(DEMO_HIDDEN_EVENT)).toHaveCount(0)
    await expect(yearFilters(page).getByRole('link')).toHaveText(['Toutes les années', ...YEARS.map(String)])
    await expect(typeFilters(page).getByRole('link').first()).toHaveText('Toutes les catégories')
    await expect(yearFilters(page).getByRole('link', { name: 'Toutes les années' })).toHaveAttribute(
      'aria-current',
      'true',
    )
    const [r, g, b] = [1, 3, 5].map((start) =>
      Number.parseInt(DEMO_SETTINGS.button_color?.slice(start, start + 2) ?? '', 16),
    )
    await expect(page.getByTestId('timeline-marker').first()).toHaveCSS(
      'background-color',
      `rgb(${r}, ${g}, ${b})`,
    )
    await expectNoA11yViolations(page)
  })

  test('the year and type filters change the list and the URL, and combine', async ({ page }) => {
    await page.goto('/parcours')

    await yearFilters(page)
      .getByRole('link', { name: String(YEAR), exact: true })
      .click()
    await expect(page).toHaveURL(`/parcours?annee=${YEAR}`)
    await expect(timeline(page).getByRole('heading', { level: 2 })).toHaveText(
      titlesWhere((event) => yearOf(event) === YEAR),
    )
    await expect(yearFilters(page).getByRole('link', { name: String(YEAR), exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    )

    await typeFilters(page).getByRole('link', { name: 'Exposition', exact: true }).click()
    await expect(page).toHaveURL(`/parcours?annee=${YEAR}&type=exposition`)
    await expect(timeline(page).getByRole('heading', { level: 2 })).toHaveText(
      titlesWhere((event) => yearOf(event) === YEAR && event.type === 'exposition'),
    )

    await yearFilters(page).getByRole('link', { name: 'Toutes les années' }).click()
    await expect(page).toHaveURL('/parcours?type=exposition')
    await expect(timeline(page).getByRole('heading', { level: 2 })).toHaveText(
      titlesWhere((event) => event.type === 'exposition'),
    )
  })

  test('shows the message of the filter combination when nothing matches', async ({ page }) => {
    if (!EMPTY_TYPE_FOR_YEAR) throw new Error('les données de démonstration ne permettent pas ce test')
    await page.goto(`/parcours?annee=${YEAR}`)

    await typeFilters(page).getByRole('link', { name: TYPE_LABELS[EMPTY_TYPE_FOR_YEAR], exact: true }).click()

    await expect(timeline(page)).toHaveCount(0)
    await expect(main(page)).toContainText(
      `Aucun événement à afficher dans la catégorie « ${TYPE_LABELS[EMPTY_TYPE_FOR_YEAR]} » pour l'année ${YEAR}`,
    )
    await main(page).getByRole('link', { name: 'Voir tous les événements' }).click()
    await expect(page).toHaveURL('/parcours')
    await expect(timeline(page).getByRole('heading', { level: 2 })).toHaveCount(VISIBLE_EVENTS.length)
  })

  test('a year without events has its own message', async ({ page }) => {
    const response = await page.goto('/parcours?annee=1999')
    expect(response?.status()).toBe(200)
    await expect(main(page)).toContainText("Aucun événement à afficher pour l'année 1999")
  })

  test('an unknown filter value is ignored with a 400, never a server error', async ({ page }) => {
    const response = await page.goto('/parcours?annee=abc&type=%3Cscript%3E')
    expect(response?.status()).toBe(400)
    await expect(main(page)).toContainText("Ce filtre n'existe pas : il a été ignoré.")
    await expect(timeline(page).getByRole('heading', { level: 2 })).toHaveCount(VISIBLE_EVENTS.length)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the filters are plain links that still work', async ({ page }) => {
      await page.goto('/parcours')
      await typeFilters(page).getByRole('link', { name: 'Prix', exact: true }).click()
      await expect(page).toHaveURL('/parcours?type=prix')
      await expect(timeline(page).getByRole('heading', { level: 2 })).toHaveText(
        titlesWhere((event) => event.type === 'prix'),
      )
    })
  })

  test('on an empty site: the general empty message and no filters', async ({ page, emptySite }) => {
    await page.goto(`${emptySite}/parcours`)
    await expect(main(page)).toContainText('Aucun événement à afficher pour le moment')
    await expect(yearFilters(page)).toHaveCount(0)
  })

  test.describe('at 390 px', () => {
    test.use(MOBILE)

    test('filters and timeline fit the screen', async ({ page }) => {
      await page.goto('/parcours')
      await yearFilters(page)
        .getByRole('link', { name: String(YEARS[0]), exact: true })
        .click()
      await expect(timeline(page).getByRole('heading', { level: 2 })).toHaveText(
        titlesWhere((event) => yearOf(event) === YEARS[0]),
      )
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await expectNoA11yViolations(page)
    })
  })
})

test.describe('/podcasts', () => {
  test.beforeEach(async ({ page }) => stubOutsideRequests(page))

  test('lists the displayed seasons; a season lists only its published episodes', async ({ page }) => {
    if (!FIRST_SEASON) throw new Error('aucune saison de démonstration')
    await page.goto('/podcasts')
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(
      SEASONS.map((season) => season.nom),
    )
    await expectNoA11yViolations(page)

    await main(page).getByRole('link', { name: FIRST_SEASON.nom }).click()
    await expect(page).toHaveURL(/^.*\/podcasts\/saison\/[0-9a-f-]{36}$/)
    await expect(main(page).getByRole('heading', { level: 3 })).toHaveText(
      publishedEpisodes(FIRST_SEASON).map((episode) => episode.titre),
    )
    await expect(main(page).getByText(DEMO_UNPUBLISHED_EPISODE)).toHaveCount(0)
    await expectNoA11yViolations(page)
  })

  test('season → episode: badges, our own player frame, summary, tabs and the way back', async ({ page }) => {
    const first = FIRST_SEASON && publishedEpisodes(FIRST_SEASON)[0]
    if (!first) throw new Error('aucun épisode de démonstration')
    const episode = await openEpisode(page, first.titre)

    const facts = main(page).getByRole('list', { name: "Informations sur l'épisode" })
    await expect(facts.getByRole('listitem')).toHaveText([
      formatDate(episode.date_publication, 'Europe/Paris'),
      `Durée : ${episode.duree}`,
      `Saison : ${episode.season}`,
    ])
    await expect(main(page).getByText(episode.resume)).toBeVisible()
    const player = main(page).locator('iframe[title="Lecteur du podcast"]')
    await expect(player).toHaveAttribute('src', /^https:\/\/player\.ausha\.co\//)
    await expect(player).not.toHaveAttribute('sandbox', /.*/)
    await expect(player).not.toHaveAttribute('srcdoc', /.*/)
    await expect(page.locator('script[src*="ausha"]')).toHaveCount(0)

    const tabs = main(page).getByRole('tablist', { name: "Contenu de l'épisode" })
    await expect(tabs.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true')
    await expect(main(page).getByRole('tabpanel')).toContainText(episode.description.replace(/<[^>]+>/g, ''))
    await tabs.getByRole('tab', { name: 'Transcription' }).click()
    await expect(tabs.getByRole('tab', { name: 'Transcription' })).toHaveAttribute('aria-selected', 'true')
    const firstLine = episode.transcription?.split('\n')[0] ?? ''
    await expect(main(page).getByRole('tabpanel')).toContainText(firstLine)
    await tabs.getByRole('tab', { name: 'Transcription' }).press('ArrowLeft')
    await expect(tabs.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true')
    await expectNoA11yViolations(page, { exclude: ['iframe'] })

    await main(page)
      .getByRole('link', { name: `Retour à la saison « ${episode.season} »` })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: episode.season })).toBeVisible()
  })

  test('an episode without transcription shows the placeholder', async ({ page }) => {
    const episode = DEMO_SEASONS.flatMap((season) => season.episodes).find(
      (item) => item.publie && !item.transcription,
    )
    if (!episode) throw new Error('aucun épisode sans transcription')
    await openEpisode(page, episode.titre)
    await main(page).getByRole('tab', { name: 'Transcription' }).click()
    await expect(main(page).getByRole('tabpanel')).toHaveText('Aucune transcription disponible.')
  })

  test('a Spotify player is framed from open.spotify.com', async ({ page }) => {
    await openEpisode(page, DEMO_SPOTIFY_EPISODE)
    await expect(main(page).locator('iframe[title="Lecteur du podcast"]')).toHaveAttribute(
      'src',
      /^https:\/\/open\.spotify\.com\/embed\//,
    )
  })

  test.describe('foreign player code', () => {
    // The sandboxed document inherits the page's Content-Security-Policy, which refuses its script.
    test.use({ allowedConsoleErrors: [/Content Security Policy/] })

    test('is shown only inside a sandboxed srcdoc frame', async ({ page }) => {
      const episode = await openEpisode(page, DEMO_SANDBOXED_EPISODE)

      const player = main(page).locator('iframe[title="Lecteur du podcast"]')
      await expect(player).toHaveAttribute('sandbox', 'allow-scripts allow-popups')
      await expect(player).toHaveAttribute('srcdoc', episode.code_player_html ?? '')
      await expect(player).not.toHaveAttribute('src', /.*/)
      await expect(page.locator('main .podcast-widget')).toHaveCount(0)
      await expect(page.locator('script[src*="exemple-podcast"]')).toHaveCount(0)
    })
  })

  test('unknown and malformed ids answer their fallback with a 404', async ({ page }) => {
    for (const [path, text] of [
      ['/podcasts/saison/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Saison introuvable'],
      ['/podcasts/saison/-1', 'Saison introuvable'],
      ['/podcasts/episode/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Épisode introuvable'],
      ["/podcasts/episode/'%20OR%201=1--", 'Épisode introuvable'],
    ] as const) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: text })).toBeVisible()
    }
    await expectNoA11yViolations(page)
  })

  test('on an empty site: no season message', async ({ page, emptySite }) => {
    await page.goto(`${emptySite}/podcasts`)
    await expect(main(page)).toContainText("Aucune saison de podcast n'est disponible pour le moment.")
  })
})

test.describe('/atelier', () => {
  test('shows the visible photos in a masonry, in order', async ({ page }) => {
    await page.goto('/atelier')
    const tiles = page.getByTestId('atelier-gallery').getByRole('link')
    await expect(tiles).toHaveCount(VISIBLE_PHOTOS.length)
    for (const [index, photo] of VISIBLE_PHOTOS.entries()) {
      await expect(tiles.nth(index).locator('img')).toHaveAttribute('alt', photo.nom)
    }
    await expect(main(page).getByText(DEMO_HIDDEN_STUDIO_PHOTO)).toHaveCount(0)
    const columns = await page
      .getByTestId('atelier-gallery')
      .evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length)
    expect(columns).toBe(4)
    await expectNoA11yViolations(page)
  })

  test('sizes are spans of the grid: Petite 1x1, Moyenne 2x1, Grande 2x2, Très grande 3x2', async ({
    page,
  }) => {
    await page.goto('/atelier')
    const spans = await page.getByTestId('atelier-gallery').evaluate((gallery) => {
      const style = getComputedStyle(gallery)
      const column = Number.parseFloat(style.gridTemplateColumns.split(' ')[0] ?? '0')
      const row = Number.parseFloat(style.gridAutoRows)
      const gap = Number.parseFloat(style.columnGap)
      const found: Record<string, [number, number]> = {}
      for (const tile of gallery.querySelectorAll<HTMLElement>('li[data-taille]')) {
        const box = tile.getBoundingClientRect()
        found[tile.dataset.taille ?? ''] = [
          Math.round((box.width + gap) / (column + gap)),
          Math.round((box.height + gap) / (row + gap)),
        ]
      }
      return found
    })
    expect(spans).toEqual({ small: [1, 1], medium: [2, 1], large: [2, 2], xlarge: [3, 2] })
  })

  test('the hero is 16:9, and at least its configured height at 390 px', async ({ page }) => {
    const hero = page.getByRole('main').locator('section').first()
    await page.goto('/atelier')
    const wide = await hero.boundingBox()
    expect(wide && Math.abs(wide.width / wide.height - 16 / 9)).toBeLessThan(0.02)
    await page.setViewportSize(MOBILE.viewport)
    const narrow = await hero.boundingBox()
    expect(narrow?.height).toBe(400)
  })

  test('hovering shows the description; a click opens the lightbox, Escape closes it', async ({ page }) => {
    const photo = VISIBLE_PHOTOS[2]
    if (!photo) throw new Error('pas assez de photos de démonstration')
    const description = photo.description.replace(/<[^>]+>/g, '')
    await page.goto('/atelier')
    const tile = page.getByTestId('atelier-gallery').getByRole('link', { name: photo.nom, exact: true })

    const caption = tile.getByTestId('atelier-caption')
    await expect(caption).toHaveText(`${photo.nom}${description}`)
    await expect(caption).toHaveCSS('opacity', '0')
    await tile.hover()
    await expect(caption).toHaveCSS('opacity', '1')

    await tile.click()
    const dialog = page.getByRole('dialog', { name: photo.nom })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('img', { name: photo.nom })).toBeVisible()
    await expect(dialog).toContainText(description)
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeFocused()
    await expectNoA11yViolations(page)

    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(tile).toBeFocused()
  })

  test('the keyboard opens the lightbox and its close button closes it', async ({ page }) => {
    const photo = VISIBLE_PHOTOS[0]
    if (!photo) throw new Error('aucune photo de démonstration')
    await page.goto('/atelier')
    const tile = page.getByTestId('atelier-gallery').getByRole('link', { name: photo.nom, exact: true })
    await page.keyboard.press('Tab')
    await tile.focus()
    await expect(tile.getByTestId('atelier-caption')).toHaveCSS('opacity', '1')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: photo.nom })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Fermer' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(tile).toBeFocused()
  })

  test('on an empty site: no photo message', async ({ page, emptySite }) => {
    await page.goto(`${emptySite}/atelier`)
    await expect(main(page)).toContainText("Aucune photo d'atelier disponible pour le moment.")
  })

  test.describe('at 390 px', () => {
    test.use(MOBILE)

    test('one column, and the lightbox opens on tap', async ({ page }) => {
      const photo = VISIBLE_PHOTOS[0]
      if (!photo) throw new Error('aucune photo de démonstration')
      await page.goto('/atelier')
      const gallery = page.getByTestId('atelier-gallery')
      expect(
        await gallery.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length),
      ).toBe(1)
      await gallery.getByRole('link', { name: photo.nom, exact: true }).tap()
      await expect(page.getByRole('dialog', { name: photo.nom })).toBeVisible()
      await expectNoA11yViolations(page)
    })
  })
})
