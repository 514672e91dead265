/**
 * Derives an article slug from its title (back-office spec §5): lowercase, trimmed, everything
 * except letters a-z, digits and spaces removed, spaces to hyphens. Accented letters are first
 * reduced to their base letter ("Été" → "ete") so French titles keep their words.
 *
 * @returns the slug, possibly '' when the title has no usable character.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/ +/g, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * Whether a URL segment is a well-formed slug: 1–200 characters of a-z, 0-9 and hyphens, with at
 * least one letter or digit. Double and trailing hyphens are allowed: the original site's rule made
 * them (`le-sceau-rouge--histoire-et-usages`), and its addresses keep working after an import
 * (issue #33 §3).
 */
export function isSlug(value: string): boolean {
  return value.length <= 200 && /^[a-z0-9-]*[a-z0-9][a-z0-9-]*$/.test(value)
}
