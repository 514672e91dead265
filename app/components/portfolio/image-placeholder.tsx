/**
 * The paper-toned stand-in for a missing image, reading 'Aucune image' (public spec §2 /portfolio).
 * Fills its framed parent.
 */
export function ImagePlaceholder() {
  return (
    <div className="flex h-full w-full flex-col items-center justify-center gap-3 text-stone-500">
      <span aria-hidden className="h-px w-10 bg-stone-300" />
      <span className="text-xs uppercase tracking-[0.25em]">Aucune image</span>
      <span aria-hidden className="h-px w-10 bg-stone-300" />
    </div>
  )
}
