import type { ReactElement } from 'react'
import type { ShortcutGroup } from '../../../shared/domain/shortcuts'
import { SHORTCUTS } from '../../../shared/domain/shortcuts'
import { DialogFrame } from '../components/ui/dialog-frame'
import { acceleratorKeys } from '../lib/accelerator'

const GROUPS: readonly ShortcutGroup[] = ['Everywhere', 'Script', 'Voices', 'Conversations']

/** One shortcut's keys as separate keycaps. */
function Keys(props: { keys: string }): ReactElement {
  const parts = acceleratorKeys(props.keys)
  return (
    <span className="shortcuts__keys">
      {parts.map((part, index) => (
        <kbd key={`${part}-${index}`}>{part}</kbd>
      ))}
    </span>
  )
}

/**
 * Every keyboard shortcut, grouped by where it works (the list the menu takes its accelerators
 * from). A modal <dialog>: Escape or Close shuts it and focus goes back where it was.
 */
export function ShortcutsSheet(props: { open: boolean; onClose: () => void }): ReactElement {
  return (
    <DialogFrame
      open={props.open}
      title="Keyboard shortcuts"
      onClose={props.onClose}
      size="wide"
      className="shortcuts"
      testId="shortcuts-sheet"
    >
      <div className="shortcuts__groups">
        {GROUPS.map((group) => (
          <section key={group} className="shortcuts__group" aria-labelledby={`shortcuts-${group}`}>
            <h3 id={`shortcuts-${group}`}>{group}</h3>
            <table className="shortcuts__table">
              <thead className="visually-hidden">
                <tr>
                  <th scope="col">Keys</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {SHORTCUTS.filter((shortcut) => shortcut.group === group).map((shortcut) => (
                  <tr key={`${shortcut.keys}-${shortcut.action}`}>
                    <td>
                      <Keys keys={shortcut.keys} />
                    </td>
                    <td>{shortcut.action}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </DialogFrame>
  )
}
