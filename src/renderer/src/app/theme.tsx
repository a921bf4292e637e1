import { useEffect, useState } from 'react'
import type { ReactElement } from 'react'
import type { ThemeChoice } from '../../../shared/domain/app'
import { THEME_CHOICES } from '../../../shared/domain/app'
import { useSavedTheme, useSetTheme, useThemeChangedEvents } from './api/app-api'

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' }

/**
 * The saved theme, kept current by app:themeChanged (View > Theme, another window), and applied
 * to the page: `data-theme` on the root overrides the OS colour scheme for light and dark.
 */
export function useTheme(): ThemeChoice | undefined {
  const theme = useSavedTheme()
  useThemeChangedEvents()
  useEffect(() => {
    if (theme === undefined) return
    document.documentElement.dataset.theme = theme
  }, [theme])
  return theme
}

/** System, Light or Dark as one radio group (arrow keys move and choose, as in any radio group). */
export function ThemePicker(): ReactElement {
  const saved = useSavedTheme()
  const choose = useSetTheme()
  // The choice shows checked in the same frame as the click: the saved value (react-query's
  // cache) reaches the page a task later, and until then the controlled radio would snap back.
  const [picked, setPicked] = useState<ThemeChoice | null>(null)
  const theme = picked ?? saved
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
              onChange={() => {
                setPicked(choice)
                choose.mutate(choice, { onSettled: () => setPicked(null) })
              }}
            />
            <span>{LABELS[choice]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
