import { parseAccountPage } from './account-page'
import { BUILT_IN_DEPLOYMENT } from './built-in-deployment'
import { defaultAddressOf } from './service-address'

/** The deployment's addresses an account starts with, as its status names them. */
export interface DeploymentAddresses {
  /** The service's own base address, used while the user has set none; or null. */
  readonly defaultBaseUrl: string | null
  /** The page where credit is added, opened while the user has saved none of their own; or null. */
  readonly builtInAccountPage: string | null
}

/** Addresses a runtime may be given instead of this build's (tests, the e2e hosts). */
export interface GivenDeployment {
  /**
   * The service's own address, used while the user has not set one (so the first run asks only
   * for the key). Default: this build's (SERVICE_DEFAULT_ADDRESS in service-address.ts), if any.
   */
  defaultBaseUrl?: string
  /** The page where credit is added, when the user saved none. Default: this build's, if any. */
  defaultAccountPage?: string
}

/**
 * The addresses given (tests, the e2e hosts), else this build's (built-in-deployment.ts), each
 * checked by its own rule. Throws VALIDATION_FAILED for one that breaks it.
 */
export function deploymentAddresses(given: GivenDeployment): DeploymentAddresses {
  return {
    defaultBaseUrl: defaultAddressOf(given.defaultBaseUrl),
    builtInAccountPage: parseAccountPage(
      given.defaultAccountPage ?? BUILT_IN_DEPLOYMENT.dashboardAddress,
    ),
  }
}
