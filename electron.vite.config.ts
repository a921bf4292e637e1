import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { readDeploymentConfig } from './src/main/core/account/deployment-config'

/**
 * Serve mode only: the dev server injects an inline react-refresh preamble, inline styles and an
 * HMR websocket, which the renderer's strict CSP meta tag (rightly) blocks. Builds never run this
 * plugin, so the shipped index.html keeps exactly the policy written in it.
 */
function devServerCsp(): Plugin {
  return {
    name: 'voicedesk:dev-server-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replace(
        /(http-equiv="Content-Security-Policy"\s+content=")([^"]*)"/,
        (_match, head: string, policy: string) =>
          `${head}${policy
            .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
            .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
            .replace(
              "connect-src 'none'",
              "connect-src 'self' ws://localhost:* ws://127.0.0.1:*",
            )}"`,
      )
    },
  }
}

// The sandbox (src/sandbox) is a development and test tool. Main reaches it only through a
// dynamic import guarded by `import.meta.env.DEV`, so release builds never contain it.
export default defineConfig(({ mode }) => ({
  main: {
    // The deployment's addresses (VOICEDESK_SERVICE_ADDRESS, VOICEDESK_DASHBOARD_ADDRESS), checked
    // here so a bad one stops the build instead of a user's first run. `npm run dist` builds in
    // the `release` mode, which refuses to go on without a service address (see README,
    // "Packaging for a deployment"). Read by core/account/built-in-deployment.ts.
    define: {
      __VOICEDESK_DEPLOYMENT__: JSON.stringify(
        readDeploymentConfig(process.env, { release: mode === 'release' }),
      ),
    },
    build: {
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          // The planning thread's entry (core/narration/offload/plan-offload.ts finds it beside index.js).
          'plan-worker': resolve(
            import.meta.dirname,
            'src/main/core/narration/offload/plan-worker.ts',
          ),
          // The voice-over thread's entry (core/voiceover/voiceover-offload.ts finds it beside index.js).
          'voiceover-worker': resolve(
            import.meta.dirname,
            'src/main/core/voiceover/voiceover-worker.ts',
          ),
          // The clean-up rules' thread (core/narration/cleanup/run-cleanup.ts finds it beside index.js).
          'cleanup-worker': resolve(
            import.meta.dirname,
            'src/main/core/narration/cleanup/cleanup-worker.ts',
          ),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        // Sandboxed preloads must be CommonJS: Electron cannot load an ES module preload with
        // `sandbox: true`.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    build: {
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') },
      },
    },
    plugins: [react(), devServerCsp()],
  },
}))
