import type { ReactElement } from 'react'
import { humanizeCode } from '../../../../../shared/domain/conversation-format'
import { agentLabel, useAgents, useSummaries } from '../api/inbox-queries'
import { useInboxStore } from '../stores/inbox-store'
import { drillText } from './drill-words'

/** A criterion's name as the evaluations read so far give it; failing that, its id in words. */
function useCriterionName(): (id: string) => string {
  const summaries = useSummaries()
  return (id) => {
    for (const summary of Object.values(summaries)) {
      const found = summary.criteria.find((c) => c.id === id)
      if (found !== undefined) return found.name
    }
    return humanizeCode(id)
  }
}

/**
 * Where the inbox's list came from when a chart of the overview opened it ("From Overview:
 * failed calls on Sun, Nov 22"), with the way back. Why: the filters alone said what, never why,
 * and the way back was a tab the reader had to think of. Gone once a filter is changed by hand.
 */
export function DrillContext(): ReactElement | null {
  const drilled = useInboxStore((s) => s.drilled)
  const setTab = useInboxStore((s) => s.setTab)
  const agents = useAgents()
  const criterionName = useCriterionName()
  if (drilled === null) return null
  return (
    <p className="drill-context" data-testid="drill-context">
      <span className="drill-context__words">
        <span className="drill-context__from">From Overview:</span>{' '}
        {drillText(drilled, (id) => agentLabel(agents, id), criterionName)}
      </span>
      <button type="button" className="button button--small" onClick={() => setTab('overview')}>
        Back to Overview
      </button>
    </p>
  )
}
