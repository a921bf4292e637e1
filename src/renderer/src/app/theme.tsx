import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { ReactElement } from 'react'
import type { ThemeChoice } from '../../../shared/domain/app'
import { THEME_CHOICES } from '../../../shared/domain/app'
import { call, subscribe } from '../lib/ipc'

const THEME_KEY = ['app', 'theme'] as const

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' }

/**
 * The saved theme, kept current by app:themeChanged (View > Theme, another window), and applied
 * to the page: `data-theme` on the root overrides the OS colour scheme for light and dark.
 */
export function useTheme(): ThemeChoice | undefined {
  const queryClient = useQueryClient()
  const { data: theme } = useQuery({
    queryKey: THEME_KEY,
    queryFn: () => call((api) => api.app.getTheme()),
    staleTime: Infinity,
  })
  useEffect(
    () =>
      subscribe((api) =>
        api.app.onThemeChanged(({ theme: next }) => queryClient.setQueryData(THEME_KEY, next)),
      ),
    [queryClient],
  )
  useEffect(() => {
    if (theme === undefined) return
    document.documentElement.dataset.theme = theme
  }, [theme])
  return theme
}

/** System, Light or Dark as one radio group (arrow keys move and choose, as in any radio group). */
export function ThemePicker(): ReactElement {
  const queryClient = useQueryClient()
  const { data: theme } = useQuery({
    queryKey: THEME_KEY,
    queryFn: () => call((api) => api.app.getTheme()),
    staleTime: Infinity,
  })
  const choose = useMutation({
    mutationFn: (next: ThemeChoice) => call((api) => api.app.setTheme({ theme: next })),
    onMutate: (next) => queryClient.setQueryData(THEME_KEY, next),
    onSettled: () => queryClient.invalidateQueries({ queryKey: THEME_KEY }),
  })
  return (
    <fieldset className="theme-picker" data-testid="theme-picker">
      <legend className="theme-picker__legend">Theme</legend>
      <div className="theme-picker__options">
        {THEME_CHOICES.map((choice) => (
          <label key={choice} className="theme-picker__option">
            <input
              type="radio"
              name="theme"
              value={choice}
              checked={theme === choice}
              disabled={theme === undefined}
              onChange={() => choose.mutate(choice)}
            />
            <span>{LABELS[choice]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
