import { ResponsiveImage } from '#app/components/responsive-image'
import { RichText } from '#app/components/rich-text'
import type { PageContent } from '#app/lib/pages'

/**
 * The /atelier hero (public spec §2): the page configuration's image, 16:9 and at least its
 * configured height (default 400 px), cropped to cover, under a dark overlay carrying the title
 * and description in white. Without an image the overlay sits on an ink-black wash. The text hangs
 * from the top: when the web font replaces its fallback and a line wraps elsewhere, nothing above
 * it moves (issue #8 §1, CLS ≤ 0.01).
 */
export function AtelierHero({ page }: { page: PageContent }) {
  return (
    <section
      className="relative isolate mx-auto flex aspect-video items-start overflow-hidden bg-stone-950 text-white"
      style={{ minHeight: page.imageHeight, width: page.imageWidth, maxWidth: '100%' }}
    >
      <ResponsiveImage
        image={page.image}
        alt=""
        sizes="100vw"
        priority
        className="absolute inset-0 -z-20 h-full w-full object-cover"
      />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-gradient-to-b from-black/80 via-black/45 to-black/25"
      />
      <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-5xl">{page.titre}</h1>
        <RichText
          html={page.description}
          className="prose prose-invert mt-5 max-w-2xl text-lg leading-relaxed text-white/85"
        />
      </div>
    </section>
  )
}
