import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import {
  CONTACT_EMAIL_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  contactFormMessage,
  contactSchema,
} from './contact-schema'

function parse(fields: Record<string, string>) {
  const formData = new FormData()
  for (const [key, value] of Object.entries(fields)) formData.set(key, value)
  return parseWithZod(formData, { schema: contactSchema })
}

const valid = {
  nom: 'Dupont',
  prenom: 'Camille',
  email: 'camille@exemple.fr',
  telephone: '+33 6 12 34 56 78',
  sujet: 'Commande',
  message: 'Bonjour,\nje voudrais une calligraphie.',
}

describe('contactSchema', () => {
  it('accepts a complete form, trims values and keeps the message line breaks', () => {
    const submission = parse({ ...valid, nom: '  Dupont ', sujet: 'Commande\r\n  urgente' })

    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({
      ...valid,
      sujet: 'Commande urgente',
    })
  })

  it('accepts a form without the optional Prénom and Téléphone', () => {
    const submission = parse({ nom: 'D', email: 'd@exemple.fr', sujet: 'S', message: 'M' })

    expect(submission.status).toBe('success')
  })

  it('refuses missing required fields with the form-level and per-field messages', () => {
    const submission = parse({ prenom: 'Camille', message: '   ' })

    expect(submission.status).toBe('error')
    expect(submission.error?.['']).toEqual([CONTACT_REQUIRED_MESSAGE])
    expect(submission.error?.nom).toEqual(['Veuillez indiquer votre nom'])
    expect(submission.error?.email).toEqual(['Veuillez indiquer votre adresse email'])
    expect(submission.error?.sujet).toEqual(['Veuillez indiquer le sujet de votre message'])
    expect(submission.error?.message).toEqual(['Veuillez écrire votre message'])
    expect(contactFormMessage(submission.error)).toBe(CONTACT_REQUIRED_MESSAGE)
  })

  it('refuses an invalid e-mail address', () => {
    const submission = parse({ ...valid, email: 'camille@' })

    expect(submission.error?.email).toEqual([CONTACT_EMAIL_MESSAGE])
    expect(submission.error?.['']).toBeUndefined()
    expect(contactFormMessage(submission.error)).toBe(CONTACT_EMAIL_MESSAGE)
  })

  it('refuses values over the length limits with French messages', () => {
    const submission = parse({
      ...valid,
      nom: 'n'.repeat(201),
      prenom: 'p'.repeat(201),
      email: `${'e'.repeat(312)}@exemple.fr`,
      telephone: '1'.repeat(31),
      sujet: 's'.repeat(201),
      message: 'm'.repeat(5001),
    })

    expect(submission.error?.nom).toEqual(['Le nom ne doit pas dépasser 200 caractères'])
    expect(submission.error?.prenom).toEqual(['Le prénom ne doit pas dépasser 200 caractères'])
    expect(submission.error?.email).toEqual(["L'adresse email ne doit pas dépasser 320 caractères"])
    expect(submission.error?.telephone).toEqual(['Le numéro de téléphone ne doit pas dépasser 30 caractères'])
    expect(submission.error?.sujet).toEqual(['Le sujet ne doit pas dépasser 200 caractères'])
    expect(submission.error?.message?.[0]).toMatch(/^Le message ne doit pas dépasser 5\s000 caractères$/)
  })

  it('accepts values exactly at the limits', () => {
    const submission = parse({ ...valid, nom: 'n'.repeat(200), message: 'm'.repeat(5000) })

    expect(submission.status).toBe('success')
  })

  it('refuses a phone number with letters', () => {
    expect(parse({ ...valid, telephone: 'appelez-moi' }).error?.telephone).toEqual([
      'Veuillez saisir un numéro de téléphone valide',
    ])
  })
})
