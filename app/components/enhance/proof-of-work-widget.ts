/**
 * The proof-of-work widget (issue #37 §1, decision 040): `altcha`'s web component with its French
 * texts, in a script of its own that a page loads only when an answer asks for a challenge
 * (app/components/enhance/proof-of-work.ts), so no public page pays for it otherwise. The
 * challenge comes inline in the answer; solving it makes no request. Built by
 * scripts/build-server.mjs; served from source by Vite in development.
 */
import 'altcha'
import 'altcha/i18n/fr-fr'
