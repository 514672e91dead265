import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { siteSettings } from '#app/db/schema'
import { INVALID_IMAGE_ADDRESS, type SettingInput } from '#app/lib/admin/settings-schema'
import { refused } from '#app/lib/use-case-error'
import { releaseMedia } from '#app/media/release-media.server'
import { getStorage } from '#app/media/storage.server'

/**
 * Saves one site setting by key (back-office spec §7 "the settings table is upserted by
 * setting_key with setting_type text"), checked by settingFormSchema (allowed keys only; colours,
 * sizes, fonts, URLs). An empty value is stored as null, so the public site falls back
 * to its default. The public pages read the settings on every request (root loader), so the change
 * shows on the next page load. The title image must be a file of the configured storage (an
 * upload, `/uploads/…` or `S3_PUBLIC_URL/…`); a replaced one is released after commit.
 *
 * @param setting.key - setting_key, e.g. 'site_title'.
 * @param setting.value - the checked value, null to clear it.
 * @throws UseCaseError (refused) when the title image is not an uploaded file; unexpected database errors.
 */
export async function saveSiteSetting(
  { key, value }: SettingInput,
  executor: Executor = getDb(),
): Promise<void> {
  if (key === 'site_title_image' && value && !getStorage().keyOf(value)) {
    throw refused(INVALID_IMAGE_ADDRESS, { [key]: [INVALID_IMAGE_ADDRESS] })
  }
  const previous = await executor.transaction(async (tx) => {
    const [existing] = await tx
      .select({ value: siteSettings.setting_value })
      .from(siteSettings)
      .where(eq(siteSettings.setting_key, key))
    await tx
      .insert(siteSettings)
      .values({ setting_key: key, setting_value: value, setting_type: 'text' })
      .onConflictDoUpdate({
        target: siteSettings.setting_key,
        set: { setting_value: value, setting_type: 'text', modifie_le: new Date() },
      })
    return existing?.value ?? null
  })
  if (key === 'site_title_image' && previous && previous !== value) await releaseMedia([previous])
}
