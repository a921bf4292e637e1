import type { RenderPlayback } from '../../../../../shared/domain/render-playback'

/** How far the arrow keys and the step buttons move, and the arrow keys with Shift. */
export const STEP_SECONDS = 5
export const BIG_STEP_SECONDS = 30

/** A time said in words for a screen reader: "1 hour 2 minutes 5 seconds". */
export function spokenClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const r = s % 60
  const parts = [
    h > 0 ? `${h} hour${h === 1 ? '' : 's'}` : '',
    m > 0 ? `${m} minute${m === 1 ? '' : 's'}` : '',
    `${r} second${r === 1 ? '' : 's'}`,
  ]
  return parts.filter(Boolean).join(' ')
}

/** The chapter a time falls in (the last one started), or null. */
export function chapterAt(chapters: RenderPlayback['chapters'], seconds: number): number | null {
  let found: number | null = null
  chapters.forEach((chapter, i) => {
    if (chapter.startSeconds <= seconds + 0.05) found = i
  })
  return found
}

/** What a key pressed on the player's position does. */
export type PlayerMove = { kind: 'toggle' } | { kind: 'seek'; to: number }

/**
 * The player's keys: Space plays or pauses, the arrows move STEP_SECONDS (with Shift
 * BIG_STEP_SECONDS), Home and End go to either end. Null for any other key and for a key with
 * Ctrl, ⌘ or Alt, which belong to the app's shortcuts.
 */
export function playerKeyMove(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  seconds: number,
  duration: number,
): PlayerMove | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null
  const step = event.shiftKey ? BIG_STEP_SECONDS : STEP_SECONDS
  const targets: Record<string, number> = {
    ArrowLeft: seconds - step,
    ArrowDown: seconds - step,
    ArrowRight: seconds + step,
    ArrowUp: seconds + step,
    Home: 0,
    End: duration,
  }
  if (event.key === ' ') return { kind: 'toggle' }
  const to = targets[event.key]
  return to === undefined ? null : { kind: 'seek', to }
}
