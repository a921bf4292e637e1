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
  /** The next queued answer; with none queued, a loud failure ('fail') or the user's cancel. */
  const nextAnswer = <T>(queue: T[], cancel: T, what: string): Promise<T> => {
    const answer = queue.shift()
    if (answer !== undefined) return Promise.resolve(answer)
    return failUnanswered
      ? Promise.reject(new Error(`unexpected ${what}`))
      : Promise.resolve(cancel)
  }
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
      return nextAnswer(opens, null, `open dialog "${options.title}"`)
    },
    showSaveDialog(_ownerId, options) {
      recorder.dialogs.push({
        kind: 'save',
        title: options.title,
        defaultName: options.defaultName,
      })
      return nextAnswer(saves, null, `save dialog "${options.title}"`)
    },
    confirm(_ownerId, question) {
      recorder.dialogs.push({
        kind: 'confirm',
        title: question.title,
        message: `${question.message} ${question.detail}`,
      })
      return nextAnswer(confirms, false, `confirmation "${question.title}"`)
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
