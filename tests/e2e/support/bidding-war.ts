import { openDatabase } from '#app/db/client.server'
import { articles, encheres, mises, misesMaximales, revisionsArticles, vuesArticles } from '#app/db/schema'

/** The auction {@link seedBiddingWar} stores: its name and reserve. */
export const WAR_AUCTION = { nom: 'Vente privée « Le héron »', reserve: '200.00' } as const
/** The article whose views and versions it stores. */
export const WAR_ARTICLE = { titre: 'Le geste et le papier', slug: 'le-geste-et-le-papier' } as const

const MINUTE = 60_000

/** One bid of the war: seconds from the original end, amount in euros, who, and whether automatic. */
type WarBid = { at: number; montant: string; prenom: string; automatique?: boolean }

/**
 * The bidding war: Lina and Paul (who left a 400 € maximum, so the server answers for him), then
 * Marc; the last minutes' bids each push the end back (2-minute soft close, the default), and a
 * bid and the automatic bid it caused share their instant.
 */
const WAR: WarBid[] = [
  { at: -50 * 60, montant: '120.00', prenom: 'Lina' },
  { at: -30 * 60, montant: '150.00', prenom: 'Paul' },
  { at: -10 * 60, montant: '170.00', prenom: 'Lina' },
  { at: -10 * 60, montant: '180.00', prenom: 'Paul', automatique: true },
  { at: -90, montant: '250.00', prenom: 'Lina' },
  { at: -90, montant: '260.00', prenom: 'Paul', automatique: true },
  { at: 10, montant: '300.00', prenom: 'Lina' },
  { at: 10, montant: '310.00', prenom: 'Paul', automatique: true },
  { at: 110, montant: '400.00', prenom: 'Paul', automatique: true },
  { at: 110, montant: '410.00', prenom: 'Marc' },
  { at: 200, montant: '450.00', prenom: 'Lina' },
]

/**
 * Fills a server's data folder before it starts (startOwnServer's `prepare`): the embedded
 * database, migrated, with an auction ended an hour ago after a bidding war ({@link WAR}: bids by
 * hand and automatic, four soft-close extensions, a 200 € reserve met), Paul's maximum, and a
 * published article read on 13 of the last 30 days (89 views, 4 today) with one previous version
 * kept. The
 * administrator is created by the server at start (the user table is empty).
 *
 * @param dataDir - the server's DATA_DIR (fresh).
 */
export async function seedBiddingWar(dataDir: string): Promise<void> {
  const opened = await openDatabase({ dataDir })
  try {
    await opened.migrate()
    const db = opened.db
    const end = Date.now() - 60 * MINUTE
    const extendedEnd = end + 200_000 + 2 * MINUTE
    const [auction] = await db
      .insert(encheres)
      .values({
        nom: WAR_AUCTION.nom,
        lien_prive: 'lien-prive-graphiques',
        prix_depart: '100.00',
        prix_reserve: WAR_AUCTION.reserve,
        prix_actuel: '450.00',
        date_debut: new Date(end - 3 * 3_600_000),
        date_fin: new Date(extendedEnd),
        date_fin_initiale: new Date(end),
        statut: 'termine_prix_atteint',
      })
      .returning({ id: encheres.id })
    if (!auction) throw new Error('enchère non insérée')
    await db.insert(mises).values(
      WAR.map((bid) => ({
        enchere_id: auction.id,
        participant_email: `${bid.prenom.toLowerCase()}@exemple.fr`,
        participant_nom: `Nom-${bid.prenom}`,
        participant_prenom: bid.prenom,
        montant: bid.montant,
        email_valide: true,
        automatique: bid.automatique ?? false,
        cree_le: new Date(end + bid.at * 1000),
      })),
    )
    await db.insert(misesMaximales).values({
      enchere_id: auction.id,
      participant_email: 'paul@exemple.fr',
      participant_nom: 'Nom-Paul',
      participant_prenom: 'Paul',
      montant_max: '400.00',
    })

    const [article] = await db
      .insert(articles)
      .values({
        titre: WAR_ARTICLE.titre,
        slug: WAR_ARTICLE.slug,
        contenu:
          '<p>Le pinceau glisse sur le papier humide.</p><p>Chaque trait se décide avant le geste, jamais pendant.</p>',
        statut: 'publie',
        affiche: true,
        date_publication: new Date(Date.now() - 40 * 86_400_000),
      })
      .returning({ id: articles.id })
    if (!article) throw new Error('article non inséré')
    await db.insert(revisionsArticles).values({
      article_id: article.id,
      titre: 'Le geste',
      contenu: '<p>Le pinceau glisse sur le papier.</p><p>Chaque trait se décide avant le geste.</p>',
      type: 'article',
      modifie_le: new Date(Date.now() - 41 * 86_400_000),
    })
    // Days as the dashboard counts them: in the site's time zone (SITE_TIMEZONE, Europe/Paris here).
    const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' })
    const day = (ago: number) => parisDay.format(new Date(Date.now() - ago * 86_400_000))
    const views = [0, 1, 2, 3, 5, 8, 9, 12, 15, 20, 21, 26, 29].map((ago, index) => ({
      article_id: article.id,
      jour: day(ago),
      vues: [4, 11, 7, 2, 9, 15, 6, 3, 12, 5, 8, 1, 6][index] ?? 1,
    }))
    await db.insert(vuesArticles).values(views)
  } finally {
    await opened.close()
  }
}
