/**
 * Headers that set these cookies: the `Set-Cookie` lines better-auth answered (a sign-in, a
 * replaced session, a sign-out), to send back with a redirect.
 *
 * @param setCookies - whole `Set-Cookie` header values, e.g. from `response.headers.getSetCookie()`.
 * @returns new Headers holding one `Set-Cookie` per value.
 */
export function setCookieHeaders(setCookies: Iterable<string>): Headers {
  const headers = new Headers()
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie)
  return headers
}
