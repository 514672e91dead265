import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { siteSettings } from '#app/db/schema'
import { SETTING_SECTIONS } from '#app/lib/admin/settings-schema'
import { resolveAppearance } from '#app/lib/appearance'
import { loader as rootLoader } from '#app/root'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { setSiteDataCacheEnabled } from '#app/services/site-data-cache.server'
import { adminRoute } from '#tests/support/routes'
import { action, loader } from './settings'

const PATH = '/admin/settings'
const { post, load } = adminRoute(PATH, { action, loader })

async function stored() {
  const rows = await getDb().select().from(siteSettings).orderBy(siteSettings.setting_key)
  return Object.fromEntries(rows.map((row) => [row.setting_key, [row.setting_value, row.setting_type]]))
}

const save = (key: string, value: string) => post({ intent: 'save', key, value })

/** What root.tsx's loader gives every page, for a visitor without cookies. */
async function rootData() {
  const answer = await rootLoader({ request: new Request('http://localhost/') } as Parameters<
    typeof rootLoader
  >[0])
  return 'init' in answer ? answer.data : answer
}

describe('/admin/settings', () => {
  it('offers every key of the spec, and the auctions’ soft-close minutes and increments (issue #4 §4, #10 §3)', () => {
    const keys = SETTING_SECTIONS.flatMap((section) => section.fields.map((field) => field.key)).sort()
    expect(keys).toEqual(
      [
        'site_title_type',
        'site_title',
        'site_title_image',
        'site_title_image_width',
        'site_title_image_height',
        'site_title_image_width_mobile',
        'site_title_image_height_mobile',
        'site_subtitle',
        'button_color',
        'button_font',
        'button_font_size',
        'button_radius',
        'title_font',
        'title_font_size',
        'text_font',
        'text_font_size',
        'page_bg_color',
        'footer_bg_color',
        'copyright_text',
        'alaunne_titre',
        'alaunne_description',
        'facebook_url',
        'instagram_url',
        'twitter_url',
        'linkedin_url',
        'enchere_prolongation_minutes',
        'enchere_paliers',
        'enchere_courriels_artiste',
        'taille_page_portfolio',
        'taille_page_blog',
        'taille_page_categorie',
        'taille_page_atelier',
        'taille_page_parcours',
        'taille_page_podcasts',
        'taille_page_saison',
        'taille_page_recherche',
        'double_authentification_admin',
      ].sort(),
    )
  })

  it('upserts each setting by key as text with the spec toast, and reads it back', async () => {
    const answer = await save('site_title', '  Atelier Montaigu ')
    expect(answer.status).toBe(200)
    expect(answer.body?.toast).toEqual({
      type: 'success',
      title: 'Paramètre sauvegardé',
      description: 'Le paramètre a été mis à jour avec succès.',
    })
    await save('site_title', 'Atelier Encre')
    await save('button_color', '#9F2A1D')
    await save('title_font', 'Playfair Display')
    await save('button_radius', '0.5rem')
    await save('site_title_type', 'image')
    await save('instagram_url', 'https://www.instagram.com/encre')
    await save('alaunne_description', 'Nouveautés')
    await save('enchere_prolongation_minutes', '05')
    await save('enchere_paliers', ' 100 : 2 ; 1000:10,50 ; 100 ')
    await save('taille_page_blog', ' 06 ')
    expect(await stored()).toEqual({
      taille_page_blog: ['6', 'text'],
      alaunne_description: ['Nouveautés', 'text'],
      enchere_prolongation_minutes: ['5', 'text'],
      enchere_paliers: ['100:2;1000:10.50;100', 'text'],
      button_color: ['#9f2a1d', 'text'],
      button_radius: ['0.5rem', 'text'],
      instagram_url: ['https://www.instagram.com/encre', 'text'],
      site_title: ['Atelier Encre', 'text'],
      site_title_type: ['image', 'text'],
      title_font: ['Playfair Display', 'text'],
    })
    expect((await load()).settings.site_title).toBe('Atelier Encre')
  })

  it('clears a setting saved empty, so the public site uses its default', async () => {
    await save('copyright_text', '© Moi')
    await save('copyright_text', '')
    expect((await stored()).copyright_text).toEqual([null, 'text'])
    expect(resolveAppearance(await getSiteSettings()).copyrightText).toBeNull()
  })

  it('refuses bad colours, sizes, fonts, URLs, title types, long texts and unknown keys, writing nothing', async () => {
    await save('button_color', '#123456')
    const before = await stored()
    const refusals: Array<[string, string, string]> = [
      ['button_color', 'red', 'Couleur invalide : utilisez le format hexadécimal (ex. #9f2a1d).'],
      ['page_bg_color', '#12345', 'Couleur invalide : utilisez le format hexadécimal (ex. #9f2a1d).'],
      [
        'footer_bg_color',
        'url(javascript:alert(1))',
        'Couleur invalide : utilisez le format hexadécimal (ex. #9f2a1d).',
      ],
      [
        'button_radius',
        '4',
        'Taille invalide : un nombre suivi de px, vh, vw, rem ou % (ex. 300px, 50vh, 100%).',
      ],
      [
        'title_font_size',
        '2rem; color: red',
        'Taille invalide : un nombre suivi de px, vh, vw, rem ou % (ex. 300px, 50vh, 100%).',
      ],
      ['title_font', 'Comic Sans MS', 'Police non disponible : choisissez une des 15 polices proposées.'],
      [
        'facebook_url',
        'javascript:alert(1)',
        'Adresse invalide : elle doit commencer par http:// ou https:// (ex. https://www.instagram.com/…).',
      ],
      [
        'linkedin_url',
        'ftp://exemple.fr',
        'Adresse invalide : elle doit commencer par http:// ou https:// (ex. https://www.instagram.com/…).',
      ],
      ['site_title_type', 'video', 'Le type de titre doit être « texte » ou « image ».'],
      ['double_authentification_admin', 'peut-être', 'Valeur invalide : « oui » ou « non ».'],
      ['site_title', 'x'.repeat(101), 'Texte trop long (100 caractères maximum).'],
      ['site_title_image', 'https://ailleurs.example/logo.png', "Adresse d'image invalide."],
      ['enchere_prolongation_minutes', '61', 'Durée invalide : un nombre entier de minutes entre 0 et 60.'],
      ['enchere_prolongation_minutes', '2.5', 'Durée invalide : un nombre entier de minutes entre 0 et 60.'],
      ['enchere_prolongation_minutes', '-1', 'Durée invalide : un nombre entier de minutes entre 0 et 60.'],
      ['taille_page_blog', '0', 'Nombre invalide : un nombre entier d’éléments par page entre 1 et 60.'],
      ['taille_page_atelier', '61', 'Nombre invalide : un nombre entier d’éléments par page entre 1 et 60.'],
      [
        'taille_page_recherche',
        '1.5',
        'Nombre invalide : un nombre entier d’éléments par page entre 1 et 60.',
      ],
      ['enchere_paliers', '50:1;40:5;10', 'Paliers invalides : chaque plafond doit dépasser le précédent.'],
      [
        'enchere_paliers',
        '50:1;500:5',
        'Paliers invalides : écrivez « plafond:pas » séparés par « ; », puis le pas au-delà du dernier plafond, en euros (ex. 50:1;500:5;1000:10;50).',
      ],
      [
        'enchere_paliers',
        '50:-1;5',
        "Paliers invalides : « -1 » n'est pas un montant en euros positif (deux décimales au plus).",
      ],
      ['mot_de_passe', 'x', 'Paramètre inconnu.'],
    ]
    for (const [key, value, message] of refusals) {
      const answer = await save(key, value)
      expect(answer.status, key).toBe(400)
      expect(answer.body?.toast, key).toEqual({ type: 'error', title: 'Erreur', description: message })
    }
    expect(await stored()).toEqual(before)
  })

  it('shows a change on the public site at the next request, even with the cache on', async () => {
    setSiteDataCacheEnabled(true)
    try {
      const first = await rootData()
      expect(first.appearance.siteTitle).toBe('Encre')
      await save('site_title', 'Claire M.')
      await save('button_color', '#112233')
      const next = await rootData()
      expect(next.appearance.siteTitle).toBe('Claire M.')
      expect(next.appearance.buttonColor).toBe('#112233')
    } finally {
      setSiteDataCacheEnabled(false)
    }
  })
})
