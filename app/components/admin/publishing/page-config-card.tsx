import { Loader2, Save } from 'lucide-react'
import { useState } from 'react'
import { BannerFields } from '#app/components/admin/banner-fields'
import { useAdminForm } from '#app/components/admin/dialog-form'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch'
import { OrderField, TextField } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import { PAGE_LABELS, pageConfigFormSchema } from '#app/lib/admin/page-schema'
import { PAGE_DEFAULTS, PAGE_NAMES, type PageName } from '#app/lib/pages'
import type { AdminPageConfig } from '#app/services/pages/list-page-configs.server'

function isPageName(value: string): value is PageName {
  return (PAGE_NAMES as readonly string[]).includes(value)
}

/**
 * One page's configuration card (back-office spec §2 "Page configuration", §3 "Page config"):
 * title, rich-text description, banner image and its CSS sizes, menu name, order, visibility in the
 * menu and address, saved together ('Configuration sauvegardée').
 */
export function PageConfigCard({ page }: { page: AdminPageConfig }) {
  const { fetcher, error, field, onSubmit, busy } = useAdminForm(pageConfigFormSchema, {
    failure: 'Une erreur est survenue lors de la sauvegarde',
  })
  const [showInMenu, setShowInMenu] = useState(page.show_in_menu)
  const defaults = isPageName(page.page_name) ? PAGE_DEFAULTS[page.page_name] : undefined
  const label = isPageName(page.page_name) ? PAGE_LABELS[page.page_name] : page.page_name
  const headingId = `page-${page.page_name}`

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          {label}
        </h2>
        <code className="text-xs text-gray-500">{page.page_name}</code>
      </div>
      <fetcher.Form method="post" className="space-y-4" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={page.id} />
        <TextField
          label="Titre"
          {...field('titre', page.titre)}
          maxLength={200}
          placeholder={defaults?.titre}
          required={page.page_name === 'parcours'}
        />
        <BannerFields
          values={page}
          error={error}
          hints={{
            height: { placeholder: defaults?.imageHeight, description: 'px, vh, vw, rem ou % (ex. 300px)' },
            width: { placeholder: defaults?.imageWidth, description: 'px, vh, vw, rem ou % (ex. 100%)' },
          }}
        />
        <fieldset className="space-y-4 rounded-md border border-gray-200 p-4">
          <legend className="px-1 text-sm font-medium text-gray-800">Menu</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Nom dans le menu"
              {...field('menu_name', page.menu_name)}
              maxLength={60}
              placeholder={defaults?.menuName}
            />
            <OrderField
              label="Ordre dans le menu"
              {...field('menu_order', String(page.menu_order))}
              description="Nombre entier ; 0 si vide."
            />
          </div>
          <TextField
            label="Adresse de la page"
            {...field('page_url', page.page_url)}
            maxLength={300}
            placeholder={defaults?.url}
          />
          <VisibilitySwitch
            label="Afficher dans le menu"
            checked={showInMenu}
            onCheckedChange={setShowInMenu}
            name="show_in_menu"
          />
        </fieldset>
        <Button type="submit" disabled={busy}>
          {busy ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Save aria-hidden="true" className="size-4" />
          )}
          {busy ? 'Enregistrement...' : 'Enregistrer'}
        </Button>
      </fetcher.Form>
    </section>
  )
}
