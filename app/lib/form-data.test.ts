import { describe, expect, it } from 'vitest'
import { cleanFormData, readForm, stripControlCharacters } from './form-data'

describe('stripControlCharacters', () => {
  it('removes NUL, escape, DEL and C1 controls, keeping tabs, line breaks and accents', () => {
    expect(stripControlCharacters('Cl\u0000ai\u001bre\u007f\u0085\té\r\nà')).toBe('Claire\té\r\nà')
  })
})

describe('cleanFormData', () => {
  it('cleans every text value and file name, keeping the file content and type', async () => {
    const form = new FormData()
    form.append('nom', 'Du\u0000pont')
    form.append('nom', 'second')
    form.append('file', new File([new Uint8Array([0, 1, 2])], 'enc\u0000re.png', { type: 'image/png' }))

    const clean = cleanFormData(form)

    expect(clean.getAll('nom')).toEqual(['Dupont', 'second'])
    const file = clean.get('file') as File
    expect(file.name).toBe('encre.png')
    expect(file.type).toBe('image/png')
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([0, 1, 2])
  })
})

describe('readForm', () => {
  it('reads an urlencoded body with its control characters removed', async () => {
    const request = new Request('http://localhost/', { method: 'POST', body: 'email=a%00%40b.fr&x=%1F1' })
    const form = await readForm(
      new Request(request, { headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    )
    expect(Object.fromEntries(form)).toEqual({ email: 'a@b.fr', x: '1' })
  })

  it('reads a broken multipart body or another content type as an empty form', async () => {
    const broken = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'pas un formulaire',
    })
    const text = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'nom=Dupont',
    })
    expect([...(await readForm(broken))]).toEqual([])
    expect([...(await readForm(text))]).toEqual([])
  })
})
