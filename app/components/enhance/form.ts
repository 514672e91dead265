import { closeDialogOf } from './dialog'
import { showRequestedToasts, showToast } from './toast'

/**
 * The event a form's new region sends (bubbling) once it is in the page, for a page's own script
 * to follow the answer (e.g. app/components/enhance/auction.ts).
 */
export const FORM_ANSWERED_EVENT = 'encre:reponse-formulaire'

/** Times a form answered 503 with `Retry-After` is posted again. */
const MAX_RETRIES = 5

/**
 * Forms of static pages answered in place (decision 010): a `form[data-enhance="<region id>"]`
 * posts as it would without JavaScript (urlencoded, or multipart when its `enctype` says so), but
 * by `fetch`; the page the server answers (the same
 * route, rendered with the action's answer: field errors, a cleared form…) gives the region of
 * that id, which replaces the current one. A form whose server renders its region alone names that
 * address under its own, `data-region-path` (the bid form: `/enchere/{lien}/mise`,
 * {@link regionAddress}), and is posted there. Toasts the answer asks for (`template[data-toast]`)
 * show; a region marked `data-dialog-done` closes the dialog it sits in; the first invalid field
 * takes the focus. While the request runs the submit button is disabled and reads its
 * `data-pending-label`. A network failure shows the form's `data-failure` message in an 'Erreur'
 * toast and changes nothing; a 503 with `Retry-After` (an overloaded server) posts it again after that
 * wait, up to five times. The new region then sends {@link FORM_ANSWERED_EVENT}.
 */
export function enhanceForms(): void {
  document.addEventListener('submit', async (event) => {
    const form = event.target
    if (!(form instanceof HTMLFormElement) || !form.dataset.enhance) return
    event.preventDefault()
    if (form.getAttribute('aria-busy') === 'true') return
    const region = document.getElementById(form.dataset.enhance)
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    const label = submit?.innerHTML
    form.setAttribute('aria-busy', 'true')
    if (submit) {
      submit.disabled = true
      if (submit.dataset.pendingLabel) submit.textContent = submit.dataset.pendingLabel
    }
    try {
      const data = new FormData(form, event.submitter)
      const address = regionAddress(form)
      const post = () =>
        fetch(address, {
          method: 'POST',
          // Encoded as the browser would without JavaScript: urlencoded unless the form says multipart.
          body:
            form.enctype === 'multipart/form-data'
              ? data
              : new URLSearchParams(data as unknown as string[][]),
          headers: { Accept: 'text/html' },
        })
      let response = await post()
      // An overloaded server (503 with Retry-After, app/http/overload.server.ts) is asked again after its wait.
      for (let attempt = 0; response.status === 503 && attempt < MAX_RETRIES; attempt++) {
        const wait = Number(response.headers.get('Retry-After'))
        if (!Number.isFinite(wait)) break
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 10) * 1000))
        response = await post()
      }
      const answer = new DOMParser().parseFromString(await response.text(), 'text/html')
      const fresh = answer.getElementById(form.dataset.enhance)
      if (!region || !fresh) throw new Error('réponse sans la région du formulaire')
      const adopted = document.importNode(fresh, true)
      region.replaceWith(adopted)
      adopted.dispatchEvent(new Event(FORM_ANSWERED_EVENT, { bubbles: true }))
      showRequestedToasts(adopted)
      if (adopted.hasAttribute('data-dialog-done')) closeDialogOf(adopted)
      adopted.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
    } catch {
      form.removeAttribute('aria-busy')
      if (submit) {
        submit.disabled = false
        if (label !== undefined) submit.innerHTML = label
      }
      showToast({
        title: 'Erreur',
        description: form.dataset.failure ?? 'Une erreur est survenue. Veuillez réessayer.',
        type: 'error',
      })
    }
  })
}

/**
 * Where an enhanced form posts: its `action`, or, when it has `data-region-path` (e.g. 'mise'),
 * that path under its action's path, without the query: `/enchere/abc?x=1` → `/enchere/abc/mise`.
 *
 * @param form - the form (its `action` is absolute, as the DOM gives it).
 * @returns the absolute address.
 */
export function regionAddress(form: HTMLFormElement): string {
  const regionPath = form.dataset.regionPath
  if (!regionPath) return form.action
  const url = new URL(form.action)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${regionPath}`
  url.search = ''
  return url.href
}
