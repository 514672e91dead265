export default function Podcasts() {
  return <h1>podcasts</h1>
}
