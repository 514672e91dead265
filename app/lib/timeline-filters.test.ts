import { describe, expect, it } from 'vitest'
import { EVENEMENT_TYPES } from '#app/db/schema'
import {
  emptyTimelineMessage,
  eventTypeLabel,
  parseTimelineFilters,
  TIMELINE_TYPES,
  timelineHref,
} from './timeline-filters'

const parse = (query: string) => parseTimelineFilters(new URLSearchParams(query))

describe('parseTimelineFilters', () => {
  it('reads a 4-digit year and a known type', () => {
    expect(parse('annee=2024&type=prix')).toEqual({ filters: { annee: 2024, type: 'prix' }, isValid: true })
    expect(parse('')).toEqual({ filters: { annee: null, type: null }, isValid: true })
    expect(parse('annee=&type=')).toEqual({ filters: { annee: null, type: null }, isValid: true })
  })

  it.each([
    'annee=abc',
    'annee=-1',
    'annee=20245',
    'annee=2024.5',
    'annee=%27%20OR%201%3D1--',
    `annee=${'9'.repeat(10_000)}`,
    'type=<script>',
    'type=Prix',
    'type=constructor',
    `type=${'x'.repeat(10_000)}`,
    'annee=2024&annee=2023',
  ])('drops %s and marks the filters invalid', (query) => {
    const { filters, isValid } = parse(query)
    expect(isValid).toBe(false)
    expect(filters.annee === null || filters.annee === 2024).toBe(true)
    expect(filters.type).toBeNull()
  })

  it('keeps the valid filter next to an invalid one', () => {
    expect(parse('annee=2023&type=bidon')).toEqual({ filters: { annee: 2023, type: null }, isValid: false })
  })
})

describe('eventTypeLabel', () => {
  it('names each type in French, anything else Autre', () => {
    expect(TIMELINE_TYPES.map(eventTypeLabel)).toEqual([
      'Exposition',
      'Prix',
      'Formation',
      'Collaboration',
      'Projet',
      'Autre',
    ])
    expect(eventTypeLabel('concert')).toBe('Autre')
    expect(eventTypeLabel('toString')).toBe('Autre')
  })

  it('lists the same types as the schema', () => {
    expect([...TIMELINE_TYPES]).toEqual([...EVENEMENT_TYPES])
  })
})

describe('timelineHref', () => {
  it('leaves out "all" values', () => {
    expect(timelineHref({ annee: null, type: null })).toBe('/parcours')
    expect(timelineHref({ annee: 2024, type: null })).toBe('/parcours?annee=2024')
    expect(timelineHref({ annee: null, type: 'prix' })).toBe('/parcours?type=prix')
    expect(timelineHref({ annee: 2024, type: 'prix' })).toBe('/parcours?annee=2024&type=prix')
  })
})

describe('emptyTimelineMessage', () => {
  it('has one message per filter combination', () => {
    expect(emptyTimelineMessage({ annee: null, type: null }, false)).toBe(
      'Aucun événement à afficher pour le moment',
    )
    expect(emptyTimelineMessage({ annee: 2024, type: 'prix' }, false)).toBe(
      'Aucun événement à afficher pour le moment',
    )
    expect(emptyTimelineMessage({ annee: 2019, type: null }, true)).toBe(
      "Aucun événement à afficher pour l'année 2019",
    )
    expect(emptyTimelineMessage({ annee: null, type: 'prix' }, true)).toBe(
      'Aucun événement à afficher dans la catégorie « Prix »',
    )
    expect(emptyTimelineMessage({ annee: 2019, type: 'formation' }, true)).toBe(
      "Aucun événement à afficher dans la catégorie « Formation » pour l'année 2019",
    )
  })
})
