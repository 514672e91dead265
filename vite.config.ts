import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  // Bundled into the server build rather than imported whole at start-up: the build keeps only
  // the icons and e-mail components it uses (lucide-react's and @react-email/components' entry
  // modules load every icon and component, ~0.7 s of a restart; issue #8 §3).
  ssr: { noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//, /^@react-email\//] },
})
