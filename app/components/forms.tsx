import { CircleAlert, CircleCheck } from 'lucide-react'
import { type ComponentProps, type ReactNode, useId } from 'react'
import { useFetchers } from 'react-router'
import { cn } from '#app/components/ui/cn'
import { type ControlTone, Input, Textarea } from '#app/components/ui/input'
import { Label } from '#app/components/ui/label'
import { Select, type SelectOption } from '#app/components/ui/select'
import { timeZoneLabel } from '#app/lib/time-zone'
import { useTimeZone } from '#app/lib/use-time-zone'

/*
 * The site's one form kit (issue #9 §2): a labelled control with its help line and its French
 * error, linked for screen readers (aria-invalid, aria-describedby). The ids follow Conform's:
 * a field `id` has its error at `${id}-error` and its help at `${id}-description`, so a Conform
 * field's metadata (`getInputProps(field, …)`, `field.errors`) plugs in as is.
 */

/**
 * A field's French errors as the screens hold them: one message (a back-office answer's
 * `fieldError(…)`), a list (a refused form's `fieldErrors[name]`, Conform's `field.errors`) or none.
 */
export type FieldErrors = string | ReadonlyArray<string> | null | undefined

/** The first message of a field's errors, or undefined. */
export function firstError(errors: FieldErrors): string | undefined {
  return (typeof errors === 'string' ? errors : errors?.[0]) || undefined
}

/** What a kit field takes from its form: its name, its starting value and its French errors. */
export type BoundField = { name: string; defaultValue: string | number; errors: FieldErrors }

/**
 * Binds the kit's fields to a form's errors, so a field names its control once:
 * `const field = fieldBinder((name) => errors[name])`, then
 * `<TextField label="Nom" {...field('nom', row?.nom)} />`.
 *
 * @param errorsOf - the errors of a field, by its name.
 * @returns `field(name, value)`: the name, the starting value ('' for null or none) and the errors.
 */
export function fieldBinder(errorsOf: (name: string) => FieldErrors) {
  return (name: string, value?: string | number | null): BoundField => ({
    name,
    defaultValue: value ?? '',
    errors: errorsOf(name),
  })
}

/**
 * Whether any back-office call is running on the page — a save, a delete or an image upload
 * (back-office spec §4: "a shared loading flag disables submit and delete buttons during calls").
 */
export function useIsBusy(): boolean {
  return useFetchers().some((fetcher) => fetcher.state !== 'idle')
}

/**
 * A field's French error, under its control. On the back-office it is announced as it appears
 * (role="alert": the answer comes without a new page); on the public pages the page's answer
 * focuses the first invalid field, which reads it (aria-describedby), after an icon.
 *
 * @param id - the id the control's aria-describedby names (`${fieldId}-error`).
 * @param errors - the field's errors; nothing is drawn without one.
 */
export function FieldError({
  id,
  errors,
  tone = 'admin',
}: {
  id?: string
  errors: FieldErrors
  tone?: ControlTone
}) {
  const message = firstError(errors)
  if (!message) return null
  if (tone === 'admin') {
    return (
      <p id={id} role="alert" className="mt-1 text-sm text-red-700">
        {message}
      </p>
    )
  }
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  )
}

/**
 * Several French messages in one red box, announced as it appears (e.g. the files the studio's
 * multi-upload refused, back-office spec §8).
 */
export function ErrorList({ messages }: { messages: ReadonlyArray<string> }) {
  if (messages.length === 0) return null
  return (
    <ul
      role="alert"
      className="space-y-1 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  )
}

/**
 * A form's answer in a box with its icon, title and French message: a success (green,
 * role="status") or an error (red, role="alert") — the public forms' answers shown inside the page
 * for browsers without JavaScript (public spec §8).
 *
 * @param tone - 'success' or 'error'.
 * @param title - the bold first line, e.g. 'Erreur'.
 * @param message - the sentence under it (text-sm).
 * @param children - what follows the message, e.g. a link.
 * @param className - the box's placement and text size, e.g. 'mt-6 text-sm'.
 */
export function Notice({
  tone,
  title,
  message,
  id,
  className,
  children,
}: {
  tone: 'success' | 'error'
  title: ReactNode
  message: ReactNode
  id?: string
  className?: string
  children?: ReactNode
}) {
  const Icon = tone === 'success' ? CircleCheck : CircleAlert
  return (
    <div
      role={tone === 'success' ? 'status' : 'alert'}
      id={id}
      className={cn(
        'flex gap-3 rounded-lg border p-4',
        tone === 'success'
          ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
          : 'border-red-200 bg-red-50 text-red-900',
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-5 shrink-0', tone === 'success' ? 'text-emerald-600' : 'text-red-600')}
      />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm">{message}</p>
        {children}
      </div>
    </div>
  )
}

/** What a {@link Field} gives its control: its id and its links to the help line and the error. */
export type ControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/** The props every field of the kit takes, besides its control's. */
export type FieldProps = {
  /** The French label, e.g. 'Titre'. */
  label: ReactNode
  /** Draws the required mark (the control's own `required` is the caller's). */
  required?: boolean
  /** The help line under the control, e.g. 'Nombre entier ; 0 si vide.'. */
  description?: ReactNode
  errors?: FieldErrors
  /** The control's id (a Conform field's `id`); a generated one otherwise. */
  id?: string
  tone?: ControlTone
  /** Classes of the field's box (grid placement…). */
  className?: string
}

const DESCRIPTION: Record<ControlTone, string> = {
  admin: 'mt-1 text-xs text-gray-500',
  site: 'mt-1 text-xs text-gray-500',
  auction: 'mt-1 text-xs text-stone-500',
}

/**
 * A labelled control: the label (with its required mark), the control `children` draws with the
 * props it is given (id, aria-invalid, aria-describedby), the help line and the French error.
 *
 * @example
 * <Field label="Titre" required errors={error('titre')}>
 *   {(control) => <Input {...control} name="titre" required />}
 * </Field>
 */
export function Field({
  label,
  required,
  description,
  errors,
  id: givenId,
  tone = 'admin',
  className,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const invalid = firstError(errors) !== undefined
  const descriptionId = `${id}-description`
  const errorId = `${id}-error`
  const describedBy = [description ? descriptionId : null, invalid ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={className}>
      <Label htmlFor={id} tone={tone} required={required}>
        {label}
      </Label>
      {children({ id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy || undefined })}
      {description ? (
        <p id={descriptionId} className={DESCRIPTION[tone]}>
          {description}
        </p>
      ) : null}
      {tone === 'admin' ? (
        <FieldError id={errorId} errors={errors} />
      ) : (
        <div className="mt-1">
          <FieldError id={errorId} errors={errors} tone={tone} />
        </div>
      )}
    </div>
  )
}

/** Splits a field's props from its control's. */
function splitField<Rest extends { required?: boolean }>({
  label,
  description,
  errors,
  id,
  tone,
  className,
  ...control
}: FieldProps & Rest) {
  return { field: { label, description, errors, id, tone, className, required: control.required }, control }
}

/**
 * A labelled text input (any `type` but checkbox or radio): the field's props, then the input's
 * (name, defaultValue, type, ref, a Conform `getInputProps(field, …)`…). `controlClassName` adds
 * classes to the input.
 */
export function TextField(
  props: FieldProps & Omit<ComponentProps<'input'>, 'id' | 'className'> & { controlClassName?: string },
) {
  const { field, control } = splitField(props)
  const { controlClassName, ...input } = control
  return (
    <Field {...field}>
      {(linked) => <Input {...input} {...linked} tone={field.tone} className={controlClassName} />}
    </Field>
  )
}

/**
 * A labelled whole-number input for a row's place in its list ('Ordre', posted as `ordre`; the
 * `integerOrZero` field builder reads it, 0 when empty).
 *
 * @param label - the French label; 'Ordre' unless given (e.g. 'Ordre dans le menu').
 * @param name - the posted name; 'ordre' unless given.
 * @param defaultValue - the stored order.
 */
export function OrderField({
  label = 'Ordre',
  name = 'ordre',
  defaultValue,
  ...field
}: Omit<FieldProps, 'label'> & { label?: ReactNode; name?: string; defaultValue: number | string }) {
  return (
    <TextField
      {...field}
      label={label}
      name={name}
      type="number"
      step={1}
      inputMode="numeric"
      defaultValue={defaultValue}
    />
  )
}

/**
 * A labelled amount in euros (a price, a bid): a number input counting in cents, with the decimal
 * keyboard on phones. Takes {@link TextField}'s props (name, defaultValue, min, required…).
 */
export function EuroField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'step' | 'inputMode'>) {
  return <TextField {...props} type="number" step="0.01" inputMode="decimal" />
}

/** The line under a date field: its own text, then the zone it is read in ('Heure de Paris'). */
function useZoneDescription(description: ReactNode): ReactNode {
  const zone = timeZoneLabel(useTimeZone())
  return description ? (
    <>
      {description} ({zone})
    </>
  ) : (
    zone
  )
}

/**
 * A labelled date and time as the site's clock reads it (the browser's `datetime-local` picker:
 * '2026-03-03T14:05', read in the site's time zone by `parseZonedDateTime`, app/lib/time-zone.ts):
 * an auction's start and end, an article's publication. The zone is written under it
 * ('Heure de Paris', issue #36 §6), after `description` when there is one. Takes
 * {@link TextField}'s props (name, defaultValue, required, description…).
 */
export function DateTimeField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  const description = useZoneDescription(props.description)
  return <TextField {...props} type="datetime-local" description={description} />
}

/**
 * A labelled day read in the site's time zone (the browser's `date` picker, '2026-03-03'): an
 * episode's publication day, which starts at midnight there (`publicationDayStart`). The zone is
 * written under it like {@link DateTimeField}'s. Takes {@link TextField}'s props.
 */
export function ZonedDateField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  const description = useZoneDescription(props.description)
  return <TextField {...props} type="date" description={description} />
}

/** A labelled multi-line text input; `controlClassName` adds classes to the textarea (e.g. 'font-mono'). */
export function TextareaField(
  props: FieldProps & Omit<ComponentProps<'textarea'>, 'id' | 'className'> & { controlClassName?: string },
) {
  const { field, control } = splitField(props)
  const { controlClassName, ...textarea } = control
  return (
    <Field {...field}>
      {(linked) => <Textarea {...textarea} {...linked} tone={field.tone} className={controlClassName} />}
    </Field>
  )
}

/**
 * A labelled native select: its choices are `options` (value → French label, or a list in order)
 * or its `<option>` children.
 */
export function SelectField(
  props: FieldProps &
    Omit<ComponentProps<'select'>, 'id' | 'className'> & {
      options?: Readonly<Record<string, string>> | ReadonlyArray<SelectOption>
    },
) {
  const { field, control } = splitField(props)
  return <Field {...field}>{(linked) => <Select {...control} {...linked} tone={field.tone} />}</Field>
}

/**
 * A checkbox with its label beside it, its help line and its French error (back-office look). It
 * posts 'on' when checked (the `checkbox` field builder of app/lib/admin/form-fields.ts reads it).
 */
export function CheckboxField({
  label,
  description,
  errors,
  id: givenId,
  className,
  ...input
}: Omit<FieldProps, 'tone' | 'required'> & Omit<ComponentProps<'input'>, 'id' | 'className' | 'type'>) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const invalid = firstError(errors) !== undefined
  const describedBy = [description ? `${id}-description` : null, invalid ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          {...input}
          id={id}
          type="checkbox"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy || undefined}
          className="size-4 rounded border-gray-300 accent-sky-600"
        />
        <label htmlFor={id} className="text-sm text-gray-800">
          {label}
        </label>
      </div>
      {description ? (
        <p id={`${id}-description`} className={DESCRIPTION.admin}>
          {description}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  )
}
