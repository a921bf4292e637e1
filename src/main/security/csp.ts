/**
 * The Content-Security-Policy main adds as a response header to the app's own pages, as defence in
 * depth behind the meta tag in src/renderer/index.html (kept identical to it): nothing remote, no
 * connections, no plugins, no frames. Development adds only what the dev server's inline
 * react-refresh preamble, injected styles and hot-reload socket need (as electron.vite.config.ts
 * does to the meta tag). `frame-ancestors` only works as a header, so it lives here.
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
