import { useRef } from 'react'
import type { ReactElement } from 'react'
import type { ShortcutGroup } from '../../../shared/domain/shortcuts'
import { SHORTCUTS } from '../../../shared/domain/shortcuts'
import { useModalDialog } from '../components/use-modal-dialog'
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
  const { open, onClose } = props
  const closeRef = useRef<HTMLButtonElement>(null)
  const { dialogProps } = useModalDialog(open, onClose, closeRef)

  return (
    <dialog
      {...dialogProps}
      className="dialog shortcuts"
      aria-labelledby="shortcuts-title"
      data-testid="shortcuts-sheet"
    >
      <div className="dialog__body">
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <div className="shortcuts__groups">
          {GROUPS.map((group) => (
            <section
              key={group}
              className="shortcuts__group"
              aria-labelledby={`shortcuts-${group}`}
            >
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
      </div>
      <div className="dialog__actions">
        <button ref={closeRef} type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  )
}
