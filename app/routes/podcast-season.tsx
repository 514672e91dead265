export default function PodcastSeason() {
  return <h1>podcast-season</h1>
}
