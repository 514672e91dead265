import { useActionData } from 'react-router'
import { type AdminActionData, isAdminActionData } from '#app/lib/admin-result'

/*
 * A back-office answer seen at once (issue #36 §5). With JavaScript, a form posts through a
 * fetcher: its field errors come with `fetcher.data`, and the root route reads the flash toast
 * again after any back-office answer, 4xx included (root.tsx `shouldRevalidate`). Without
 * JavaScript, the same form is a plain POST and its answer a whole page: the route's action data
 * carries the toast and the field errors, and these two helpers show them there.
 */

/**
 * The back-office answer the page itself brought (a form posted without JavaScript, or a
 * navigation form), when it answers `intent`.
 *
 * @param intent - the form's intent ('create'…); any intent when omitted.
 * @returns the answer, or undefined (none, another intent, not a back-office answer).
 */
export function usePageAnswer(intent?: string): AdminActionData | undefined {
  const answer: unknown = useActionData()
  if (!isAdminActionData(answer)) return undefined
  return intent === undefined || answer.intent === intent ? answer : undefined
}

/**
 * A form's latest answer: its fetcher's, else the page's own when the form was posted without
 * JavaScript ({@link usePageAnswer}), so its field errors show under their fields either way.
 *
 * @param fetcher - the form's fetcher.
 * @param intent - the form's intent; any intent when omitted.
 * @returns the answer, or undefined before any.
 */
export function useAdminAnswer(
  fetcher: { data?: AdminActionData | undefined },
  intent?: string,
): AdminActionData | undefined {
  const pageAnswer = usePageAnswer(intent)
  return fetcher.data ?? pageAnswer
}

const NOTICE_CLASSES: Record<AdminActionData['toast']['type'], string> = {
  success: 'border-green-200 bg-green-50 text-green-800',
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
}

/**
 * The toast of a back-office answer posted without JavaScript, written on the answered page (a
 * toast needs JavaScript): its title and text in a box above the screen, read out at once
 * (`role="alert"` for a refusal). With JavaScript the toast shows instead, so the box sits in a
 * `<noscript>`.
 */
export function AdminAnswerNotice() {
  const answer = usePageAnswer()
  if (!answer) return null
  const { toast } = answer
  return (
    <noscript>
      <div
        role={toast.type === 'error' ? 'alert' : 'status'}
        className={`mt-4 rounded-lg border px-4 py-3 text-sm ${NOTICE_CLASSES[toast.type]}`}
      >
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-0.5">{toast.description}</p> : null}
      </div>
    </noscript>
  )
}
