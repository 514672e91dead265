import { diffText } from '#app/lib/article-diff'

/**
 * Two plain texts compared word by word, inline (issue #36 §2: jsdiff through {@link diffText}):
 * removed words struck through on red, added ones underlined on green, each announced as such to
 * screen readers; paragraphs on their own lines; long words wrap at 390 px.
 *
 * @param before - the older text; `after` - the newer one.
 */
export function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <p className="mt-1 whitespace-pre-wrap break-words rounded-md border border-gray-200 bg-gray-50 p-3 text-sm leading-relaxed text-gray-900">
      {diffText(before, after).map((part, index) =>
        part.kind === 'same' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one diff, in order, never reordered.
          <span key={index}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <del key={index} className="rounded-sm bg-red-50 px-0.5 text-red-800 decoration-red-800">
            <span className="sr-only">[retiré : </span>
            {part.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <ins key={index} className="rounded-sm bg-green-50 px-0.5 text-green-800 decoration-green-800">
            <span className="sr-only">[ajouté : </span>
            {part.text}
            <span className="sr-only">]</span>
          </ins>
        ),
      )}
    </p>
  )
}
