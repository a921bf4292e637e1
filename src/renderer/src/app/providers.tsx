import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import type { ReactElement, ReactNode } from 'react'

/**
 * Server state (everything that came over IPC) lives in react-query. Why no automatic retries:
 * main already retries what is safe to retry upstream; a second layer here would multiply waits.
 */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  })
}

export function Providers(props: { children: ReactNode }): ReactElement {
  const [queryClient] = useState(createQueryClient)
  return <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>
}
