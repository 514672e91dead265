import { createElement } from 'react'
import { useServerDocument } from '#app/components/server-document'
import { PROOF_OF_WORK_FIELD, PROOF_OF_WORK_SCRIPT_ATTRIBUTE } from '#app/lib/proof-of-work'

/**
 * A proof-of-work challenge in a form (issue #37 §1, decision 040): the `altcha` widget, given the
 * challenge inline (no request), starts solving as soon as its script has loaded and then puts its
 * answer in the form's {@link PROOF_OF_WORK_FIELD} field; the visitor sends the form again. The script is named on
 * the wrapper, for app/components/enhance/proof-of-work.ts to load it only now. Without
 * JavaScript nothing shows here: the message beside it says what to do.
 *
 * @param challenge - the challenge as JSON (app/services/proof-of-work.server.ts).
 */
export function ProofOfWorkField({ challenge }: { challenge: string }) {
  const script = useServerDocument()?.enhanceScript
  return (
    <div
      className="mt-4"
      {...{ [PROOF_OF_WORK_SCRIPT_ATTRIBUTE]: script?.proofOfWork }}
      {...(script?.isModule ? { 'data-proof-of-work-module': '' } : {})}
    >
      {createElement('altcha-widget', {
        challenge,
        name: PROOF_OF_WORK_FIELD,
        auto: 'onload',
        language: 'fr-fr',
      })}
    </div>
  )
}
