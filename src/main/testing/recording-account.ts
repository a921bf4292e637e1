import type { AccountServiceOptions } from '../core/account/account-service'
import { AccountService } from '../core/account/account-service'
import type { VerifyCredential } from '../core/account/account-ports'
import { createLogger } from '../core/log/logger'

/**
 * Test helper: an account service that writes its log lines (debug and up) to `logLines` and
 * records every credential check in `verifyCalls` before answering it with `verify`.
 */
export function createRecordingAccount(
  options: Omit<AccountServiceOptions, 'logger' | 'verifyCredential'> & {
    verify: VerifyCredential
    logLines: string[]
    verifyCalls: Parameters<VerifyCredential>[0][]
  },
): Promise<AccountService> {
  const { verify, logLines, verifyCalls, ...rest } = options
  return AccountService.create({
    ...rest,
    logger: createLogger({ sink: (l) => logLines.push(l), level: 'debug' }),
    verifyCredential: (args) => {
      verifyCalls.push(args)
      return verify(args)
    },
  })
}
