export default function Portfolio() {
  return <h1>portfolio</h1>
}
