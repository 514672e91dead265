export default function Parcours() {
  return <h1>parcours</h1>
}
