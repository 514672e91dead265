import { describe, expect, it } from 'vitest'
import { checkMultiUploadFiles } from './atelier-schema'

const MB = 1024 * 1024
const file = (name: string, type: string, size: number) => ({ name, type, size })

describe('checkMultiUploadFiles (back-office spec §5 multi-upload)', () => {
  it('refuses more than 10 files outright', () => {
    const files = Array.from({ length: 11 }, (_, index) => file(`${index}.png`, 'image/png', 1000))
    expect(checkMultiUploadFiles(files)).toEqual({
      tooMany: 'Vous ne pouvez sélectionner que 10 fichiers maximum',
    })
    expect(checkMultiUploadFiles(files.slice(0, 10))).toMatchObject({ refused: [] })
  })

  it('keeps images of 5 MB at most and names each refused file', () => {
    const ok = file('encre.png', 'image/png', 5 * MB)
    const result = checkMultiUploadFiles([
      ok,
      file('notes.txt', 'text/plain', 10),
      file('grand.jpg', 'image/jpeg', 5 * MB + 1),
    ])
    expect(result).toEqual({
      accepted: [ok],
      refused: ["notes.txt n'est pas une image valide", 'grand.jpg est trop volumineux (max 5MB)'],
    })
  })
})
