export default function AuthCallback() {
  return <h1>auth-callback</h1>
}
