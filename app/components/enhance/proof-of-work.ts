import { PROOF_OF_WORK_SCRIPT_ATTRIBUTE } from '#app/lib/proof-of-work'
import { FORM_ANSWERED_EVENT } from './form'

/**
 * Loads the proof-of-work widget's script (app/components/enhance/proof-of-work-widget.ts) when,
 * and only when, the page or a form's new region holds a challenge (`[data-proof-of-work]`, its
 * value the script's address; `data-proof-of-work-module` when it is a module, in development).
 * Loaded once; the `altcha-widget` elements already in the page wake when it has run.
 */
export function loadProofOfWorkWhenAsked(): void {
  let isLoaded = false
  const load = (root: ParentNode) => {
    if (isLoaded) return
    const holder = root.querySelector<HTMLElement>(`[${PROOF_OF_WORK_SCRIPT_ATTRIBUTE}]`)
    const src = holder?.getAttribute(PROOF_OF_WORK_SCRIPT_ATTRIBUTE)
    if (!holder || !src) return
    isLoaded = true
    const script = document.createElement('script')
    script.src = src
    if (holder.hasAttribute('data-proof-of-work-module')) script.type = 'module'
    document.head.append(script)
  }
  load(document)
  document.addEventListener(FORM_ANSWERED_EVENT, (event) => {
    if (event.target instanceof HTMLElement) load(event.target)
  })
}
