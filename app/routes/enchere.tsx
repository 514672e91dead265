export default function Enchere() {
  return <h1>enchere</h1>
}
