/** True on macOS, where CmdOrCtrl means ⌘. Read from the page, not from Node. */
const mac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

const KEY_NAMES: Record<string, string> = {
  enter: 'Enter',
  up: 'ArrowUp',
  down: 'ArrowDown',
  space: ' ',
  plus: '+',
}

/**
 * True when a key press is the accelerator `keys` (Electron's syntax, as the menu uses it):
 * CmdOrCtrl is ⌘ on macOS and Ctrl elsewhere, and every modifier must match exactly.
 */
export function matchesAccelerator(event: KeyboardEvent, keys: string): boolean {
  const parts = keys.split('+')
  const key = parts.pop() ?? ''
  const wanted = new Set(parts)
  const command = wanted.has('CmdOrCtrl')
  const ctrl = (command && !mac) || wanted.has('Ctrl')
  const meta = (command && mac) || wanted.has('Cmd')
  if (event.ctrlKey !== ctrl || event.metaKey !== meta) return false
  if (event.altKey !== wanted.has('Alt') || event.shiftKey !== wanted.has('Shift')) return false
  const expected = KEY_NAMES[key.toLowerCase()] ?? key
  // Why the character and not the physical key: the menu's accelerators follow the layout too.
  // Lower case, since Shift makes `key` a capital.
  return event.key.toLowerCase() === expected.toLowerCase()
}

const MAC_SYMBOLS: Record<string, string> = {
  CmdOrCtrl: '⌘',
  Cmd: '⌘',
  Ctrl: '⌃',
  Shift: '⇧',
  Alt: '⌥',
}

/** The keys of an accelerator as the user reads them on this platform: ["Ctrl", "Shift", "S"]. */
export function acceleratorKeys(keys: string): string[] {
  return keys.split('+').map((part) => {
    if (mac && MAC_SYMBOLS[part] !== undefined) return MAC_SYMBOLS[part]
    if (part === 'CmdOrCtrl') return 'Ctrl'
    if (part === 'Up') return '↑'
    if (part === 'Down') return '↓'
    return part
  })
}
