import { redirect } from 'react-router'

// The back-office arrives with issue #3; until then nobody is signed in, so everyone goes to /auth.
export function loader() {
  throw redirect('/auth')
}

export default function AdminIndex() {
  return null
}
