export default function Contact() {
  return <h1>contact</h1>
}
