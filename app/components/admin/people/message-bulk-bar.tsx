import { Archive, MailOpen, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form, useNavigation, useSubmit } from 'react-router'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { Button } from '#app/components/ui/button'
import type { MessageFilter } from '#app/lib/admin/message-schema'
import { countLabel } from '#app/lib/pagination'

/** The id of the bulk form: each message card's checkbox belongs to it (`form=` attribute). */
export const MESSAGE_BULK_FORM = 'messages-lot'

/**
 * The bulk actions of /admin/messages (issue #35 §2): « Marquer comme lu », « Archiver » and
 * « Supprimer » on the ticked messages or on every message of the tab matching the search (the
 * spam case). One POST form (intent `bulk`), so it works without JavaScript; with JavaScript a
 * deletion asks for confirmation first and « Tout sélectionner » ticks the page's messages.
 *
 * @param filter - the tab shown (kept for « tous les messages correspondants »).
 * @param q - the search shown.
 * @param matching - how many messages the tab and the search match.
 */
export function MessageBulkBar({
  filter,
  q,
  matching,
}: {
  filter: MessageFilter
  q: string
  matching: number
}) {
  const form = useRef<HTMLFormElement>(null)
  const submit = useSubmit()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'bulk'
  const [hydrated, setHydrated] = useState(false)
  const [scope, setScope] = useState<'selection' | 'tout'>('selection')
  useEffect(() => setHydrated(true), [])
  const everything = countLabel(matching, 'message correspondant', 'messages correspondants')

  const tickAll = (checked: boolean) => {
    for (const box of document.querySelectorAll<HTMLInputElement>(
      `input[form="${MESSAGE_BULK_FORM}"][name="ids"]`,
    ))
      box.checked = checked
  }
  const remove = () => {
    if (!form.current) return
    const data = new FormData(form.current)
    data.set('operation', 'supprimer')
    submit(data, { method: 'post' })
  }

  return (
    <Form
      ref={form}
      id={MESSAGE_BULK_FORM}
      method="post"
      aria-label="Actions groupées"
      className="mb-4 flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-3 sm:flex-row sm:flex-wrap sm:items-center"
    >
      <input type="hidden" name="intent" value="bulk" />
      <input type="hidden" name="filtre" value={filter} />
      <input type="hidden" name="q" value={q} />
      {hydrated ? (
        <label className="inline-flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            className="size-4"
            onChange={(event) => tickAll(event.currentTarget.checked)}
          />
          Tout sélectionner sur la page
        </label>
      ) : null}
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-800">
        <legend className="sr-only">Appliquer à</legend>
        {(
          [
            ['selection', 'Messages sélectionnés'],
            ['tout', `Les ${everything}`],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name="portee"
              value={value}
              checked={scope === value}
              onChange={() => setScope(value)}
              className="size-4"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        <Button type="submit" name="operation" value="lire" variant="outline" disabled={busy}>
          <MailOpen aria-hidden="true" className="size-4" />
          Marquer comme lu
        </Button>
        <Button type="submit" name="operation" value="archiver" variant="outline" disabled={busy}>
          <Archive aria-hidden="true" className="size-4" />
          Archiver
        </Button>
        {hydrated ? (
          <ConfirmDialog
            title="Supprimer les messages"
            description={
              scope === 'tout'
                ? `Supprimer les ${everything} ? Cette action est irréversible.`
                : 'Supprimer les messages sélectionnés ? Cette action est irréversible.'
            }
            onConfirm={remove}
            trigger={
              <Button type="button" variant="danger-outline" disabled={busy}>
                <Trash2 aria-hidden="true" className="size-4" />
                Supprimer
              </Button>
            }
          />
        ) : (
          <Button type="submit" name="operation" value="supprimer" variant="danger-outline">
            <Trash2 aria-hidden="true" className="size-4" />
            Supprimer
          </Button>
        )}
      </div>
    </Form>
  )
}
