export default function PortfolioArtwork() {
  return <h1>portfolio-artwork</h1>
}
