export default function PodcastEpisode() {
  return <h1>podcast-episode</h1>
}
