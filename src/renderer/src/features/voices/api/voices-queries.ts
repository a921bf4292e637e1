import { useEffect, useRef } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { voicePreviewKey } from '../../../lib/shared-state/voice-library'
import type { Voice, VoiceGender } from '../../../../../shared/domain/voice'
import type { VoiceLibrary } from '../../../../../shared/ipc/contract'
import { call, subscribe } from '../../../lib/ipc'

/** React-query keys of the voices domain (server state owned by main). */
export const voiceKeys = {
  all: ['voices'] as const,
  list: ['voices', 'list'] as const,
  library: ['voices', 'library'] as const,
  first: (order: 'name' | 'name-desc') => ['voices', 'first', order] as const,
  avatar: (voiceId: string) => ['voices', 'avatar', voiceId] as const,
  preview: voicePreviewKey,
}

/**
 * The whole voice list, loaded once per account and kept (main caches it too). A refresh asks
 * main to reload from the service. `enabled: false` while there is no key to list with.
 */
export function useVoiceList(enabled = true) {
  return useQuery({
    queryKey: voiceKeys.list,
    queryFn: () => call((api) => api.voices.list({ refresh: false })),
    staleTime: Infinity,
    enabled,
  })
}

/** How many rows {@link useFirstVoices} asks for: a tall window's worth, and a Page Down. */
export const FIRST_ROWS = 60

/**
 * The first voices in name order and the count of all, asked for only while the whole list is not
 * in the page yet: the list paints these rows at once instead of waiting for thousands of voices
 * to cross from main (issue 14: 1.2 s to first rows with 5,044 voices).
 */
export function useFirstVoices(enabled: boolean, order: 'name' | 'name-desc') {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: voiceKeys.first(order),
    queryFn: () => call((api) => api.voices.listFirst({ count: FIRST_ROWS, order })),
    enabled: enabled && queryClient.getQueryData(voiceKeys.list) === undefined,
    staleTime: Infinity,
    gcTime: 0,
  })
}

/** Reloads the list from the service (not from main's cache). */
export function useRefreshVoices() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call((api) => api.voices.list({ refresh: true })),
    onSuccess: (voices) => queryClient.setQueryData(voiceKeys.list, voices),
  })
}

/** Favourites, recents and consent records. */
export function useVoiceLibrary() {
  return useQuery({
    queryKey: voiceKeys.library,
    queryFn: () => call((api) => api.voices.getLibrary()),
    staleTime: Infinity,
  })
}

function storeLibrary(queryClient: QueryClient, library: VoiceLibrary): void {
  queryClient.setQueryData(voiceKeys.library, library)
}

/** Marks or unmarks a favourite; the list shows the change at once. */
export function useSetFavorite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { voiceId: string; favorite: boolean }) =>
      call((api) => api.voices.setFavorite(input)),
    onMutate: ({ voiceId, favorite }) => {
      const previous = queryClient.getQueryData<VoiceLibrary>(voiceKeys.library)
      if (previous !== undefined) {
        const rest = previous.favorites.filter((id) => id !== voiceId)
        storeLibrary(queryClient, {
          ...previous,
          favorites: favorite ? [...rest, voiceId] : rest,
        })
      }
      return { previous }
    },
    onError: (_error, _input, context) => {
      if (context?.previous !== undefined) storeLibrary(queryClient, context.previous)
    },
    onSuccess: (library) => storeLibrary(queryClient, library),
  })
}

/** Moves a voice to the front of "recently used". */
export function useMarkUsed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (voiceId: string) => call((api) => api.voices.markUsed({ voiceId })),
    onSuccess: (library) => storeLibrary(queryClient, library),
  })
}

export interface CreateVoiceInput {
  name: string
  gender: VoiceGender
  locale?: string
  sampleId: string
  consent: { fullName: string; email: string; confirmed: true }
}

/** Creates a personal voice; it is added to the cached list and the library (consent record). */
export function useCreateVoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateVoiceInput) => call((api) => api.voices.create(input)),
    onSuccess: async (voice) => {
      queryClient.setQueryData<Voice[]>(voiceKeys.list, (list) =>
        list === undefined ? [voice] : [...list.filter((v) => v.id !== voice.id), voice],
      )
      await queryClient.invalidateQueries({ queryKey: voiceKeys.library })
    },
  })
}

/** Deletes a personal voice; it leaves the cached list at once. */
export function useDeleteVoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (voiceId: string) => call((api) => api.voices.delete({ voiceId })),
    onSuccess: async (_data, voiceId) => {
      queryClient.setQueryData<Voice[]>(voiceKeys.list, (list) =>
        list?.filter((v) => v.id !== voiceId),
      )
      await queryClient.invalidateQueries({ queryKey: voiceKeys.library })
    },
  })
}

/** Downloads a personal voice's sample to a file the user picks. */
export function useDownloadSample() {
  return useMutation({
    mutationFn: (input: { voiceId: string; voiceName: string }) =>
      call((api) => api.voices.downloadSample(input)),
  })
}

// Blob URLs of avatars live as long as their cache entry: revoked when react-query drops it.
const avatarUrls = new WeakSet<QueryClient>()
function revokeAvatarsOnRemoval(queryClient: QueryClient): void {
  if (avatarUrls.has(queryClient)) return
  avatarUrls.add(queryClient)
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed') return
    const query = event.query as { queryKey: readonly unknown[]; state: { data: unknown } }
    const key = query.queryKey
    const data = query.state.data
    if (key[0] === 'voices' && key[1] === 'avatar' && typeof data === 'string') {
      URL.revokeObjectURL(data)
    }
  })
}

/**
 * A voice's avatar as a blob: URL (bytes fetched and cached by main), or null when it has none or
 * it could not be loaded: initials stand in, an avatar is never worth an error panel.
 */
export function useVoiceAvatar(voice: Voice): string | null {
  const queryClient = useQueryClient()
  revokeAvatarsOnRemoval(queryClient)
  const query = useQuery({
    queryKey: voiceKeys.avatar(voice.id),
    enabled: voice.avatarUrl !== null,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    queryFn: async () => {
      const media = await call((api) => api.voices.getMedia({ voiceId: voice.id, kind: 'avatar' }))
      if (media === null || media.bytes.byteLength === 0) return null
      const type = media.contentType?.startsWith('image/') ? media.contentType : 'image/png'
      return URL.createObjectURL(new Blob([media.bytes.slice().buffer], { type }))
    },
  })
  return query.data ?? null
}

/**
 * Reloads voice data when the account or base URL changes: personal voices belong to an account.
 */
export function useReloadVoicesOnAccountChange(): void {
  const queryClient = useQueryClient()
  const identity = useRef<string | null>(null)
  useEffect(
    () =>
      subscribe((api) =>
        api.account.onChanged((status) => {
          const next = `${status.baseUrl}|${status.credential}|${status.keyHint ?? ''}`
          if (identity.current !== null && identity.current !== next) {
            void queryClient.invalidateQueries({ queryKey: voiceKeys.all })
          }
          identity.current = next
        }),
      ),
    [queryClient],
  )
}
