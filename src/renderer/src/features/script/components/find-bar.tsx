import { useState } from 'react'
import type { ReactElement } from 'react'
import { useFindReplace } from '../hooks/use-find-replace'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { NamedInput, OptionCheckbox, SmallButton } from './compact-controls'

const closeFind = (): void => useEditorUiStore.getState().closeFind()

/** Find (and replace) across all blocks, plain or regex, with match case; Enter finds the next. */
export function FindBar(): ReactElement {
  const replaceOpen = useEditorUiStore((s) => s.replaceOpen)
  const [text, setText] = useState('')
  const [replacement, setReplacement] = useState('')
  const [regex, setRegex] = useState(false)
  const [matchCase, setMatchCase] = useState(false)
  const { compiled, status, findNext, replaceAll } = useFindReplace({ text, regex, matchCase })
  const nothingToFind = compiled.pattern === null

  return (
    <div className="find-bar" role="search" aria-label="Find and replace">
      <input
        className="input"
        aria-label="Find"
        placeholder="Find"
        autoFocus
        value={text}
        aria-invalid={compiled.error !== null}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            findNext()
          }
          if (event.key === 'Escape') closeFind()
        }}
      />
      {replaceOpen && (
        <NamedInput
          label="Replace with"
          value={replacement}
          onChange={setReplacement}
          onEscape={closeFind}
        />
      )}
      <OptionCheckbox label="Regex" checked={regex} onChange={setRegex} />
      <OptionCheckbox label="Match case" checked={matchCase} onChange={setMatchCase} />
      <SmallButton onClick={findNext} disabled={nothingToFind}>
        Find next
      </SmallButton>
      {replaceOpen && (
        <SmallButton onClick={() => replaceAll(replacement)} disabled={nothingToFind}>
          Replace all
        </SmallButton>
      )}
      <span role="status" className="field__hint">
        {compiled.error ?? status}
      </span>
      <SmallButton label="Close find" onClick={closeFind}>
        Close
      </SmallButton>
    </div>
  )
}
