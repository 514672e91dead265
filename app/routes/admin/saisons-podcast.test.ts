import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { episodesPodcast, medias, saisonsPodcast } from '#app/db/schema'
import { ingestTestImage } from '#tests/support/images'
import { insertEpisode, insertSeason } from '#tests/support/podcast-fixtures'
import { adminRoute, expectRefused, UNKNOWN_ID } from '#tests/support/routes'
import { action, loader } from './saisons-podcast'

const PATH = '/admin/saisons-podcast'

const { post, load } = adminRoute(PATH, { action, loader })
const seasons = () => getDb().select().from(saisonsPodcast).orderBy(saisonsPodcast.nom)

describe('/admin/saisons-podcast', () => {
  it('lists every season by ordre, hidden ones included, with its number of episodes', async () => {
    const second = await insertSeason({ nom: 'Deuxième', ordre: 2, affichee: false })
    const first = await insertSeason({ nom: 'Première', ordre: 1 })
    await insertEpisode({ titre: 'A', saison_id: second.id })
    await insertEpisode({ titre: 'B', saison_id: second.id, publie: false })
    const data = await load()
    expect(data.seasons.map((season) => [season.id, season.affichee, season.episodeCount])).toEqual([
      [first.id, true, 0],
      [second.id, false, 2],
    ])
  })

  it('refuses a season without a name and stores nothing', async () => {
    const answer = await post({ intent: 'create', nom: '   ', ordre: '3' })
    expectRefused(answer, 'Impossible de sauvegarder la saison', { nom: ['Le nom est obligatoire'] })
    expect(await seasons()).toHaveLength(0)
  })

  it('updates a season and releases the image it replaced', async () => {
    const oldImage = await ingestTestImage('saisons-podcast', '#111111')
    const newImage = await ingestTestImage('saisons-podcast', '#eeeeee')
    const season = await insertSeason({ nom: 'Avant', image_url: oldImage })
    const answer = await post({
      intent: 'update',
      id: season.id,
      nom: 'Après',
      image_url: newImage,
      ordre: '4',
      affichee: '',
    })
    expect(answer.body.toast.title).toBe('Saison modifiée')
    const [row] = await seasons()
    expect(row).toMatchObject({ nom: 'Après', image_url: newImage, ordre: 4, affichee: false })
    const kept = await getDb().select({ url: medias.url }).from(medias)
    expect(kept.map((media) => media.url)).toEqual([newImage])
  })

  it('refuses to update an unknown or malformed id, changing nothing', async () => {
    const season = await insertSeason({ nom: 'Intacte' })
    const unknown = await post({ intent: 'update', id: UNKNOWN_ID, nom: 'X' })
    expect(unknown.status).toBe(404)
    const malformed = await post({ intent: 'update', id: "' or 1=1", nom: 'X' })
    expect(malformed.status).toBe(400)
    const invalid = await post({ intent: 'update', id: season.id, nom: '' })
    expect(invalid.status).toBe(400)
    expect((await seasons()).map((row) => row.nom)).toEqual(['Intacte'])
  })

  it('deletes a season, keeps its episodes without a season and releases its image', async () => {
    const image = await ingestTestImage('saisons-podcast')
    const season = await insertSeason({ nom: 'À supprimer', image_url: image })
    const episode = await insertEpisode({ titre: 'Reste', saison_id: season.id })
    const answer = await post({ intent: 'delete', id: season.id })
    expect(answer.body.toast.title).toBe('Saison supprimée')
    expect(await seasons()).toHaveLength(0)
    const [kept] = await getDb().select().from(episodesPodcast).where(eq(episodesPodcast.id, episode.id))
    expect(kept?.saison_id).toBeNull()
    expect(await getDb().select().from(medias)).toHaveLength(0)
  })

  it('refuses to delete an unknown season', async () => {
    await insertSeason({ nom: 'Là' })
    const answer = await post({ intent: 'delete', id: UNKNOWN_ID })
    expect(answer.status).toBe(404)
    expect(answer.body.toast.description).toContain('Impossible de supprimer la saison')
    expect(await seasons()).toHaveLength(1)
  })
})
