import { Loader2, Save } from 'lucide-react'
import { useCallback, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { ImageUploadField } from '#app/components/admin/image-upload-field'
import { type ControlProps, Field, FieldError } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import { Input, Textarea } from '#app/components/ui/input'
import { Select } from '#app/components/ui/select'
import { HEX_COLOR_PATTERN, type SettingField as Setting } from '#app/lib/admin/settings-schema'
import type { AdminActionData } from '#app/lib/admin-result'
import { ALLOWED_FONTS } from '#app/lib/appearance'
import { MAX_PAGE_SIZE } from '#app/lib/page-sizes'

/**
 * One site setting with its own save (back-office spec §3 "Site setting", §4 "Site title type:
 * switching saves immediately", §8 'Paramètre sauvegardé'): each setting posts `intent=save`,
 * `key` and `value` and is upserted by key on the server. Title type and title image save as soon
 * as they change; the others with their 'Enregistrer' button.
 */
export function SettingField({ field, value }: { field: Setting; value: string }) {
  const fetcher = useFetcher<AdminActionData>()
  const busy = fetcher.state !== 'idle'
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.toast.description : undefined
  const id = useId()
  const save = useCallback(
    (next: string) => fetcher.submit({ intent: 'save', key: field.key, value: next }, { method: 'post' }),
    [fetcher.submit, field.key],
  )

  if (field.kind === 'title-type') {
    const pending = fetcher.formData?.get('value')
    const current = typeof pending === 'string' ? pending : value || 'text'
    return (
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-gray-800">{field.label}</legend>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ['text', 'Texte'],
              ['image', 'Image'],
            ] as const
          ).map(([option, text]) => (
            <label key={option} className="inline-flex items-center gap-2 text-gray-800">
              <input
                type="radio"
                name={`${id}-type`}
                value={option}
                checked={current === option}
                disabled={busy}
                onChange={() => save(option)}
                className="size-4 accent-sky-600"
              />
              {text}
            </label>
          ))}
          {busy ? (
            <Loader2 aria-label="Enregistrement..." className="size-4 animate-spin text-gray-500" />
          ) : null}
        </div>
        <p className="mt-1 text-xs text-gray-500">Le changement est enregistré immédiatement.</p>
        <FieldError errors={error} />
      </fieldset>
    )
  }

  if (field.kind === 'image') {
    return (
      <div>
        <ImageUploadField
          name="value"
          label={field.label}
          folder="site"
          defaultUrl={value || null}
          onChange={save}
        />
        <p className="mt-1 text-xs text-gray-500">Enregistrée dès qu’elle est choisie ou retirée.</p>
        <FieldError errors={error} />
      </div>
    )
  }

  return (
    <fetcher.Form method="post" noValidate>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="key" value={field.key} />
      <Field label={field.label} description={helpText(field)} errors={error}>
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <div className="min-w-0 flex-1">
              <Control field={field} control={control} value={value} />
            </div>
            <Button type="submit" variant="outline" className="shrink-0" disabled={busy}>
              {busy ? (
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Save aria-hidden="true" className="size-4" />
              )}
              {busy ? 'Enregistrement...' : 'Enregistrer'}
              <span className="sr-only"> : {field.label}</span>
            </Button>
          </div>
        )}
      </Field>
    </fetcher.Form>
  )
}

/** The line under a setting: its own help, or what an empty value falls back to (not for fonts). */
function helpText(field: Setting): string | undefined {
  if (field.help) return field.help
  return field.fallback && field.kind !== 'font' ? `Vide : ${field.fallback}` : undefined
}

function Control({ field, control, value }: { field: Setting; control: ControlProps; value: string }) {
  const common = { ...control, name: 'value' }
  switch (field.kind) {
    case 'textarea':
      return <Textarea {...common} rows={3} maxLength={field.max} defaultValue={value} />
    case 'font':
      return <Select {...common} defaultValue={value || field.fallback} options={FONT_OPTIONS} />
    case 'color':
      return (
        <ColorControl
          common={common}
          value={value}
          fallback={field.fallback ?? '#000000'}
          label={field.label}
        />
      )
    case 'yes-no':
      return <Select {...common} defaultValue={value || field.fallback} options={YES_NO_OPTIONS} />
    case 'url':
      return <Input {...common} type="url" inputMode="url" defaultValue={value} placeholder="https://…" />
    case 'choice':
      return <Select {...common} defaultValue={value || field.fallback} options={field.options ?? []} />
    case 'size':
    case 'increments':
      return <Input {...common} defaultValue={value} placeholder={field.fallback} />
    case 'minutes':
    case 'page-size':
      return (
        <Input
          {...common}
          type="number"
          min={field.kind === 'page-size' ? 1 : 0}
          max={field.kind === 'page-size' ? MAX_PAGE_SIZE : 60}
          step={1}
          inputMode="numeric"
          defaultValue={value}
          placeholder={field.fallback}
        />
      )
    default:
      return <Input {...common} maxLength={field.max} defaultValue={value} placeholder={field.fallback} />
  }
}

/** The answers of a yes-or-no setting. */
const YES_NO_OPTIONS = [
  { value: 'non', label: 'Non' },
  { value: 'oui', label: 'Oui' },
]

/** The fonts a font setting offers, by their names. */
const FONT_OPTIONS = ALLOWED_FONTS.map((font) => ({ value: font, label: font }))

/** A colour picker and its hex text kept in step; the text field is the one posted. */
function ColorControl({
  common,
  value,
  fallback,
  label,
}: {
  common: ControlProps & { name: string }
  value: string
  fallback: string
  label: string
}) {
  const [hex, setHex] = useState(value)
  const swatch = HEX_COLOR_PATTERN.test(hex) ? expandHex(hex) : expandHex(fallback)
  return (
    <div className="flex gap-2">
      <input
        type="color"
        aria-label={`${label} (sélecteur)`}
        value={swatch}
        onChange={(event) => setHex(event.currentTarget.value)}
        className="h-10 w-14 shrink-0 cursor-pointer rounded-md border border-gray-300 bg-white p-1"
      />
      <Input
        {...common}
        value={hex}
        placeholder={fallback}
        maxLength={7}
        spellCheck={false}
        onChange={(event) => setHex(event.currentTarget.value)}
      />
    </div>
  )
}

/** '#abc' → '#aabbcc' (the colour input needs six digits). */
function expandHex(hex: string): string {
  const lower = hex.toLowerCase()
  return lower.length === 4 ? `#${lower[1]}${lower[1]}${lower[2]}${lower[2]}${lower[3]}${lower[3]}` : lower
}
