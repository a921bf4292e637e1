/** True on macOS, where shortcuts use ⌘ rather than Ctrl. Read from the page, not from Node. */
export const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

/** "⌘1" on macOS, "Ctrl+1" elsewhere. */
export function shortcutLabel(digit: string): string {
  return isMac ? `⌘${digit}` : `Ctrl+${digit}`
}
