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
  route('blog/:slug', 'routes/blog-article.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('atelier', 'routes/atelier.tsx'),
  route('mentions-legales', 'routes/mentions-legales.tsx'),
  route('validation-reussie', 'routes/validation-reussie.tsx'),
  route('validation-erreur', 'routes/validation-erreur.tsx'),
  route('enchere/:auctionLink', 'routes/enchere.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('auth/callback', 'routes/auth-callback.tsx'),
  route('admin', 'routes/admin/index.tsx'),
  route('admin/*', 'routes/admin/splat.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
