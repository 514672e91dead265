export default function MentionsLegales() {
  return <h1>mentions-legales</h1>
}
