export default function Blog() {
  return <h1>blog</h1>
}
