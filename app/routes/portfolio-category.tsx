export default function PortfolioCategory() {
  return <h1>portfolio-category</h1>
}
