import { Switch } from 'radix-ui'
import { useId } from 'react'

/**
 * An on/off switch with its label (Radix Switch: role="switch", Space/Enter toggle it). Used for
 * the spec's visibility toggles ('Catégorie visible', 'Photo affichée' …).
 *
 * @param name - when given, a hidden input of that name carries 'on'/'' so the switch posts with
 *   its form.
 */
export function VisibilitySwitch({
  label,
  checked,
  onCheckedChange,
  name,
  disabled,
}: {
  label: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  name?: string
  disabled?: boolean
}) {
  const id = useId()
  return (
    <div className="flex items-center gap-3">
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        className="relative h-6 w-11 shrink-0 rounded-full bg-gray-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:opacity-50 data-[state=checked]:bg-green-600"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
      <label htmlFor={id} className="text-sm text-gray-800">
        {label}
      </label>
      {name ? <input type="hidden" name={name} value={checked ? 'on' : ''} /> : null}
    </div>
  )
}
