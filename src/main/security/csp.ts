/**
 * The Content-Security-Policy main adds as a response header to the app's own pages, as defence in
 * depth behind the renderer's meta tag: no remote code, no remote connections, no plugins, no
 * frames. Development adds only what the dev server's hot reload needs.
 */
export function contentSecurityPolicy(development: boolean): string {
  const directives = [
    "default-src 'self'",
    development ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    development ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ]
  return directives.join('; ')
}
