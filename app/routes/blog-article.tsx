export default function BlogArticle() {
  return <h1>blog-article</h1>
}
