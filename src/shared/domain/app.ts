/** Facts about the running app that the shell shows. */
export interface AppInfo {
  name: string
  version: string
  platform: string
  /** True when main started the development sandbox because no account is configured. */
  usingSandbox: boolean
  /** True outside packaged release builds. */
  development: boolean
}
