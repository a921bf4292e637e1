/**
 * The Content-Security-Policy of the app's own pages, sent as a response header: by the app://
 * scheme in builds (app-file-server.ts, always the release policy), by main on the dev server's
 * page in development (harden-window.ts), and by the e2e http host. Nothing remote, no
 * connections, no plugins, no frames, and nobody may frame the app (`frame-ancestors` works only
 * as a header, never in a meta tag). The meta tag in src/renderer/index.html repeats the rest; it
 * is never looser (csp.test.ts). Development adds only what the dev server's inline react-refresh
 * preamble, injected styles and hot-reload socket need (as electron.vite.config.ts does to the
 * meta tag).
 */
export function contentSecurityPolicy(development: boolean): string {
  const directives = [
    "default-src 'none'",
    development ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    development ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob: data:",
    "font-src 'self'",
    development ? "connect-src 'self' ws://localhost:* ws://127.0.0.1:*" : "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
  ]
  return directives.join('; ')
}
