/** Test helper: a plain e-mail to queue with `enqueueEmail` (template 'test', to the artist). */
export const TEST_EMAIL = {
  modele: 'test',
  destinataire: 'artiste@exemple.fr',
  sujet: 'Bonjour',
  html: '<p>Bonjour</p>',
  texte: 'Bonjour',
}
