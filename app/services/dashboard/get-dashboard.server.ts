import { and, count, desc, eq, sql } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { contactMessages, encheres, mises } from '#app/db/schema'
import {
  listScheduledArticles,
  type ScheduledArticle,
} from '#app/services/articles/scheduled-publications.server'
import { type MailStatus, readMailStatus } from '#app/services/mail/mail-status.server'
import { type ArticleViews, readArticleViews } from './article-views.server'

/** How many unread messages the dashboard lists. */
const LATEST_MESSAGES = 3

/** What the dashboard shows besides the spec's cards (issue #11 §5). Instants are ISO 8601. */
export type Dashboard = {
  /** Messages neither read nor archived: how many, and the newest three. */
  unread: {
    count: number
    latest: Array<{ id: string; sujet: string; nom: string; prenom: string | null; cree_le: string }>
  }
  /** The active auction: current price (euros, '150.00'), validated bids, end; null when none. */
  auction: {
    id: string
    nom: string
    prix_actuel: string
    date_fin: string
    lien_prive: string
    nombre_mises: number
  } | null
  /** Published articles whose date is still to come, soonest first. */
  scheduled: ScheduledArticle[]
  /** Views of the last 30 days, today last, in the site's time zone ({@link readArticleViews}). */
  views: ArticleViews
  /** The outbox (issue #37 §4): e-mails waiting, and those whose last attempt failed (mail is failing). */
  mail: MailStatus
}

/**
 * Reads the dashboard's cards (issue #11 §5): unread messages, the active auction, scheduled
 * articles and the most-read articles of the last 30 days with their daily total (vues_articles,
 * counted by incrementArticleViews), and whether e-mails are failing to leave (issue #37 §4).
 *
 * @returns see {@link Dashboard}.
 * @throws the database error when a read fails.
 */
export async function getDashboard(executor: Executor = getDb()): Promise<Dashboard> {
  const unreadWhere = and(eq(contactMessages.lu, false), eq(contactMessages.archive, false))
  const [[unreadCount], latest, [auction], scheduled, views, mail] = await Promise.all([
    executor.select({ value: count() }).from(contactMessages).where(unreadWhere),
    executor
      .select({
        id: contactMessages.id,
        sujet: contactMessages.sujet,
        nom: contactMessages.nom,
        prenom: contactMessages.prenom,
        cree_le: contactMessages.cree_le,
      })
      .from(contactMessages)
      .where(unreadWhere)
      .orderBy(desc(contactMessages.cree_le), desc(contactMessages.id))
      .limit(LATEST_MESSAGES),
    executor
      .select({
        id: encheres.id,
        nom: encheres.nom,
        prix_actuel: encheres.prix_actuel,
        date_fin: encheres.date_fin,
        lien_prive: encheres.lien_prive,
        // Counted from the partial index of validated bids (enchere_id, montant where
        // email_valide): the join's condition names email_valide so the index applies, and only
        // the active auction's bids are read (issue #35 §2).
        nombre_mises: sql<number>`count(${mises.montant})`.mapWith(Number),
      })
      .from(encheres)
      .leftJoin(mises, and(eq(mises.enchere_id, encheres.id), eq(mises.email_valide, true)))
      .where(eq(encheres.statut, 'active'))
      .groupBy(encheres.id)
      .limit(1),
    listScheduledArticles(5, executor),
    readArticleViews(executor),
    readMailStatus(executor),
  ])
  return {
    unread: {
      count: unreadCount?.value ?? 0,
      latest: latest.map((row) => ({ ...row, cree_le: row.cree_le.toISOString() })),
    },
    auction: auction ? { ...auction, date_fin: auction.date_fin.toISOString() } : null,
    scheduled,
    views,
    mail,
  }
}
