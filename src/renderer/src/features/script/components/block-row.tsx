import { memo, useMemo } from 'react'
import type { ReactElement } from 'react'
import type { BlockMark } from '../../../../../shared/domain/script-workspace'
import { useBlockMarksStore } from '../stores/block-marks-store'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { billableCount, charCount, useScriptDocumentStore } from '../stores/script-document-store'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { BlockActions, useRowLit } from './block-actions'
import { BlockDetails } from './block-details'
import { blockStateWords, isRendering, RENDERING_WORDS, STATE_MEANING } from './block-state'
import { BlockReading, BlockText } from './block-text'
import { BlockTakes } from './block-takes'
import { BlockVoice } from './block-voice'

const NOT_RENDERED: BlockMark = { state: 'new' }

/** A block's number and its audio mark, whose tooltip says what the mark means. */
const BlockGutter = memo(function BlockGutter(props: {
  index: number
  mark: BlockMark
  rendering: boolean
}): ReactElement {
  const { state } = props.mark
  return (
    <div className="block__gutter">
      <span className="block__number" aria-hidden="true">
        {props.index + 1}
      </span>
      <span
        className={`block__mark block__mark--${props.rendering ? 'rendering' : state}`}
        title={
          props.rendering
            ? `${RENDERING_WORDS} — its audio arrives as the render reaches it`
            : `${blockStateWords(props.mark)} — ${STATE_MEANING[state]}`
        }
        aria-hidden="true"
        data-testid="block-mark"
      />
    </div>
  )
})

/**
 * A block's state in words ("Not rendered", "Rendering…", "Rendered · 0:14"), in calm colours;
 * while a render runs, a block without its audio yet says "Rendering…" until its audio arrives.
 */
const BlockStateWords = memo(function BlockStateWords(props: {
  mark: BlockMark
  rendering: boolean
}): ReactElement {
  const { state } = props.mark
  const words = props.rendering ? RENDERING_WORDS : blockStateWords(props.mark)
  return (
    <span
      className={`block__state block__state--${props.rendering ? 'rendering' : state}`}
      title={
        props.rendering
          ? `${words} — its audio arrives as the render reaches it`
          : `${words} — ${STATE_MEANING[state]}`
      }
      data-testid="block-state"
    >
      {words}
    </span>
  )
})

/**
 * One block in one line: number and audio mark in the gutter, the text (an auto-height textarea
 * whose keystrokes touch only this block in the store), speaker and voice, its state in words
 * (one column down the list), then its actions, shown
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
  const renderRuns = useBlockMarksStore((s) => s.rendering)
  // A chapter heading shows only where the chapter changes.
  const previousChapter = useScriptDocumentStore((s) => {
    const previous = index > 0 ? s.order[index - 1] : undefined
    return previous === undefined ? null : (s.blocks.get(previous)?.chapter ?? null)
  })
  // The block last written in: its details line stays open while the focus visits its voice or
  // its actions, so nothing below moves between a mouse press and its release.
  const active = useEditorUiStore((s) => s.caret?.blockId === id)
  const takesOpen = useEditorUiStore((s) => s.takesBlockId === id)
  const chars = useMemo(() => (block ? charCount(block.text) : 0), [block])
  const lexicon = useScriptDocumentStore((s) => s.meta.lexicon)
  const billable = useMemo(() => (block ? billableCount(block, lexicon) : 0), [block, lexicon])
  const { lit, handlers } = useRowLit()

  if (block === undefined) return null
  const reading = audio.reading?.blockId === id ? audio.reading : null
  const shown = mark ?? NOT_RENDERED
  const state = shown.state
  const rendering = isRendering(shown, renderRuns)

  return (
    <article
      className={`block block--${state}${active ? ' block--active' : ''}`}
      data-testid="script-block"
      data-block-id={id}
      data-mark={rendering ? 'rendering' : state}
      aria-label={`Block ${index + 1}`}
      {...handlers}
    >
      <BlockGutter index={index} mark={shown} rendering={rendering} />
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
        {takesOpen && <BlockTakes block={block} index={index} playTake={audio.playTake} />}
      </div>
      <div className="block__voice">
        <BlockVoice id={id} index={index} speaker={block.speaker} voiceId={block.voiceId} />
        <BlockStateWords mark={shown} rendering={rendering} />
      </div>
      <BlockActions
        id={id}
        index={index}
        lit={lit}
        rendered={state === 'cached'}
        reading={reading !== null}
        takesOpen={takesOpen}
        preview={audio.preview}
        playRendered={audio.playRendered}
        stop={audio.stop}
      />
    </article>
  )
})
