import { useId, useState } from 'react'
import { Switch } from '#app/components/ui/switch'

/**
 * The back-office's visibility toggle (back-office spec §4: 'Catégorie visible', 'Photo affichée',
 * a season's affichee, an episode's publie…), a Radix switch (role="switch", Space/Enter toggle
 * it), in one of two forms:
 * - in a form or a card, `label` is written beside it ('Article affiché');
 * - in a table row, with `states`, the switch is named after its row by `label` (e.g. "Publier
 *   l'épisode « Épisode 1 »") and its state is written beside it ('Publié' / 'Masqué').
 *
 * @param name - when given, a hidden input of that name carries 'on'/'' so the switch posts with
 *   its form.
 * @param states - the words of the state shown beside a row's switch, when on and when off.
 */
export function VisibilitySwitch({
  label,
  checked,
  onCheckedChange,
  name,
  disabled,
  states,
}: {
  label: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  name?: string
  disabled?: boolean
  states?: { on: string; off: string }
}) {
  const id = useId()
  const posted = name ? <input type="hidden" name={name} value={checked ? 'on' : ''} /> : null
  if (states) {
    return (
      <div className="flex items-center gap-2">
        <Switch checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} aria-label={label} />
        <span aria-hidden="true" className={`text-sm ${checked ? 'text-green-800' : 'text-gray-600'}`}>
          {checked ? states.on : states.off}
        </span>
        {posted}
      </div>
    )
  }
  return (
    <div className="flex items-center gap-3">
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} />
      <label htmlFor={id} className="text-sm text-gray-800">
        {label}
      </label>
      {posted}
    </div>
  )
}

/**
 * A form's {@link VisibilitySwitch} holding its own state: it starts from `defaultChecked` each
 * time it mounts (in a dialog form, each time the dialog opens) and posts 'on'/'' as `name`.
 *
 * @param label - the words beside it, or a function of its state giving them (e.g. 'Photo
 *   affichée' / 'Photo masquée').
 * @param name - the form field it posts.
 * @param defaultChecked - its state when it mounts.
 */
export function FormVisibilitySwitch({
  label,
  name,
  defaultChecked,
}: {
  label: string | ((checked: boolean) => string)
  name: string
  defaultChecked: boolean
}) {
  const [checked, setChecked] = useState(defaultChecked)
  return (
    <VisibilitySwitch
      label={typeof label === 'function' ? label(checked) : label}
      checked={checked}
      onCheckedChange={setChecked}
      name={name}
    />
  )
}
