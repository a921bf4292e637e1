import { useQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import type { RenderSettings } from '../../../../../shared/domain/script-workspace'
import { isAacContainer } from '../../../../../shared/domain/speech'
import { ErrorNotice } from '../../../components/error-notice'
import { Disclosure } from '../../../components/ui/disclosure'
import { estimateRender } from '../api/render-api'

/** What a render will cost, worked out by main while the dialog is open. */
export function useRenderEstimate(open: boolean, format: RenderSettings['format']) {
  // Why the format is part of the estimate: AAC pieces are requested (and cached) as AAC, every
  // other format from the same PCM pieces, so what is already cached depends on it.
  const engineFormat = isAacContainer(format) ? 'aac' : 'pcm'
  return useQuery({
    queryKey: ['script', 'estimate', open, engineFormat],
    queryFn: () => estimateRender(format),
    enabled: open,
    gcTime: 0,
    retry: false,
  })
}

function partsOf(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'part' : 'parts'}`
}

/**
 * What the render will use, in the words of a plan (characters); how that was counted (the parts
 * the script is sent in, the ones made before) waits behind a disclosure for whoever wants it.
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
          <p data-testid="render-estimate-summary">
            {data.requests === 0 ? (
              'All of it was made before: this render uses none of your plan.'
            ) : (
              <>
                This render uses about{' '}
                <strong>{data.billableCharacters.toLocaleString()} characters</strong> of your plan
                {data.cachedPieces > 0 ? '; the parts made before are free.' : '.'}
              </>
            )}
          </p>
          <Disclosure summary="How this is counted" className="render-dialog__counted">
            <p className="field__hint">
              The script goes to the service in {partsOf(data.totalPieces)}.
              {data.cachedPieces > 0
                ? ` ${data.cachedPieces.toLocaleString()} of them were made before and are used again, free.`
                : ''}{' '}
              {data.requests.toLocaleString()} {data.requests === 1 ? 'part is' : 'parts are'} sent:
              about {data.billableCharacters.toLocaleString()} characters.
            </p>
          </Disclosure>
        </>
      )}
      {estimate.isError && <ErrorNotice error={estimate.error} />}
    </div>
  )
}
