/**
 * Stands in for a missing article image: the title's first letter, large and faint, like an
 * illuminated initial on paper. Decorative only (the title is read next to it).
 */
export function ArticleImagePlaceholder({ title }: { title: string }) {
  const initial = title.trim().charAt(0).toLocaleUpperCase('fr-FR') || '·'
  return (
    <div aria-hidden className="flex h-full w-full items-center justify-center bg-paper">
      <span className="font-title text-7xl text-stone-300 italic select-none sm:text-8xl">{initial}</span>
    </div>
  )
}
