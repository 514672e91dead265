import { Tabs } from 'radix-ui'
import { TextBlock } from './text-block'

const TRIGGER =
  'relative -mb-px border-b-2 border-transparent px-1 pb-3 text-sm font-medium text-gray-500 transition-colors hover:text-gray-900 data-[state=active]:border-gray-900 data-[state=active]:text-gray-900'

/**
 * The episode's 'Description' and 'Transcription' tabs (public spec §2), shown when either exists;
 * an empty one shows 'Aucune description disponible.' / 'Aucune transcription disponible.'.
 * Opens on the first tab that has content.
 */
export function EpisodeTabs({
  description,
  transcription,
}: {
  description: string | null
  transcription: string | null
}) {
  if (!description && !transcription) return null
  return (
    <Tabs.Root defaultValue={description ? 'description' : 'transcription'} className="mt-12">
      <Tabs.List aria-label="Contenu de l'épisode" className="flex gap-8 border-b border-gray-200">
        <Tabs.Trigger value="description" className={TRIGGER}>
          Description
        </Tabs.Trigger>
        <Tabs.Trigger value="transcription" className={TRIGGER}>
          Transcription
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="description" className="pt-6 focus-visible:outline-offset-4">
        {description ? (
          <TextBlock text={description} className="text-gray-700" />
        ) : (
          <p className="text-gray-500">Aucune description disponible.</p>
        )}
      </Tabs.Content>
      <Tabs.Content value="transcription" className="pt-6 focus-visible:outline-offset-4">
        {transcription ? (
          <TextBlock text={transcription} className="text-gray-700" />
        ) : (
          <p className="text-gray-500">Aucune transcription disponible.</p>
        )}
      </Tabs.Content>
    </Tabs.Root>
  )
}
