import { redirect } from 'react-router'

// Without a session (sign-in arrives with issue #3), the callback goes to /auth (public spec §2).
export function loader() {
  throw redirect('/auth')
}

export default function AuthCallback() {
  return null
}
