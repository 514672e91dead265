import { index, type RouteConfig, route } from '@react-router/dev/routes'

/** The route table — mirrors the spec's route table (public spec §2). */
export default [
  index('routes/home.tsx'),
  route('portfolio', 'routes/portfolio.tsx'),
  route('portfolio/categorie/:categoryId', 'routes/portfolio-category.tsx'),
  route('portfolio/oeuvre/:artworkId', 'routes/portfolio-artwork.tsx'),
  route('parcours', 'routes/parcours.tsx'),
  route('podcasts', 'routes/podcasts.tsx'),
  route('podcasts/saison/:saisonId', 'routes/podcast-season.tsx'),
  route('podcasts/episode/:episodeId', 'routes/podcast-episode.tsx'),
  route('blog', 'routes/blog.tsx'),
  // Issue #11 §1: for search engines and feed readers.
  route('blog/rss.xml', 'routes/blog-rss.ts'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  // Issue #35 §1: the files of a sitemap index, past 50,000 public addresses.
  route('sitemaps/:file', 'routes/sitemap-file.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('blog/:slug', 'routes/blog-article.tsx'),
  // Issue #11 §3: any article as a visitor will see it, for administrators only.
  route('blog/apercu/:articleId', 'routes/blog-article-preview.tsx'),
  // Issue #36 §2: a draft for whoever holds the private link, until it expires.
  route('blog/partage/:token', 'routes/blog-article-shared.tsx'),
  route('contact', 'routes/contact.tsx'),
  // Issue #35 §3: the public search.
  route('recherche', 'routes/recherche.tsx'),
  route('atelier', 'routes/atelier.tsx'),
  route('mentions-legales', 'routes/mentions-legales.tsx'),
  route('validation-reussie', 'routes/validation-reussie.tsx'),
  route('validation-erreur', 'routes/validation-erreur.tsx'),
  route('enchere/:auctionLink', 'routes/enchere.tsx'),
  route('enchere/:auctionLink/valider', 'routes/enchere-valider.tsx'),
  // Issue #34 §3: the bid form's region for the page's script.
  route('enchere/:auctionLink/mise', 'routes/enchere-mise.ts'),
  // Issue #10 §4: the 10-minute reminder request, the next-auction subscription's links.
  route('enchere/:auctionLink/rappel', 'routes/enchere-rappel.tsx'),
  route('prochaine-enchere/confirmer', 'routes/prochaine-enchere-confirmer.tsx'),
  route('prochaine-enchere/desinscription', 'routes/prochaine-enchere-desinscription.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('auth/callback', 'routes/auth-callback.tsx'),
  // Issue #37 §3: the two steps of a passkey sign-in (JSON for the /auth page's script).
  route('auth/cle-acces', 'routes/auth-passkey.ts'),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/index.tsx'),
    route('categories', 'routes/admin/categories.tsx'),
    route('artworks', 'routes/admin/artworks.tsx'),
    route('articles', 'routes/admin/articles.tsx'),
    route('articles/:articleId/versions', 'routes/admin/article-versions.tsx'),
    route('pages', 'routes/admin/pages.tsx'),
    route('settings', 'routes/admin/settings.tsx'),
    route('messages', 'routes/admin/messages.tsx'),
    route('users', 'routes/admin/users.tsx'),
    route('evenements', 'routes/admin/evenements.tsx'),
    route('saisons-podcast', 'routes/admin/saisons-podcast.tsx'),
    route('episodes-podcast', 'routes/admin/episodes-podcast.tsx'),
    route('photos-atelier', 'routes/admin/photos-atelier.tsx'),
    route('encheres', 'routes/admin/encheres.tsx'),
    route('encheres/abonnes.csv', 'routes/admin/encheres-abonnes-csv.tsx'),
    route('upload', 'routes/admin/upload.tsx'),
    // Issue #37 §3: the back-office's audit log, and the administrator's own account security.
    route('journal', 'routes/admin/journal.tsx'),
    route('profil', 'routes/admin/profil.tsx'),
    route('profil/cle-acces', 'routes/admin/profil-passkey.tsx'),
    route('*', 'routes/admin/splat.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
