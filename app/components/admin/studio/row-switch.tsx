import { Switch } from 'radix-ui'

/**
 * The one-click toggle of a table row or list item (back-office spec §4: season affichee, episode
 * publie, photo visibility): a Radix switch named after the row (e.g. 'Publier « Épisode 1 »'),
 * its state written next to it ('Publié' / 'Masqué').
 */
export function RowSwitch({
  label,
  checked,
  onLabel,
  offLabel,
  disabled,
  onCheckedChange,
}: {
  label: string
  checked: boolean
  onLabel: string
  offLabel: string
  disabled?: boolean
  onCheckedChange: (checked: boolean) => void
}) {
  return (
    <div className="flex items-center gap-2">
      <Switch.Root
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-label={label}
        className="relative h-6 w-11 shrink-0 rounded-full bg-gray-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:opacity-60 data-[state=checked]:bg-green-600"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
      <span aria-hidden="true" className={`text-sm ${checked ? 'text-green-800' : 'text-gray-600'}`}>
        {checked ? onLabel : offLabel}
      </span>
    </div>
  )
}
