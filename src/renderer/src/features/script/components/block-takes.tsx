import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Check, Play, RefreshCw, X } from 'lucide-react'
import { useMemo } from 'react'
import type { ReactElement } from 'react'
import type { ScriptBlock } from '../../../../../shared/domain/script'
import type { RegeneratedTake } from '../../../../../shared/domain/script-workspace'
import { ErrorNotice } from '../../../components/error-notice'
import { IconButton } from '../../../components/ui/icon-button'
import { formatClock } from '../../../lib/format'
import { listBlockTakes, regenerateBlock } from '../api/block-takes-api'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'

/** A take's length in figures, or "length unknown" for audio kept as AAC. */
function takeLength(take: RegeneratedTake): string {
  return take.seconds === null
    ? 'length unknown'
    : formatClock(Math.max(1, take.seconds), Math.round)
}

/** Sets the take the render uses for a block (1, the first take, names none); undoable. */
function chooseTake(blockId: string, take: number): void {
  useScriptDocumentStore.getState().updateBlock(blockId, { take: take <= 1 ? undefined : take })
}

/** One take kept: play it, and use it (or "In use" for the one the render uses). */
function TakeRow(props: {
  blockId: string
  take: RegeneratedTake
  playTake: ScriptAudio['playTake']
}): ReactElement {
  const { blockId, take } = props
  return (
    <li
      className={`block-takes__take${take.chosen ? ' block-takes__take--chosen' : ''}`}
      data-testid="block-take"
      data-take={take.take}
    >
      <IconButton
        label={`Play take ${take.take}`}
        icon={Play}
        onClick={() => void props.playTake(blockId, take.take)}
      />
      <span className="block-takes__name">Take {take.take}</span>
      <span className="block-takes__length">{takeLength(take)}</span>
      {take.chosen ? (
        <span className="block-takes__chosen">
          <Check aria-hidden="true" size={14} /> In use
        </span>
      ) : (
        <button
          type="button"
          className="button button--small"
          aria-label={`Use take ${take.take}`}
          title={`Use take ${take.take} in the render`}
          onClick={() => chooseTake(blockId, take.take)}
        >
          Use
        </button>
      )}
    </li>
  )
}

/**
 * A block's takes, below its text: Regenerate (a new take of this block alone, chosen at once,
 * the earlier ones kept), then the takes kept with their length, each to play or to use. The
 * list is main's, read again whenever the block's text or chosen take changes.
 */
export function BlockTakes(props: {
  block: ScriptBlock
  index: number
  playTake: ScriptAudio['playTake']
}): ReactElement {
  const { index } = props
  const { id } = props.block
  const client = useQueryClient()
  const key = ['script', 'blockTakes', id, props.block.text, props.block.take ?? 1]
  const takes = useQuery({ queryKey: key, queryFn: () => listBlockTakes(id), staleTime: 0 })
  const regenerate = useMutation({
    mutationFn: () => regenerateBlock(id),
    onSuccess: (made) => {
      chooseTake(id, made.take)
      void client.invalidateQueries({ queryKey: ['script', 'blockTakes', id] })
    },
  })
  // Oldest first, as they were made: Take 2 under Take 1, never above it.
  const list = useMemo(() => [...(takes.data ?? [])].sort((a, b) => a.take - b.take), [takes.data])
  return (
    <section
      className="block-takes"
      aria-label={`Takes of block ${index + 1}`}
      data-testid="block-takes"
    >
      <div className="block-takes__head">
        <IconButton
          label={regenerate.isPending ? 'Regenerating…' : 'Regenerate'}
          hint="Make a new take of this block (only this block's characters are used); earlier takes are kept"
          icon={RefreshCw}
          showLabel
          disabled={regenerate.isPending}
          onClick={() => regenerate.mutate()}
        />
        <span className="block-takes__note" role="status">
          {regenerate.isPending
            ? 'Making a new take…'
            : list.length === 0 && takes.isSuccess
              ? 'No takes yet: render the script or regenerate this block.'
              : `${list.length} ${list.length === 1 ? 'take' : 'takes'} kept; the render uses the one marked In use.`}
        </span>
        <IconButton
          label="Close takes"
          icon={X}
          onClick={() => useEditorUiStore.getState().openTakes(null)}
        />
      </div>
      {regenerate.isError && <ErrorNotice error={regenerate.error} />}
      {takes.isError && <ErrorNotice error={takes.error} />}
      {list.length > 0 && (
        <ul className="block-takes__list">
          {list.map((take) => (
            <TakeRow key={take.take} blockId={id} take={take} playTake={props.playTake} />
          ))}
        </ul>
      )}
    </section>
  )
}
