import { useQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { spokenSecondsOf } from '../../../../../shared/domain/narration'
import type { RenderEstimate as Estimate } from '../../../../../shared/domain/narration'
import type { RenderSettings } from '../../../../../shared/domain/script-workspace'
import { isAacContainer } from '../../../../../shared/domain/speech'
import { Disclosure } from '../../../components/ui/disclosure'
import { estimateRender } from '../api/render-api'

/** What a render will cost, worked out by main while the dialog is open. */
export function useRenderEstimate(open: boolean, format: RenderSettings['format']) {
  // Why the format is part of the estimate: AAC audio is asked for (and kept) as AAC, every other
  // format from the same PCM audio, so what was rendered before depends on it.
  const engineFormat = isAacContainer(format) ? 'aac' : 'pcm'
  return useQuery({
    queryKey: ['script', 'estimate', open, engineFormat],
    queryFn: () => estimateRender(format),
    enabled: open,
    gcTime: 0,
    retry: false,
  })
}

/** "about 14 minutes of audio", "about 40 seconds of audio", "about 2 hours 10 minutes of audio". */
export function audioLengthWords(characters: number): string {
  const seconds = spokenSecondsOf(characters)
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds / 5) * 5)} seconds of audio`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} of audio`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  const h = `${hours} ${hours === 1 ? 'hour' : 'hours'}`
  return `about ${rest === 0 ? h : `${h} ${rest} ${rest === 1 ? 'minute' : 'minutes'}`} of audio`
}

/** What a render will use, as a creator counts it: one line of facts, each with its unit. */
export function estimateWords(estimate: Estimate): string[] {
  const parts = [
    estimate.billableCharacters === 0
      ? 'uses none of your plan: all of it was rendered before'
      : `uses about ${estimate.billableCharacters.toLocaleString()} characters of your plan`,
    audioLengthWords(estimate.spokenCharacters),
  ]
  if (estimate.cachedCharacters > 0) {
    parts.push(
      `${estimate.cachedCharacters.toLocaleString()} characters already rendered, not paid again`,
    )
  }
  return parts
}

/**
 * What the render will use, in the words of a plan (characters) and of a listener (minutes of
 * audio); how characters are counted waits behind a disclosure for whoever wants it.
 */
export function RenderEstimate(props: {
  estimate: ReturnType<typeof useRenderEstimate>
}): ReactElement {
  const { estimate } = props
  const data = estimate.data
  return (
    <div className="render-dialog__estimate" data-testid="render-estimate" aria-live="polite">
      {estimate.isPending && <p className="field__hint">Working out what it will use…</p>}
      {data && (
        <>
          <p data-testid="render-estimate-summary">This render {estimateWords(data).join(' · ')}</p>
          <Disclosure summary="How this is counted" className="render-dialog__counted">
            <p className="field__hint">
              Your plan counts the characters that are spoken, without the markup; a word listed in
              Pronunciations counts as it is said there. Lines rendered before with the same voice
              and settings are kept on this computer and used again without being paid for again.
              The length of the audio is an estimate at an audiobook reader’s pace.
            </p>
          </Disclosure>
        </>
      )}
    </div>
  )
}
