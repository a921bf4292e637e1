import { acceleratorKeys } from '../../lib/accelerator'

const mac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

/** An accelerator (`CmdOrCtrl+Shift+S`) as a tooltip shows it: `Ctrl+Shift+S`, or `⌘⇧S` on a Mac. */
export function shortcutLabel(keys: string): string {
  return acceleratorKeys(keys).join(mac ? '' : '+')
}

/** An accelerator in the form `aria-keyshortcuts` takes (`Control+Shift+S`, `Meta+S`). */
export function ariaShortcut(keys: string): string {
  return keys
    .split('+')
    .map((part) => {
      if (part === 'CmdOrCtrl') return mac ? 'Meta' : 'Control'
      if (part === 'Cmd') return 'Meta'
      if (part === 'Ctrl') return 'Control'
      return part
    })
    .join('+')
}
