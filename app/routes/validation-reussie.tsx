export default function ValidationReussie() {
  return <h1>validation-reussie</h1>
}
