/**
 * The Electron-specific abilities handlers need, injected so the same handlers run in the app
 * (real Electron ports, built in index.ts) and in the e2e browser host (test ports).
 */
export interface PlatformPorts {
  /** Opens an already-checked http(s) link in the default browser. */
  openExternal(url: string): Promise<void>
}

/** Facts about the running build, for `app:getInfo`. */
export interface BuildInfo {
  name: string
  version: string
  platform: string
  /** True outside packaged release builds. */
  development: boolean
}
