/**
 * What one of better-auth's endpoints answered when called with `asResponse: true`: its HTTP
 * status, its JSON body (null when empty or not JSON) and the cookies it sets (whole `Set-Cookie`
 * values, to send back to the browser).
 */
export type AuthAnswer = { status: number; body: Record<string, unknown> | null; setCookies: string[] }

/**
 * Reads a better-auth answer ({@link AuthAnswer}); never throws on a body that is not JSON.
 *
 * @param response - what `auth.api.…({ …, asResponse: true })` resolved to.
 */
export async function answerOf(response: Response): Promise<AuthAnswer> {
  const text = await response.text()
  let body: Record<string, unknown> | null = null
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : null
  } catch {
    body = null
  }
  return { status: response.status, body, setCookies: response.headers.getSetCookie() }
}
