export default function ValidationErreur() {
  return <h1>validation-erreur</h1>
}
