import { CalendarClock, Eye, Gavel, type LucideIcon, Mail, MailWarning } from 'lucide-react'
import { lazy, type ReactNode } from 'react'
import { Link } from 'react-router'
import { ChartDataTable, ClientChart } from '#app/components/admin/charts/client-chart'
import { remainingText, useLiveReload, useRemainingMs } from '#app/components/auction/admin-current-auction'
import { Card } from '#app/components/ui/card'
import { cn } from '#app/components/ui/cn'
import { articlePreviewPath } from '#app/lib/article-types'
import { formatDate, formatDateTime, formatPrice } from '#app/lib/format'
import { countLabel, formatCount } from '#app/lib/pagination'
import type { Dashboard } from '#app/services/dashboard/get-dashboard.server'

/** One card of the dashboard's glance: an icon, a title, its content and a link to its screen. */
function GlanceCard({
  id,
  icon: Icon,
  title,
  to,
  toLabel,
  children,
}: {
  id: string
  icon: LucideIcon
  title: string
  to: string
  toLabel: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <Card className="flex h-full flex-col">
        <h2 id={id} className="flex items-center gap-2 font-semibold text-gray-900">
          <Icon aria-hidden="true" className="size-5" />
          {title}
        </h2>
        <div className="mt-3 flex-1 text-sm text-gray-700">{children}</div>
        <Link to={to} className="mt-4 text-sm font-medium text-sky-700 underline hover:text-sky-900">
          {toLabel}
        </Link>
      </Card>
    </section>
  )
}

/**
 * A glance card's list (`ol` when `ordered`, a ranking), one item a row, or its French `empty`
 * text when there is nothing. `className`, `itemClassName` and `emptyClassName` add layout
 * classes to the list, each item and the empty text.
 */
function GlanceList<Item extends { id: string }>({
  items,
  label,
  empty,
  ordered = false,
  className,
  itemClassName,
  emptyClassName,
  children: renderItem,
}: {
  items: ReadonlyArray<Item>
  label: string
  empty: string
  ordered?: boolean
  className?: string
  itemClassName: string
  emptyClassName?: string
  children: (item: Item) => ReactNode
}) {
  if (items.length === 0) return <p className={cn(emptyClassName, 'text-gray-600')}>{empty}</p>
  const List = ordered ? 'ol' : 'ul'
  return (
    <List aria-label={label} className={cn(className, 'space-y-1')}>
      {items.map((item) => (
        <li key={item.id} className={itemClassName}>
          {renderItem(item)}
        </li>
      ))}
    </List>
  )
}

/** The active auction: current price, validated bids and time left, reloaded live at each bid. */
function AuctionGlance({
  auction,
  serverNow,
}: {
  auction: NonNullable<Dashboard['auction']>
  serverNow: string
}) {
  const remainingMs = useRemainingMs(auction.date_fin, serverNow)
  useLiveReload(`/enchere/${auction.lien_prive}/evenements`)
  return (
    <>
      <p className="font-medium text-gray-900">{auction.nom}</p>
      <dl className="mt-2 grid grid-cols-3 gap-2">
        <div>
          <dt className="text-xs text-gray-500">Prix actuel</dt>
          <dd className="font-semibold text-gray-900">{formatPrice(auction.prix_actuel)}</dd>
        </div>
        <div>
          <dt className="text-xs text-gray-500">Mises</dt>
          <dd className="font-semibold text-gray-900">{formatCount(auction.nombre_mises)}</dd>
        </div>
        <div>
          <dt className="text-xs text-gray-500">Temps restant</dt>
          <dd className="font-semibold text-gray-900">{remainingText(remainingMs, 'active')}</dd>
        </div>
      </dl>
    </>
  )
}

const ViewsChartDrawing = lazy(() => import('./views-chart-drawing'))

/** The chart's height, px: readable at 390 px as at 1280 px. */
const VIEWS_CHART_HEIGHT = 180

/**
 * The views of the last 30 days (issue #11 §5, issue #36 §3): their total, a bar chart of each
 * day drawn in the browser ({@link ViewsChartDrawing}: axes, dates, grid, tooltips on hover and
 * keyboard focus), and the same numbers as a table for screen readers.
 */
function ViewsChart({ days, timeZone }: { days: Dashboard['views']['days']; timeZone: string }) {
  const total = days.reduce((sum, day) => sum + day.vues, 0)
  return (
    <figure className="mt-3">
      <figcaption className="text-sm text-gray-700">
        <strong className="text-lg font-semibold text-gray-900 tabular-nums">{formatCount(total)}</strong>
        {` vue${total > 1 ? 's' : ''} sur les ${days.length} derniers jours`}
      </figcaption>
      <div className="mt-2" data-testid="graphique-vues">
        <ClientChart height={VIEWS_CHART_HEIGHT}>
          <ViewsChartDrawing days={days} timeZone={timeZone} />
        </ClientChart>
      </div>
      <ChartDataTable
        caption="Vues par jour"
        columns={['Jour', 'Vues']}
        rows={days.map((day) => ({
          key: day.jour,
          cells: [formatDate(day.jour, timeZone), formatCount(day.vues)],
        }))}
      />
    </figure>
  )
}

/**
 * The dashboard's glance (issue #11 §5), above the screens' cards: unread messages (count, newest
 * three), the active auction (price, bids, time left, live), scheduled articles, and the most-read
 * articles of the last 30 days with a chart of the daily views.
 *
 * @param serverNow - the server's clock when the page loaded (ISO), for the auction's time left.
 */
export function DashboardGlance({
  dashboard,
  serverNow,
  timeZone,
}: {
  dashboard: Dashboard
  serverNow: string
  timeZone: string
}) {
  const { unread, auction, scheduled, views, mail } = dashboard
  return (
    <>
      {mail.failing > 0 ? <MailFailing mail={mail} timeZone={timeZone} /> : null}
      <div className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-2">
        <GlanceCard
          id="coup-oeil-messages"
          icon={Mail}
          title="Messages non lus"
          to="/admin/messages"
          toLabel="Voir les messages"
        >
          <p className="text-2xl font-bold text-gray-900">{formatCount(unread.count)}</p>
          <GlanceList
            items={unread.latest}
            label="Derniers messages non lus"
            empty="Aucun message non lu"
            className="mt-2"
            itemClassName="flex justify-between gap-3"
            emptyClassName="mt-1"
          >
            {(message) => (
              <>
                <span
                  className="min-w-0 truncate"
                  title={`${message.sujet} — ${[message.prenom, message.nom].filter(Boolean).join(' ')}`}
                >
                  <span className="font-medium text-gray-900">{message.sujet}</span>
                  {' — '}
                  {[message.prenom, message.nom].filter(Boolean).join(' ')}
                </span>
                <span className="shrink-0 text-gray-500">
                  {formatDate(message.cree_le, timeZone, 'short')}
                </span>
              </>
            )}
          </GlanceList>
        </GlanceCard>

        <GlanceCard
          id="coup-oeil-enchere"
          icon={Gavel}
          title="Enchère en cours"
          to="/admin/encheres"
          toLabel="Voir les enchères"
        >
          {auction ? (
            <AuctionGlance auction={auction} serverNow={serverNow} />
          ) : (
            <p className="text-gray-600">Aucune enchère active</p>
          )}
        </GlanceCard>

        <GlanceCard
          id="coup-oeil-programmes"
          icon={CalendarClock}
          title="Articles programmés"
          to="/admin/articles"
          toLabel="Voir les articles"
        >
          <GlanceList
            items={scheduled}
            label="Articles programmés"
            empty="Aucun article programmé"
            itemClassName="flex flex-wrap justify-between gap-x-3"
          >
            {(article) => (
              <>
                <a
                  href={articlePreviewPath(article.id)}
                  className="min-w-0 truncate font-medium text-gray-900 underline"
                  title={article.titre}
                >
                  {article.titre}
                </a>
                <span className="text-gray-500">
                  Programmé pour le {formatDateTime(article.date_publication, timeZone)}
                </span>
              </>
            )}
          </GlanceList>
        </GlanceCard>

        <GlanceCard
          id="coup-oeil-lectures"
          icon={Eye}
          title="Articles les plus lus (30 jours)"
          to="/admin/articles"
          toLabel="Voir les articles"
        >
          <ViewsChart days={views.days} timeZone={timeZone} />
          <GlanceList
            items={views.articles}
            label="Articles les plus lus"
            empty="Aucune lecture ces 30 derniers jours"
            ordered
            className="mt-3"
            itemClassName="flex justify-between gap-3"
            emptyClassName="mt-2"
          >
            {(article) => (
              <>
                <a
                  href={`/blog/${article.slug}`}
                  className="min-w-0 truncate text-gray-900 underline"
                  title={article.titre}
                >
                  {article.titre}
                </a>
                <span className="shrink-0 tabular-nums text-gray-600">
                  {countLabel(article.vues, 'vue', 'vues')}
                </span>
              </>
            )}
          </GlanceList>
        </GlanceCard>
      </div>
    </>
  )
}

/**
 * The dashboard's warning when e-mails fail to leave (issue #37 §4): how many wait after a failed
 * attempt, since when, the last error, and that they will leave by themselves once the SMTP
 * server takes them again.
 */
function MailFailing({ mail, timeZone }: { mail: Dashboard['mail']; timeZone: string }) {
  const plural = mail.failing > 1
  return (
    <section
      role="alert"
      aria-labelledby="envoi-emails-en-echec"
      className="mt-8 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 sm:p-5"
    >
      <h2 id="envoi-emails-en-echec" className="flex items-center gap-2 font-semibold">
        <MailWarning aria-hidden="true" className="size-5" />
        Les e-mails ne partent plus
      </h2>
      <p className="mt-2">
        {mail.failing} e-mail{plural ? 's' : ''} en attente après un échec d'envoi
        {mail.failingSince ? `, depuis le ${formatDateTime(mail.failingSince, timeZone)}` : ''}.{' '}
        {plural ? 'Ils partiront' : 'Il partira'} dès que le serveur d'envoi (SMTP_URL) répondra à nouveau :
        rien n'est perdu.
      </p>
      {mail.lastError ? <p className="mt-1 break-words">Dernière erreur : {mail.lastError}</p> : null}
    </section>
  )
}
