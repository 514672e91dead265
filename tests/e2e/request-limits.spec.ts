import { expect, readMails, test } from './fixtures'

test.describe('request limits (issue #2 §7)', () => {
  test('an oversized form post is refused with 413 and sends nothing', async ({ request }) => {
    const response = await request.post('/contact', {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(test.info().project.use.baseURL ?? '').origin,
      },
      data: `nom=Gros&email=gros%40exemple.fr&sujet=Trop&message=${'x'.repeat(2_000_000)}`,
      maxRedirects: 0,
    })
    expect(response.status()).toBe(413)
    expect(await response.text()).toBe('La requête est trop volumineuse.')
    // The outbox worker runs every 2 s: after a few seconds, no notification for this visitor exists.
    await new Promise((resolve) => setTimeout(resolve, 4_000))
    const mails = await readMails()
    expect(mails.filter((mail) => mail.replyTo.includes('gros@exemple.fr'))).toEqual([])
  })
})
