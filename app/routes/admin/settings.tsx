import { AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { SettingField } from '#app/components/admin/publishing/setting-field'
import { adminAction, adminLoader, defineIntent } from '#app/http/admin-action.server'
import { SETTING_SECTIONS, settingFormSchema } from '#app/lib/admin/settings-schema'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { saveSiteSetting } from '#app/services/settings/save-site-setting.server'
import type { Route } from './+types/settings'

export const meta: Route.MetaFunction = () => adminMeta('Paramètres du site')

/** /admin/settings (back-office spec §2 "Site settings"): every setting's stored value (key → value). */
export const loader = adminLoader(async (_args: Route.LoaderArgs) => ({ settings: await getSiteSettings() }))

/** The spec's failure text of a setting (back-office spec §8). */
const SAVE_FAILED = 'Une erreur est survenue lors de la sauvegarde.'

/** Intent: save (one setting, back-office spec §7 "settings: upsert by setting_key"). */
export const action = adminAction<Route.ActionArgs>({
  save: defineIntent({
    schema: settingFormSchema,
    run: (setting) => saveSiteSetting(setting),
    success: { title: 'Paramètre sauvegardé', description: 'Le paramètre a été mis à jour avec succès.' },
    failure: SAVE_FAILED,
    // A setting's field shows no message of its own: the toast says what is wrong.
    refusal: 'first-error',
  }),
})

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData
  return (
    <AdminPage
      title="Paramètres du site"
      description="Titre, polices, boutons, couleurs, pied de page et réseaux sociaux. Chaque paramètre s’enregistre séparément ; le site public l’affiche dès la page suivante."
    >
      <nav aria-label="Sections des paramètres" className="mb-6 flex flex-wrap gap-2">
        {SETTING_SECTIONS.map((section) => (
          <a
            key={section.id}
            href={`#${section.id}`}
            className="rounded-full border border-gray-300 bg-white px-3 py-1 text-sm text-gray-700 hover:bg-gray-100"
          >
            {section.title}
          </a>
        ))}
      </nav>
      <div className="space-y-6">
        {SETTING_SECTIONS.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-titre`}
            className="scroll-mt-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <h2 id={`${section.id}-titre`} className="mb-4 text-lg font-semibold text-gray-900">
              {section.title}
            </h2>
            <div className="grid gap-6 md:grid-cols-2">
              {section.fields.map((field) => (
                <div
                  key={field.key}
                  className={field.kind === 'textarea' || field.kind === 'image' ? 'md:col-span-2' : ''}
                >
                  <SettingField field={field} value={settings[field.key] ?? ''} />
                </div>
              ))}
            </div>
          </section>
        ))}
      </div>
    </AdminPage>
  )
}
