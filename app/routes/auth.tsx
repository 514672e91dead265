export default function Auth() {
  return <h1>auth</h1>
}
