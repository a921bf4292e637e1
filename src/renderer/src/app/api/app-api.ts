import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { MenuCommand, ThemeChoice } from '../../../../shared/domain/app'
import { call, subscribe } from '../../lib/ipc'

// The app shell's calls to main: app info, the saved theme, the menu. Features keep their own
// calls in their api/ folders; this is the shell's.

/** Name, version and platform of the app; fetched once, it does not change while running. */
export function useAppInfo() {
  return useQuery({
    queryKey: ['app', 'info'],
    queryFn: () => call((api) => api.app.getInfo()),
    staleTime: Infinity,
  })
}

const THEME_KEY = ['app', 'theme'] as const

/** The saved theme choice (undefined until read). */
export function useSavedTheme(): ThemeChoice | undefined {
  return useQuery({
    queryKey: THEME_KEY,
    queryFn: () => call((api) => api.app.getTheme()),
    staleTime: Infinity,
  }).data
}

/** Keeps the saved theme current when it changes elsewhere (View > Theme, another window). */
export function useThemeChangedEvents(): void {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      subscribe((api) =>
        api.app.onThemeChanged(({ theme }) => queryClient.setQueryData(THEME_KEY, theme)),
      ),
    [queryClient],
  )
}

/** Saves a theme choice; the page shows it at once and rereads main's copy after. */
export function useSetTheme() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (theme: ThemeChoice) => call((api) => api.app.setTheme({ theme })),
    onMutate: (theme) => queryClient.setQueryData(THEME_KEY, theme),
    onSettled: () => queryClient.invalidateQueries({ queryKey: THEME_KEY }),
  })
}

/** Listens to the menu's commands (app:menuCommand); returns the function that stops. */
export function onMenuCommand(listener: (command: MenuCommand) => void): () => void {
  return subscribe((api) => api.app.onMenuCommand(listener))
}

/**
 * Tells main what the menu should enable (Save and Render need an open script). Best effort: the
 * menu keeps its last state if this fails, and nothing the user did depends on it.
 */
export function reportMenuState(state: { scriptOpen: boolean }): void {
  call((api) => api.app.setMenuState(state)).catch(() => undefined)
}
