import { Eye, Loader2, Save, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useAdminForm } from '#app/components/admin/dialog-form'
import { ImageUploadField } from '#app/components/admin/image-upload-field'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch'
import { DateTimeField, FieldError, SelectField, TextareaField, TextField } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import {
  ARTICLE_LIMITS,
  ARTICLE_STATUT_LABELS,
  articleFormSchema,
  articleSchemas,
  normalizeTypedSlug,
} from '#app/lib/admin/article-schema'
import { ARTICLE_TYPE_LABELS, draftPreviewPath } from '#app/lib/article-types'
import { slugify } from '#app/lib/slug'
import { formatZonedDateTimeInput } from '#app/lib/time-zone'
import type { AdminArticle } from '#app/services/articles/list-admin-articles.server'
import { ArticleRevisions } from './article-revisions'
import { ArticleShareLink } from './article-share-link'
import { TagInput } from './tag-input'

/**
 * Opens the preview of what `form` holds now, unsaved (issue #36 §2), in a new tab: its fields are
 * posted to the preview address ({@link draftPreviewPath}) by a form made for the occasion, which
 * the server renders without saving anything.
 *
 * @param form - the article form; `articleId` - the article being edited, undefined for a new one.
 */
function previewUnsaved(form: HTMLFormElement | null, articleId: string | undefined) {
  if (!form) return
  const sender = document.createElement('form')
  sender.method = 'post'
  sender.action = draftPreviewPath(articleId)
  sender.target = '_blank'
  sender.hidden = true
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string' || name === 'intent' || name === 'id') continue
    const input = document.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    sender.append(input)
  }
  document.body.append(sender)
  sender.submit()
  sender.remove()
}

/**
 * The article form (back-office spec §2 "Articles", §3–§5): create when `article` is undefined,
 * else edit it. Titre and contenu required; empty slug derived from the title (preview shown);
 * statut (Brouillon by default) and type (Article by default); publication date in the site's
 * time zone, set to now by the server when publishing without one; tags; visibility (hidden by
 * default). Closes through `onDone` after a successful save. `Aperçu` shows what the form holds,
 * unsaved, as a visitor will see it, in a new tab (issue #36 §2); an article already saved also has
 * its private share link and its versions (issue #11 §3, issue #36 §2).
 */
export function ArticleForm({
  article,
  timeZone,
  onDone,
}: {
  article?: AdminArticle
  timeZone: string
  onDone: () => void
}) {
  const { fetcher, error, field, onSubmit, busy } = useAdminForm(articleFormSchema, {
    failure: articleSchemas.failure[article ? 'update' : 'create'],
    onSuccess: onDone,
  })
  const [titre, setTitre] = useState(article?.titre ?? '')
  const [slug, setSlug] = useState(article?.slug ?? '')
  const [affiche, setAffiche] = useState(article?.affiche ?? false)
  const heading = useRef<HTMLHeadingElement>(null)
  const intent = article ? 'update' : 'create'

  useEffect(() => {
    heading.current?.focus()
  }, [])

  const slugPreview = slug.trim() ? normalizeTypedSlug(slug) : slugify(titre) || 'article'

  return (
    <section
      aria-labelledby="formulaire-article"
      className="mb-8 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2
          id="formulaire-article"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold text-gray-900 focus:outline-none"
        >
          {article ? `Modifier « ${article.titre} »` : 'Nouvel article'}
        </h2>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          <X aria-hidden="true" className="size-4" />
          Annuler
        </Button>
      </div>
      <fetcher.Form
        method="post"
        className="grid grid-cols-1 gap-4 lg:grid-cols-3"
        noValidate
        onSubmit={onSubmit}
      >
        <input type="hidden" name="intent" value={intent} />
        {article ? <input type="hidden" name="id" value={article.id} /> : null}
        <div className="min-w-0 space-y-4 lg:col-span-2">
          <TextField
            label="Titre"
            name="titre"
            required
            maxLength={ARTICLE_LIMITS.titre}
            value={titre}
            onChange={(event) => setTitre(event.currentTarget.value)}
            errors={error('titre')}
          />
          <TextField
            label="Sous-titre"
            {...field('sous_titre', article?.sous_titre)}
            maxLength={ARTICLE_LIMITS.sousTitre}
          />
          <TextareaField
            label="Extrait"
            {...field('extrait', article?.extrait)}
            rows={3}
            maxLength={ARTICLE_LIMITS.extrait}
          />
          <div>
            <RichTextEditor
              name="contenu"
              label="Contenu"
              defaultValue={article?.contenu ?? ''}
              height={150}
            />
            <FieldError errors={error('contenu')} />
          </div>
          <TagInput name="tags" defaultValue={article?.tags ?? []} />
        </div>
        <div className="min-w-0 space-y-4">
          <TextField
            label="Slug"
            name="slug"
            maxLength={ARTICLE_LIMITS.slug}
            value={slug}
            onChange={(event) => setSlug(event.currentTarget.value)}
            description={`Adresse : /blog/${slugPreview}. Laissé vide, il est tiré du titre (accents retirés).`}
            errors={error('slug')}
          />
          <SelectField
            label="Statut"
            {...field('statut', article?.statut ?? 'brouillon')}
            options={ARTICLE_STATUT_LABELS}
          />
          <SelectField
            label="Type"
            {...field('type', article?.type ?? 'article')}
            options={ARTICLE_TYPE_LABELS}
          />
          <DateTimeField
            label="Date de publication"
            {...field(
              'date_publication',
              article?.date_publication &&
                formatZonedDateTimeInput(new Date(article.date_publication), timeZone),
            )}
            description="Vide : la date du jour est mise à la publication."
          />
          <ImageUploadField name="image_url" folder="articles" defaultUrl={article?.image_url} />
          <VisibilitySwitch
            label={affiche ? 'Article affiché' : 'Article masqué'}
            checked={affiche}
            onCheckedChange={setAffiche}
            name="affiche"
          />
          <p className="text-xs text-gray-500">Visible sur le site seulement s’il est aussi publié.</p>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? (
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Save aria-hidden="true" className="size-4" />
            )}
            {busy ? 'Enregistrement...' : article ? 'Enregistrer les modifications' : "Créer l'article"}
          </Button>
          <Button
            variant="outline"
            className="w-full justify-center"
            onClick={(event) => previewUnsaved(event.currentTarget.form, article?.id)}
          >
            <Eye aria-hidden="true" className="size-4" />
            Aperçu
          </Button>
          <p className="text-xs text-gray-500">
            L’aperçu montre le formulaire tel qu’il est, même non enregistré, comme un visiteur le verra.
          </p>
          {article ? <ArticleShareLink articleId={article.id} /> : null}
        </div>
      </fetcher.Form>
      {article ? <ArticleRevisions articleId={article.id} timeZone={timeZone} onRestored={onDone} /> : null}
    </section>
  )
}
