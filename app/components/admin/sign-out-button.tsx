import { LogOut } from 'lucide-react'
import { Form, useNavigation } from 'react-router'

/**
 * « Se déconnecter » (public spec §8 "Logout"): a form posting the intent 'sign-out' to the
 * current screen, whose action lists `signOutIntent` (app/http/sign-out.server.ts). Busy while it
 * is sent.
 */
export function SignOutButton() {
  const navigation = useNavigation()
  const signingOut = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'sign-out'
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="sign-out" />
      <button
        type="submit"
        className="btn btn-outline inline-flex items-center gap-2"
        disabled={signingOut}
        aria-busy={signingOut || undefined}
      >
        <LogOut aria-hidden="true" className="size-4" />
        Se déconnecter
      </button>
    </Form>
  )
}
