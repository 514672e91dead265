/**
 * The form field in which the proof-of-work widget (`altcha`, its default name) puts its answer,
 * read by the server (app/services/proof-of-work.server.ts; issue #37 §1).
 */
export const PROOF_OF_WORK_FIELD = 'altcha'

/**
 * The attribute of the element holding a challenge in a page: its value is the address of the
 * widget's script, which app/components/enhance/proof-of-work.ts loads only then.
 */
export const PROOF_OF_WORK_SCRIPT_ATTRIBUTE = 'data-proof-of-work'
