import { checkAccountPage } from '../../../shared/domain/account-page'
import type { DeploymentConfig } from './built-in-deployment'
import { parseServiceAddress } from './service-address'

/** The environment variables the build reads (electron.vite.config.ts). */
export const DEPLOYMENT_VARIABLES = {
  service: 'VOICEDESK_SERVICE_ADDRESS',
  dashboard: 'VOICEDESK_DASHBOARD_ADDRESS',
} as const

/** A build setting that cannot be used, with the variable it came from in the message. */
export class DeploymentConfigError extends Error {
  override readonly name = 'DeploymentConfigError'
}

function serviceAddressFrom(raw: string): string {
  const name = DEPLOYMENT_VARIABLES.service
  let baseUrl: string
  try {
    baseUrl = parseServiceAddress(raw).baseUrl
  } catch (error) {
    throw new DeploymentConfigError(`${name}: ${(error as Error).message}`)
  }
  // Why https even for this computer: a build ships to other people's computers, where a
  // loopback address would be nobody's service and plain http would carry the key in clear text.
  if (!baseUrl.startsWith('https://'))
    throw new DeploymentConfigError(`${name}: a build's service address must start with https://.`)
  return baseUrl
}

function dashboardAddressFrom(raw: string): string {
  const checked = checkAccountPage(raw)
  if ('problem' in checked)
    throw new DeploymentConfigError(`${DEPLOYMENT_VARIABLES.dashboard}: ${checked.problem}`)
  return checked.url
}

/**
 * Reads and checks the deployment's addresses from build-time environment variables, by the
 * app's own rules (the service address as parseServiceAddress, https only; the dashboard as an
 * account page). A release build must name the service: without one its first run would have to
 * ask every user for an address. Throws DeploymentConfigError saying which setting and why.
 */
export function readDeploymentConfig(
  env: Readonly<Record<string, string | undefined>>,
  options: { release: boolean },
): DeploymentConfig {
  const service = (env[DEPLOYMENT_VARIABLES.service] ?? '').trim()
  const dashboard = (env[DEPLOYMENT_VARIABLES.dashboard] ?? '').trim()
  if (service === '' && options.release)
    throw new DeploymentConfigError(
      `A release needs the service's address: set ${DEPLOYMENT_VARIABLES.service} to the ` +
        `deployment's https address (and ${DEPLOYMENT_VARIABLES.dashboard} to its billing page), ` +
        'then run `npm run dist` again. Without it every user would have to type the address.',
    )
  return {
    serviceAddress: service === '' ? '' : serviceAddressFrom(service),
    dashboardAddress: dashboard === '' ? '' : dashboardAddressFrom(dashboard),
  }
}
