import type { PlatformPorts } from '../core/platform-ports'

/** What the app asked of the OS during a test, and the answers the test queued for its dialogs. */
export interface PlatformRecorder {
  /** Queue the path the next save dialog returns (null = the user cancels). */
  answerNextSave(path: string | null): void
  /** Queue the paths the next open dialog returns (null = the user cancels). */
  answerNextOpen(paths: string[] | null): void
  /** Queue the answer of the next native confirmation (true = the user confirms). */
  answerNextConfirm(answer: boolean): void
  /** Whether the app window counts as focused (notifications are only for unfocused windows). */
  setFocused(focused: boolean): void
  dialogs: {
    kind: 'open' | 'save' | 'confirm'
    title: string
    defaultName?: string
    message?: string
  }[]
  openedExternally: string[]
  revealed: string[]
  openedPaths: string[]
  notifications: { title: string; body: string }[]
  /** Every taskbar progress value set, in order (null = cleared). */
  progress: (number | null)[]
}

/**
 * Test platform ports for the browser host: native dialogs answer from a queue the spec fills
 * (a test cannot click an OS dialog), everything else is recorded for assertions.
 */
export function createTestPlatform(behaviour: { unansweredDialogs?: 'fail' | 'cancel' } = {}): {
  ports: PlatformPorts
  recorder: PlatformRecorder
} {
  // 'fail' (e2e): an unanswered dialog is a test bug, reported loudly instead of hanging like a
  // real dialog. 'cancel' (unit tests): nobody is at the dialogs, so every one is cancelled.
  const failUnanswered = (behaviour.unansweredDialogs ?? 'fail') === 'fail'
  const saves: (string | null)[] = []
  const opens: (string[] | null)[] = []
  const confirms: boolean[] = []
  let focused = true
  const recorder: PlatformRecorder = {
    answerNextSave: (path) => void saves.push(path),
    answerNextOpen: (paths) => void opens.push(paths),
    answerNextConfirm: (answer) => void confirms.push(answer),
    setFocused: (value) => {
      focused = value
    },
    dialogs: [],
    openedExternally: [],
    revealed: [],
    openedPaths: [],
    notifications: [],
    progress: [],
  }
  const ports: PlatformPorts = {
    openExternal(url) {
      recorder.openedExternally.push(url)
      return Promise.resolve()
    },
    showOpenDialog(_ownerId, options) {
      recorder.dialogs.push({ kind: 'open', title: options.title })
      if (opens.length === 0) {
        return failUnanswered
          ? Promise.reject(new Error(`unexpected open dialog "${options.title}"`))
          : Promise.resolve(null)
      }
      return Promise.resolve(opens.shift() ?? null)
    },
    showSaveDialog(_ownerId, options) {
      recorder.dialogs.push({
        kind: 'save',
        title: options.title,
        defaultName: options.defaultName,
      })
      if (saves.length === 0) {
        return failUnanswered
          ? Promise.reject(new Error(`unexpected save dialog "${options.title}"`))
          : Promise.resolve(null)
      }
      return Promise.resolve(saves.shift() ?? null)
    },
    confirm(_ownerId, question) {
      recorder.dialogs.push({
        kind: 'confirm',
        title: question.title,
        message: `${question.message} ${question.detail}`,
      })
      const answer = confirms.shift()
      if (answer === undefined) {
        return failUnanswered
          ? Promise.reject(new Error(`unexpected confirmation "${question.title}"`))
          : Promise.resolve(false)
      }
      return Promise.resolve(answer)
    },
    showItemInFolder: (path) => void recorder.revealed.push(path),
    openPath(path) {
      recorder.openedPaths.push(path)
      return Promise.resolve()
    },
    isWindowFocused: () => focused,
    notify: (notification) => void recorder.notifications.push(notification),
    setProgress: (_ownerId, fraction) => void recorder.progress.push(fraction),
  }
  return { ports, recorder }
}
