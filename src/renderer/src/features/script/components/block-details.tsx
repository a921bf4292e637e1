import { Hourglass } from 'lucide-react'
import { memo } from 'react'
import type { ReactElement } from 'react'
import { useScriptDocumentStore } from '../stores/script-document-store'

/**
 * The exact pause after a block (empty: the project's). Memoized apart from the counts: typing
 * changes the counts on every key, and React writes a controlled input's type and name again each
 * time it draws it, attribute changes that sent the page through a style recalculation per key.
 */
const BlockPause = memo(function BlockPause(props: {
  id: string
  index: number
  pauseAfterMs: number | undefined
}): ReactElement {
  const { id, index, pauseAfterMs } = props
  const seconds = pauseAfterMs === undefined ? '' : String(pauseAfterMs / 1000)
  return (
    <label
      className={`block__pause${pauseAfterMs === undefined ? '' : ' block__pause--set'}`}
      title="Exact silence after this block, in seconds (empty: the project's pause)"
    >
      <Hourglass className="block__pause-icon" aria-hidden="true" focusable="false" />
      <span aria-hidden="true">Pause after</span>
      <span className="visually-hidden">Pause after block {index + 1}, in seconds</span>
      <input
        className="input"
        type="number"
        min={0}
        max={60}
        step={0.1}
        placeholder="auto"
        value={seconds}
        onChange={(event) => {
          // Seconds on screen, as in Project settings; the project keeps whole milliseconds.
          const typed = event.target.value
          const value =
            typed === '' || !Number.isFinite(Number(typed))
              ? undefined
              : Math.max(0, Math.min(60_000, Math.round(Number(typed) * 1000)))
          useScriptDocumentStore.getState().updateBlock(id, { pauseAfterMs: value })
        }}
      />
      <span aria-hidden="true">sec</span>
    </label>
  )
})

/**
 * A block's details line: the exact pause after it (empty: the project's), its characters as
 * written and billed, and whether it is sent as SSML.
 */
export function BlockDetails(props: {
  id: string
  index: number
  pauseAfterMs: number | undefined
  chars: number
  billable: number
  ssml: boolean
}): ReactElement {
  return (
    <div className="block__details">
      <BlockPause id={props.id} index={props.index} pauseAfterMs={props.pauseAfterMs} />
      <span
        className="block__counts"
        data-testid="block-counts"
        title={
          props.billable === props.chars
            ? 'Characters as written; your plan counts the same'
            : 'Characters as written · what your plan counts: the words as they are said (Pronunciations, “say it as”), without markup'
        }
      >
        {props.chars.toLocaleString()} characters
        {props.billable === props.chars ? '' : ` · ${props.billable.toLocaleString()} as spoken`}
      </span>
      {props.ssml && (
        <span className="chip" title="This block is sent as SSML">
          SSML
        </span>
      )}
    </div>
  )
}
