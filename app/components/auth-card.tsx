import { ArrowLeft, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/**
 * The frame of the sign-in pages, /auth and /auth/callback (public spec §2): one white card,
 * centred, at most 28 rem wide, and under it the way back.
 *
 * @param back - the link under the card ({@link AuthBackLink}): its address and words; absent: none.
 * @param spacing - the vertical padding around the card (Tailwind classes).
 */
export function AuthCard({
  children,
  back,
  spacing = 'py-12 sm:py-16',
}: {
  children: ReactNode
  back?: { to: string; label: string }
  spacing?: string
}) {
  return (
    <div className={`mx-auto w-full max-w-md px-4 ${spacing}`}>
      <div className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      {back ? <AuthBackLink to={back.to}>{back.label}</AuthBackLink> : null}
    </div>
  )
}

/** A link back from a sign-in page ('Retour à la connexion', 'Retour à l'accueil'), after an arrow. */
export function AuthBackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="mt-6 inline-flex items-center gap-2 rounded text-sm text-gray-700 underline underline-offset-4 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  )
}

/** The heading of a sign-in card, after its icon. */
export function AuthHeading({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3">
      <Icon aria-hidden="true" className="size-6 text-gray-700" />
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{children}</h1>
    </div>
  )
}

/** The classes of a text input of the sign-in forms. */
export const authInputClass =
  'rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 focus-visible:border-gray-900 focus-visible:outline-2 focus-visible:outline-offset-1'
