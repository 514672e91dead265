import { describe, expect, it } from 'vitest'
import { articleBadge } from './article-badge'

describe('articleBadge (issue #36 §6)', () => {
  it('shows a scheduled article as « Programmé » with its date, never the green « Publié »', () => {
    const badge = articleBadge(
      { statut: 'publie', isScheduled: true, date_publication: '2026-12-03T08:00:00.000Z' },
      'Europe/Paris',
    )
    expect(badge.label).toBe('Programmé · 3 décembre 2026 à 09:00')
    expect(badge.className).not.toContain('green')
  })

  it('shows a published article as « Publié » in green, a draft as « Brouillon »', () => {
    const published = articleBadge(
      { statut: 'publie', isScheduled: false, date_publication: '2026-01-03T08:00:00.000Z' },
      'Europe/Paris',
    )
    expect(published).toEqual({ label: 'Publié', className: 'bg-green-100 text-green-900' })
    expect(
      articleBadge({ statut: 'brouillon', isScheduled: false, date_publication: null }, 'UTC').label,
    ).toBe('Brouillon')
  })
})
