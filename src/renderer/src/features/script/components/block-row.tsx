import { memo, useMemo } from 'react'
import type { ReactElement } from 'react'
import type { BlockMark } from '../../../../../shared/domain/script-workspace'
import { useBlockMarksStore } from '../stores/block-marks-store'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { billableCount, charCount, useScriptDocumentStore } from '../stores/script-document-store'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { BlockActions, useRowLit } from './block-actions'
import { BlockDetails } from './block-details'
import {
  blockStateWords,
  renderPhase,
  RENDERING_WORDS,
  STATE_MEANING,
  WAITING_WORDS,
} from './block-state'
import { BlockReading, BlockText } from './block-text'
import { BlockTakes } from './block-takes'
import { BlockVoice } from './block-voice'

const NOT_RENDERED: BlockMark = { state: 'new' }

type RenderPhase = ReturnType<typeof renderPhase>

/** The words and tooltip of a block's state, with a running render's phase over its own state. */
function stateShown(
  mark: BlockMark,
  phase: RenderPhase,
): { key: string; words: string; title: string } {
  if (phase === 'rendering') {
    return {
      key: 'rendering',
      words: RENDERING_WORDS,
      title: `${RENDERING_WORDS} — the render is making its audio now`,
    }
  }
  if (phase === 'waiting') {
    return {
      key: 'waiting',
      words: WAITING_WORDS,
      title: `${WAITING_WORDS} — the render makes its audio after the blocks before it`,
    }
  }
  const words = blockStateWords(mark)
  return { key: mark.state, words, title: `${words} — ${STATE_MEANING[mark.state]}` }
}

/** A block's number and its audio mark, whose tooltip says what the mark means. */
const BlockGutter = memo(function BlockGutter(props: {
  index: number
  mark: BlockMark
  phase: RenderPhase
}): ReactElement {
  const shown = stateShown(props.mark, props.phase)
  return (
    <div className="block__gutter">
      <span className="block__number" aria-hidden="true">
        {props.index + 1}
      </span>
      <span
        className={`block__mark block__mark--${shown.key}`}
        title={shown.title}
        aria-hidden="true"
        data-testid="block-mark"
      />
    </div>
  )
})

/**
 * A block's state in words ("Not rendered", "Rendering…", "Rendered · 0:14"), in calm colours;
 * while a render runs, the block it is at says "Rendering…" and the ones after it "Waiting".
 */
const BlockStateWords = memo(function BlockStateWords(props: {
  mark: BlockMark
  phase: RenderPhase
}): ReactElement {
  const shown = stateShown(props.mark, props.phase)
  return (
    <span
      className={`block__state block__state--${shown.key}`}
      title={shown.title}
      data-testid="block-state"
    >
      {shown.words}
    </span>
  )
})

/**
 * One block in one line: number and audio mark in the gutter, the text (an auto-height textarea
 * whose keystrokes touch only this block in the store), speaker and voice, its state in words
 * (on the rows that have one to show: "Not rendered" is the gutter's hollow mark), then its
 * actions, shown
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
  const atThisBlock = useBlockMarksStore((s) => s.inFlight === id)
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
  const phase = renderPhase(shown, renderRuns, atThisBlock)

  return (
    <article
      className={`block block--${state}${active ? ' block--active' : ''}`}
      data-testid="script-block"
      data-block-id={id}
      data-mark={phase ?? state}
      aria-label={`Block ${index + 1}`}
      {...handlers}
    >
      <BlockGutter index={index} mark={shown} phase={phase} />
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
        <BlockStateWords mark={shown} phase={phase} />
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
