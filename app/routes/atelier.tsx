export default function Atelier() {
  return <h1>atelier</h1>
}
