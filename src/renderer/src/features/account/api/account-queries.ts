import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import type { Result } from '../../../../../shared/errors'
import type {
  AccountStatus,
  Plan,
  PlanLimits,
  VerifyResult,
} from '../../../../../shared/domain/account'
import type { Api } from '../../../../../shared/ipc/contract'
import type { UsageReport } from '../../../../../shared/domain/usage'
import { call, subscribe } from '../../../lib/ipc'

/** React-query keys of the account domain: the status is server state, owned by main. */
export const accountKeys = {
  status: ['account', 'status'] as const,
  usage: ['account', 'usage'] as const,
}

/** The account status (never the key). Renders instantly from cache; events keep it fresh. */
export function useAccountStatus() {
  return useQuery({
    queryKey: accountKeys.status,
    queryFn: () => call((api) => api.account.getStatus()),
  })
}

/** Writes the status main pushed or returned into the cache, the one copy the UI reads. */
function storeStatus(queryClient: QueryClient, status: AccountStatus): void {
  queryClient.setQueryData(accountKeys.status, status)
}

/** Keeps the cached status in step with `account:changed` (token expiry, changes from the CLI...). */
export function useAccountChangedEvents(): void {
  const queryClient = useQueryClient()
  useEffect(
    () => subscribe((api) => api.account.onChanged((status) => storeStatus(queryClient, status))),
    [queryClient],
  )
}

function useStatusMutation<I>(run: (api: Api, input: I) => Promise<Result<AccountStatus>>) {
  const queryClient = useQueryClient()
  return useMutation({
    // Why cancel first: a status read still in flight (Verify refreshes it) would land after this
    // change and put the old value back on screen, a plan radio flicking back to Free.
    onMutate: () => queryClient.cancelQueries({ queryKey: accountKeys.status }),
    mutationFn: (input: I) => call((api) => run(api, input)),
    onSuccess: (status) => storeStatus(queryClient, status),
  })
}

/**
 * Saves an API key. Callers must `reset()` the mutation after success: react-query keeps the last
 * variables, and the key must not linger in memory once it is in the keychain.
 */
export function useSetApiKey() {
  return useStatusMutation((api, apiKey: string) => api.account.setApiKey({ apiKey }))
}

/** Signs in with a pasted access token. Same `reset()` rule as {@link useSetApiKey}. */
export function useSetAccessToken() {
  return useStatusMutation((api, token: string) => api.account.setAccessToken({ token }))
}

/** Removes the stored key or token. */
export function useForgetCredential() {
  return useStatusMutation((api, _input: void) => api.account.forget())
}

/** Sets the service base URL (current or legacy address). */
export function useSetBaseUrl() {
  return useStatusMutation((api, baseUrl: string) => api.account.setBaseUrl({ baseUrl }))
}

/** Sets the plan, and with `custom`, the limits. */
export function useSetPlan() {
  return useStatusMutation((api, input: { plan: Plan; customLimits?: PlanLimits }) =>
    api.account.setPlan(input),
  )
}

/** One cheap authenticated call; refreshes the status (its `verifiedAt`) afterwards. */
export function useVerifyAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    // The variable says only what started the check (a save or a click), so the card can word it.
    mutationFn: (trigger: 'save' | 'click'): Promise<VerifyResult> => {
      void trigger
      return call((api) => api.account.verify())
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.status }),
  })
}

/** What this computer sent, by month and project; read again each time Account opens. */
export function useUsage() {
  return useQuery({
    queryKey: accountKeys.usage,
    queryFn: (): Promise<UsageReport> => call((api) => api.account.usage()),
    refetchOnMount: 'always',
  })
}

/** The user added credit: main forgets the last refusal, and Account and the sidebar say so. */
export function useCreditAdded() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (): Promise<UsageReport> => call((api) => api.account.creditAdded()),
    onSuccess: (report) => queryClient.setQueryData(accountKeys.usage, report),
  })
}

/** Saves the address of the user's account page on the service's website (null forgets it). */
export function useSetAccountPage() {
  return useStatusMutation((api, url: string | null) => api.account.setAccountPage({ url }))
}

/** Opens the saved account page in the browser; main opens only the address the user saved. */
export function useOpenAccountPage() {
  return useMutation({
    mutationFn: (): Promise<void> => call((api) => api.account.openAccountPage()),
  })
}
