/**
 * A toast (public spec §8–§9, back-office spec §8): a title and an optional text; `success` for a
 * confirmation, `error` for a failure (titled 'Erreur'), `info` for news that is neither. One shape
 * for the flash toast the server sets (app/http/toast.server.ts), the back-office actions' answers,
 * sonner on hydrated pages and the static pages' own toasts (app/components/enhance/toast.ts).
 */
export type Toast = {
  type: 'success' | 'error' | 'info'
  title: string
  description?: string
}
