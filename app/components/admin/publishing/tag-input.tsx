import { Plus, X } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#app/components/ui/button'
import { Input } from '#app/components/ui/input'
import { Label } from '#app/components/ui/label'
import { ARTICLE_LIMITS, addTag } from '#app/lib/admin/article-schema'

/**
 * Tag field of the article form (back-office spec §5: "a tag is added only if non-empty and not
 * already present (Enter also adds)"). Enter or 'Ajouter' adds the typed tag; each tag is a chip
 * whose × button (a real button, reachable with Tab) removes it; Backspace in the empty field
 * removes the last one. Each tag posts as a hidden `name` field.
 *
 * @param name - form field name, repeated once per tag ('tags').
 * @param defaultValue - the stored tags.
 */
export function TagInput({
  name,
  defaultValue = [],
}: {
  name: string
  defaultValue?: ReadonlyArray<string>
}) {
  const [tags, setTags] = useState<ReadonlyArray<string>>(defaultValue)
  const [draft, setDraft] = useState('')
  const [message, setMessage] = useState('')
  const id = useId()

  function add() {
    const value = draft.trim()
    if (!value) {
      setMessage('Saisissez une étiquette avant de l’ajouter.')
      return
    }
    const next = addTag(tags, value)
    if (next === tags) {
      setMessage(
        tags.length >= ARTICLE_LIMITS.tags
          ? 'Vous avez atteint le maximum de 20 étiquettes.'
          : value.length > ARTICLE_LIMITS.tag
            ? 'Une étiquette fait au plus 50 caractères.'
            : `L’étiquette « ${value} » est déjà présente.`,
      )
      return
    }
    setTags(next)
    setDraft('')
    setMessage(`Étiquette « ${value} » ajoutée.`)
  }

  function remove(tag: string) {
    setTags((current) => current.filter((existing) => existing !== tag))
    setMessage(`Étiquette « ${tag} » retirée.`)
  }

  const isWarning = message !== '' && !message.endsWith('ajoutée.') && !message.endsWith('retirée.')

  return (
    <div>
      <Label htmlFor={id}>Étiquettes</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={ARTICLE_LIMITS.tag}
          aria-describedby={`${id}-aide ${id}-etat`}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              add()
            } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
              remove(tags[tags.length - 1] as string)
            }
          }}
          className="min-w-0 flex-1"
        />
        <Button variant="outline" onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          Ajouter
        </Button>
      </div>
      <p id={`${id}-aide`} className="mt-1 text-xs text-gray-500">
        Entrée pour ajouter. L’étiquette « A la une » met l’article en avant sur l’accueil.
      </p>
      <p
        id={`${id}-etat`}
        aria-live="polite"
        className={isWarning ? 'mt-1 text-sm text-amber-800' : 'sr-only'}
      >
        {message}
      </p>
      {tags.length > 0 ? (
        <ul aria-label="Étiquettes de l’article" className="mt-2 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-1 pr-1 pl-3 text-sm text-gray-800"
            >
              {tag}
              <button
                type="button"
                aria-label={`Retirer l’étiquette ${tag}`}
                onClick={() => remove(tag)}
                className="rounded-full p-0.5 text-gray-500 hover:bg-gray-200 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-sky-600"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
              <input type="hidden" name={name} value={tag} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
