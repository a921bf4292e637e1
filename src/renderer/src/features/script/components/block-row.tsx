import {
  Circle,
  CircleCheck,
  CircleDashed,
  CircleExclamationPoint,
  GitCompare,
  Headphones,
  Hourglass,
  PencilLine,
  Play,
  Plus,
  RefreshCw,
  Trash,
} from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { memo, useEffect, useMemo, useRef } from 'react'
import type { ReactElement } from 'react'
import type { BlockAudioState } from '../../../../../shared/domain/script-workspace'
import { useVoiceOptions } from '../api/script-api'
import { useBlockMarksStore } from '../stores/block-marks-store'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { billableCount, charCount, useScriptDocumentStore } from '../stores/script-document-store'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { IconButton } from '../../../components/ui/icon-button'
import { VoicePicker } from './voice-picker'

const MARK_ICON: Record<BlockAudioState, LucideIcon> = {
  cached: CircleCheck,
  stale: RefreshCw,
  new: Circle,
  empty: CircleDashed,
  'no-voice': CircleExclamationPoint,
}

const MARK_LABEL: Record<BlockAudioState, string> = {
  cached: 'Rendered',
  stale: 'Changed since render',
  new: 'Not rendered',
  empty: 'Empty',
  'no-voice': 'No voice',
}

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
  const castVoice = useScriptDocumentStore((s) =>
    block?.speaker ? s.meta.cast[block.speaker] : undefined,
  )
  const mark = useBlockMarksStore((s) => s.marks[id])
  const voices = useVoiceOptions()
  const castVoiceName =
    castVoice === undefined
      ? 'no voice yet'
      : (voices.data?.find((v) => v.id === castVoice)?.displayName ?? castVoice)
  // A chapter heading shows only where the chapter changes.
  const previousChapter = useScriptDocumentStore((s) => {
    const previous = index > 0 ? s.order[index - 1] : undefined
    return previous === undefined ? null : (s.blocks.get(previous)?.chapter ?? null)
  })
  const reveal = useEditorUiStore((s) => (s.reveal?.blockId === id ? s.reveal : null))
  // The block last written in: its details line stays open while the focus visits its voice or
  // its actions, so nothing below moves between a mouse press and its release.
  const active = useEditorUiStore((s) => s.caret?.blockId === id)
  const textRef = useRef<HTMLTextAreaElement>(null)
  const chars = useMemo(() => (block ? charCount(block.text) : 0), [block])
  const lexicon = useScriptDocumentStore((s) => s.meta.lexicon)
  const billable = useMemo(() => (block ? billableCount(block, lexicon) : 0), [block, lexicon])

  useEffect(() => {
    if (reveal === null) return
    const area = textRef.current
    area?.focus()
    area?.setSelectionRange(reveal.start, reveal.end)
  }, [reveal])

  if (block === undefined) return null
  const reading = audio.reading?.blockId === id ? audio.reading : null
  const state = mark ?? 'new'
  const MarkIcon = MARK_ICON[state]
  const updateCaret = (): void => {
    const area = textRef.current
    if (area === null) return
    useEditorUiStore
      .getState()
      .setCaret({ blockId: id, start: area.selectionStart, end: area.selectionEnd })
  }

  return (
    <article
      className={`block block--${state}${active ? ' block--active' : ''}`}
      data-testid="script-block"
      data-block-id={id}
      data-mark={state}
      aria-label={`Block ${index + 1}`}
    >
      <div className="block__gutter">
        <span className="block__number" aria-hidden="true">
          {index + 1}
        </span>
        <span
          className={`block__mark block__mark--${state}`}
          title={MARK_LABEL[state]}
          data-testid="block-mark"
        >
          <MarkIcon className="block__mark-icon" aria-hidden="true" focusable="false" />
          <span className="visually-hidden">{MARK_LABEL[state]}</span>
        </span>
      </div>
      <div className="block__body">
        {block.chapter !== undefined && block.chapter !== previousChapter && (
          <p className="block__chapter">{block.chapter}</p>
        )}
        {reading === null ? (
          <textarea
            ref={textRef}
            className="block__text"
            aria-label={`Text of block ${index + 1}`}
            value={block.text}
            placeholder="Write what is said here"
            spellCheck
            rows={1}
            onChange={(event) => {
              useScriptDocumentStore.getState().setText(id, event.target.value)
              updateCaret()
            }}
            onSelect={updateCaret}
            onFocus={updateCaret}
          />
        ) : (
          <p className="block__reading" data-testid="block-reading">
            {renderWords(block.text, reading.words, audio.currentWord, audio.seekToWord)}
          </p>
        )}
        <div className="block__details">
          <label
            className={`block__pause${block.pauseAfterMs === undefined ? '' : ' block__pause--set'}`}
            title="Exact silence after this block (empty: the project's pause)"
          >
            <Hourglass className="block__pause-icon" aria-hidden="true" focusable="false" />
            <span aria-hidden="true">Pause after</span>
            <span className="visually-hidden">Pause after block {index + 1}, in milliseconds</span>
            <input
              className="input"
              type="number"
              min={0}
              max={60000}
              step={100}
              placeholder="auto"
              value={block.pauseAfterMs ?? ''}
              onChange={(event) => {
                const value =
                  event.target.value === ''
                    ? undefined
                    : Math.max(0, Math.min(60000, Number(event.target.value)))
                useScriptDocumentStore.getState().updateBlock(id, { pauseAfterMs: value })
              }}
            />
            <span aria-hidden="true">ms</span>
          </label>
          <span
            className="block__counts"
            data-testid="block-counts"
            title="Characters as written · billable characters (what is spoken: lexicon aliases, no SSML tags)"
          >
            {chars.toLocaleString()} chars · {billable.toLocaleString()} billable
          </span>
          {block.ssml && (
            <span className="chip" title="This block is sent as SSML">
              SSML
            </span>
          )}
        </div>
      </div>
      <div className="block__voice">
        {block.speaker !== undefined && (
          <span className="chip chip--accent block__speaker" title="Speaker (voice from the cast)">
            {block.speaker}
          </span>
        )}
        <VoicePicker
          compact
          label={`Voice of block ${index + 1}`}
          value={block.voiceId}
          inheritLabel={block.speaker ? `Cast: ${castVoiceName}` : 'Default voice'}
          onChange={(voiceId) => useScriptDocumentStore.getState().updateBlock(id, { voiceId })}
        />
      </div>
      <div className="block__actions" role="group" aria-label={`Block ${index + 1} actions`}>
        <IconButton
          label="Preview"
          hint="Preview this block"
          icon={Play}
          onClick={() => void audio.preview(id)}
        />
        {state === 'cached' && (
          <IconButton
            label={reading === null ? 'Play rendered' : 'Back to editing'}
            hint={
              reading === null
                ? 'Play the rendered audio with the words highlighted'
                : 'Back to editing'
            }
            icon={reading === null ? Headphones : PencilLine}
            onClick={() => (reading === null ? void audio.playRendered(id) : audio.stop())}
          />
        )}
        <IconButton
          label={`Compare voices for block ${index + 1}`}
          hint="Compare two voices (A/B) at the same loudness, and keep one"
          icon={GitCompare}
          onClick={() => useEditorUiStore.getState().openAb(id)}
        />
        <IconButton
          label="Add below"
          hint="Add a block below this one"
          icon={Plus}
          onClick={() => useScriptDocumentStore.getState().insertBlockAfter(id)}
        />
        <IconButton
          label="Delete"
          hint="Delete this block (undo brings it back)"
          icon={Trash}
          tone="danger"
          shortcut={undefined}
          onClick={() => useScriptDocumentStore.getState().removeBlock(id)}
        />
      </div>
    </article>
  )
})

function renderWords(
  text: string,
  words: { start: number; end: number }[],
  current: number,
  seek: (index: number) => void,
): ReactElement[] {
  const out: ReactElement[] = []
  let at = 0
  words.forEach((word, i) => {
    if (word.start > at) out.push(<span key={`t${at}`}>{text.slice(at, word.start)}</span>)
    out.push(
      <button
        key={`w${i}`}
        type="button"
        className={`block__word${i === current ? ' block__word--current' : ''}`}
        data-current={i === current}
        onClick={() => seek(i)}
      >
        {text.slice(word.start, word.end)}
      </button>,
    )
    at = Math.max(at, word.end)
  })
  if (at < text.length) out.push(<span key="tail">{text.slice(at)}</span>)
  return out
}
