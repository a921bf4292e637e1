import { useQuery } from '@tanstack/react-query'
import { call } from '../lib/ipc'

/** Name, version and platform of the app; fetched once, it does not change while running. */
export function useAppInfo() {
  return useQuery({
    queryKey: ['app', 'info'],
    queryFn: () => call((api) => api.app.getInfo()),
    staleTime: Infinity,
  })
}
