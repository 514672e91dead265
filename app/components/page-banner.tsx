import { RichText } from '#app/components/rich-text'
import type { PageContent } from '#app/lib/pages'
import { ResponsiveImage } from './responsive-image'

/**
 * A page's banner and heading from its configuration (public spec §2): optional banner image at the
 * configured height and width (the page's LCP image: fetchpriority high), title and rich description.
 */
export function PageBanner({ page, children }: { page: PageContent; children?: React.ReactNode }) {
  return (
    <section>
      <BannerImage page={page} />
      <div className="mx-auto max-w-7xl px-4 pt-10 pb-6 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-bold text-gray-900 sm:text-4xl">{page.titre}</h1>
        <RichText html={page.description} className="prose prose-gray mt-4 max-w-3xl text-gray-600" />
        {children}
      </div>
    </section>
  )
}

/**
 * A page's configured banner image at its configured height and width (px, vh, rem, % …), cropped
 * to fill; the page's LCP image, so it loads eagerly with fetchpriority high. Renders nothing
 * without an image.
 */
export function BannerImage({ page, className = 'bg-gray-100' }: { page: PageContent; className?: string }) {
  if (!page.image) return null
  return (
    <div
      className={`mx-auto overflow-hidden ${className}`}
      style={{ height: page.imageHeight, width: page.imageWidth, maxWidth: '100%' }}
    >
      <ResponsiveImage
        image={page.image}
        alt=""
        sizes="100vw"
        priority
        className="h-full w-full object-cover"
      />
    </div>
  )
}
