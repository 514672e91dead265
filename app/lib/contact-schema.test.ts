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

function errors(submission: ReturnType<typeof parse>) {
  return submission.status === 'error' ? submission.error : undefined
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
    expect(errors(submission)?.['']).toEqual([CONTACT_REQUIRED_MESSAGE])
    expect(errors(submission)?.nom).toEqual(['Veuillez indiquer votre nom'])
    expect(errors(submission)?.email).toEqual(['Veuillez indiquer votre adresse email'])
    expect(errors(submission)?.sujet).toEqual(['Veuillez indiquer le sujet de votre message'])
    expect(errors(submission)?.message).toEqual(['Veuillez écrire votre message'])
    expect(contactFormMessage(errors(submission))).toBe(CONTACT_REQUIRED_MESSAGE)
  })

  it('refuses an invalid e-mail address', () => {
    const submission = parse({ ...valid, email: 'camille@' })

    expect(errors(submission)?.email).toEqual([CONTACT_EMAIL_MESSAGE])
    expect(errors(submission)?.['']).toBeUndefined()
    expect(contactFormMessage(errors(submission))).toBe(CONTACT_EMAIL_MESSAGE)
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

    expect(errors(submission)?.nom).toEqual(['Le nom ne doit pas dépasser 200 caractères'])
    expect(errors(submission)?.prenom).toEqual(['Le prénom ne doit pas dépasser 200 caractères'])
    expect(errors(submission)?.email).toEqual(["L'adresse email ne doit pas dépasser 320 caractères"])
    expect(errors(submission)?.telephone).toEqual([
      'Le numéro de téléphone ne doit pas dépasser 30 caractères',
    ])
    expect(errors(submission)?.sujet).toEqual(['Le sujet ne doit pas dépasser 200 caractères'])
    expect(errors(submission)?.message?.[0]).toMatch(/^Le message ne doit pas dépasser 5\s000 caractères$/)
  })

  it('accepts values exactly at the limits', () => {
    const submission = parse({ ...valid, nom: 'n'.repeat(200), message: 'm'.repeat(5000) })

    expect(submission.status).toBe('success')
  })

  it('refuses a phone number with letters', () => {
    expect(errors(parse({ ...valid, telephone: 'appelez-moi' }))?.telephone).toEqual([
      'Veuillez saisir un numéro de téléphone valide',
    ])
  })
})
