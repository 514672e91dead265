import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // React Router 7's behaviour, said out loud (decision 020): each v8 change is taken with the move
  // to React Router 8, which needs Node 22 (DESIGN.md §2); unset, each flag prints a warning at
  // every build.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config
