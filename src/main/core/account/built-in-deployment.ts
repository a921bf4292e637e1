/**
 * The addresses of one deployment of the voice service, fixed when the app is built: where the
 * service answers, and the website page where the account's credit is added. Empty strings when
 * the build names none (a development build).
 */
export interface DeploymentConfig {
  /** The service's base address (`https://host[/prefix]`, normalised), or '' when none. */
  readonly serviceAddress: string
  /** The customer dashboard's page where credit is added (https), or '' when none. */
  readonly dashboardAddress: string
}

// Replaced by the build (electron.vite.config.ts `define`) with the checked addresses; absent
// under the unit tests, which pass their own addresses to the services.
declare const __VOICEDESK_DEPLOYMENT__: DeploymentConfig | undefined

/** This build's deployment addresses (see deployment-config.ts), empty when it names none. */
export const BUILT_IN_DEPLOYMENT: DeploymentConfig =
  typeof __VOICEDESK_DEPLOYMENT__ === 'undefined'
    ? { serviceAddress: '', dashboardAddress: '' }
    : __VOICEDESK_DEPLOYMENT__
