import { Loader2, Save } from 'lucide-react'
import { useCallback, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { ImageUploadField } from '#app/components/admin/image-upload-field'
import { type SettingField as Field, HEX_COLOR_PATTERN } from '#app/lib/admin/settings-schema'
import type { AdminActionData } from '#app/lib/admin-result'
import { ALLOWED_FONTS } from '#app/lib/appearance'
import { FieldError, INPUT_CLASS } from './field'

/**
 * One site setting with its own save (back-office spec §3 "Site setting", §4 "Site title type:
 * switching saves immediately", §8 'Paramètre sauvegardé'): each setting posts `intent=save`,
 * `key` and `value` and is upserted by key on the server. Title type and title image save as soon
 * as they change; the others with their 'Enregistrer' button.
 */
export function SettingField({ field, value }: { field: Field; value: string }) {
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
        <FieldError id={`${id}-erreur`} message={error} />
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
        <FieldError id={`${id}-erreur`} message={error} />
      </div>
    )
  }

  return (
    <fetcher.Form method="post" noValidate>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="key" value={field.key} />
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {field.label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <Control field={field} id={id} value={value} invalid={Boolean(error)} />
        </div>
        <button type="submit" className="btn btn-outline shrink-0" disabled={busy}>
          {busy ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Save aria-hidden="true" className="size-4" />
          )}
          {busy ? 'Enregistrement...' : 'Enregistrer'}
          <span className="sr-only"> : {field.label}</span>
        </button>
      </div>
      {helpText(field) ? (
        <p id={`${id}-aide`} className="mt-1 text-xs text-gray-500">
          {helpText(field)}
        </p>
      ) : null}
      <FieldError id={`${id}-erreur`} message={error} />
    </fetcher.Form>
  )
}

/** The line under a setting: its own help, or what an empty value falls back to (not for fonts). */
function helpText(field: Field): string | undefined {
  if (field.help) return field.help
  return field.fallback && field.kind !== 'font' ? `Vide : ${field.fallback}` : undefined
}

function Control({
  field,
  id,
  value,
  invalid,
}: {
  field: Field
  id: string
  value: string
  invalid: boolean
}) {
  const described = [helpText(field) ? `${id}-aide` : '', invalid ? `${id}-erreur` : '']
    .filter(Boolean)
    .join(' ')
  const common = {
    id,
    name: 'value',
    'aria-invalid': invalid || undefined,
    'aria-describedby': described || undefined,
    className: INPUT_CLASS,
  }
  switch (field.kind) {
    case 'textarea':
      return <textarea {...common} rows={3} maxLength={field.max} defaultValue={value} />
    case 'font':
      return (
        <select {...common} defaultValue={value || field.fallback}>
          {ALLOWED_FONTS.map((font) => (
            <option key={font} value={font}>
              {font}
            </option>
          ))}
        </select>
      )
    case 'color':
      return (
        <ColorControl
          common={common}
          value={value}
          fallback={field.fallback ?? '#000000'}
          label={field.label}
        />
      )
    case 'url':
      return <input {...common} type="url" inputMode="url" defaultValue={value} placeholder="https://…" />
    case 'size':
      return <input {...common} type="text" defaultValue={value} placeholder={field.fallback} />
    case 'minutes':
      return (
        <input
          {...common}
          type="number"
          min={0}
          max={60}
          step={1}
          inputMode="numeric"
          defaultValue={value}
          placeholder={field.fallback}
        />
      )
    default:
      return (
        <input
          {...common}
          type="text"
          maxLength={field.max}
          defaultValue={value}
          placeholder={field.fallback}
        />
      )
  }
}

/** A colour picker and its hex text kept in step; the text field is the one posted. */
function ColorControl({
  common,
  value,
  fallback,
  label,
}: {
  common: Record<string, unknown> & { id: string; className: string }
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
      <input
        {...common}
        type="text"
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
