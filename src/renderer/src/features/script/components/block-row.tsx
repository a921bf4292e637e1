import { memo, useMemo } from 'react'
import type { ReactElement } from 'react'
import type { BlockAudioState } from '../../../../../shared/domain/script-workspace'
import { useBlockMarksStore } from '../stores/block-marks-store'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { billableCount, charCount, useScriptDocumentStore } from '../stores/script-document-store'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { BlockActions, useRowLit } from './block-actions'
import { BlockDetails } from './block-details'
import { BlockReading, BlockText } from './block-text'
import { BlockVoice } from './block-voice'

const MARK_LABEL: Record<BlockAudioState, string> = {
  cached: 'Rendered',
  stale: 'Changed since render',
  new: 'Not rendered',
  empty: 'Empty',
  'no-voice': 'No voice',
}

/** A block's number and its audio mark ("Rendered", "Changed since render"…). */
const BlockGutter = memo(function BlockGutter(props: {
  index: number
  state: BlockAudioState
}): ReactElement {
  const { state } = props
  return (
    <div className="block__gutter">
      <span className="block__number" aria-hidden="true">
        {props.index + 1}
      </span>
      <span
        className={`block__mark block__mark--${state}`}
        title={MARK_LABEL[state]}
        data-testid="block-mark"
      >
        <span className="visually-hidden">{MARK_LABEL[state]}</span>
      </span>
    </div>
  )
})

/**
 * One block in one line: number and audio mark in the gutter, the text (an auto-height textarea
 * whose keystrokes touch only this block in the store), speaker and voice, then its actions, shown
 * while the pointer is over the row or anything in it has the focus. The details line (pause after,
 * counts, SSML) shows for the block last written in, and the pause whenever one is set. Re-renders only
 * when its own block, mark or playback changes.
 */
export const BlockRow = memo(function BlockRow(props: {
  id: string
  index: number
  audio: ScriptAudio
}): ReactElement | null {
  const { id, index, audio } = props
  const block = useScriptDocumentStore((s) => s.blocks.get(id))
  const mark = useBlockMarksStore((s) => s.marks[id])
  // A chapter heading shows only where the chapter changes.
  const previousChapter = useScriptDocumentStore((s) => {
    const previous = index > 0 ? s.order[index - 1] : undefined
    return previous === undefined ? null : (s.blocks.get(previous)?.chapter ?? null)
  })
  // The block last written in: its details line stays open while the focus visits its voice or
  // its actions, so nothing below moves between a mouse press and its release.
  const active = useEditorUiStore((s) => s.caret?.blockId === id)
  const chars = useMemo(() => (block ? charCount(block.text) : 0), [block])
  const lexicon = useScriptDocumentStore((s) => s.meta.lexicon)
  const billable = useMemo(() => (block ? billableCount(block, lexicon) : 0), [block, lexicon])
  const { lit, handlers } = useRowLit()

  if (block === undefined) return null
  const reading = audio.reading?.blockId === id ? audio.reading : null
  const state = mark ?? 'new'

  return (
    <article
      className={`block block--${state}${active ? ' block--active' : ''}`}
      data-testid="script-block"
      data-block-id={id}
      data-mark={state}
      aria-label={`Block ${index + 1}`}
      {...handlers}
    >
      <BlockGutter index={index} state={state} />
      <div className="block__body">
        {block.chapter !== undefined && block.chapter !== previousChapter && (
          <p className="block__chapter">{block.chapter}</p>
        )}
        {reading === null ? (
          <BlockText id={id} index={index} text={block.text} />
        ) : (
          <BlockReading
            text={block.text}
            words={reading.words}
            current={audio.currentWord}
            seek={audio.seekToWord}
          />
        )}
        <BlockDetails
          id={id}
          index={index}
          pauseAfterMs={block.pauseAfterMs}
          chars={chars}
          billable={billable}
          ssml={block.ssml}
        />
      </div>
      <BlockVoice id={id} index={index} speaker={block.speaker} voiceId={block.voiceId} />
      <BlockActions
        id={id}
        index={index}
        lit={lit}
        rendered={state === 'cached'}
        reading={reading !== null}
        preview={audio.preview}
        playRendered={audio.playRendered}
        stop={audio.stop}
      />
    </article>
  )
})
