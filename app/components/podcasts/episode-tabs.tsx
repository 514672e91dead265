import { TextBlock } from './text-block'

const TRIGGER =
  'relative -mb-px border-b-2 border-transparent px-1 pb-3 text-sm font-medium text-gray-500 transition-colors hover:text-gray-900 data-[state=active]:border-gray-900 data-[state=active]:text-gray-900'

type TabName = 'description' | 'transcription'

/**
 * The episode's 'Description' and 'Transcription' tabs (public spec §2), shown when either exists;
 * an empty one shows 'Aucune description disponible.' / 'Aucune transcription disponible.'.
 * Opens on the first tab that has content. The WAI-ARIA tabs markup; on the static episode page
 * app/components/enhance/tabs.ts switches them (click, ←/→, Home/End).
 */
export function EpisodeTabs({
  description,
  transcription,
}: {
  description: string | null
  transcription: string | null
}) {
  if (!description && !transcription) return null
  const selected: TabName = description ? 'description' : 'transcription'
  const tabs: { name: TabName; label: string; text: string | null; empty: string }[] = [
    { name: 'description', label: 'Description', text: description, empty: 'Aucune description disponible.' },
    {
      name: 'transcription',
      label: 'Transcription',
      text: transcription,
      empty: 'Aucune transcription disponible.',
    },
  ]
  return (
    <div className="mt-12">
      <div
        role="tablist"
        aria-label="Contenu de l'épisode"
        aria-orientation="horizontal"
        className="flex gap-8 border-b border-gray-200"
      >
        {tabs.map((tab) => (
          <button
            key={tab.name}
            type="button"
            role="tab"
            id={`onglet-${tab.name}`}
            aria-controls={`panneau-${tab.name}`}
            aria-selected={tab.name === selected}
            data-state={tab.name === selected ? 'active' : 'inactive'}
            tabIndex={tab.name === selected ? 0 : -1}
            className={TRIGGER}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.name}
          role="tabpanel"
          id={`panneau-${tab.name}`}
          aria-labelledby={`onglet-${tab.name}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes the focus after its tab (WAI-ARIA tabs pattern, as Radix Tabs did)
          tabIndex={0}
          hidden={tab.name !== selected}
          data-state={tab.name === selected ? 'active' : 'inactive'}
          className="pt-6 focus-visible:outline-offset-4"
        >
          {tab.text ? (
            <TextBlock text={tab.text} className="text-gray-700" />
          ) : (
            <p className="text-gray-500">{tab.empty}</p>
          )}
        </div>
      ))}
    </div>
  )
}
