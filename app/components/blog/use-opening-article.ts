import { useLocation, useNavigation } from 'react-router'

const ARTICLE_PATH = /^\/blog\/[^/]+\/?$/

/**
 * Whether the router is loading an article page other than the current one, so the page can show
 * {@link ArticleSkeleton} meanwhile (public spec §2 /blog/{slug}: loading skeleton).
 */
export function useOpeningArticle(): boolean {
  const navigation = useNavigation()
  const location = useLocation()
  return (
    navigation.state === 'loading' &&
    ARTICLE_PATH.test(navigation.location.pathname) &&
    navigation.location.pathname !== location.pathname
  )
}
