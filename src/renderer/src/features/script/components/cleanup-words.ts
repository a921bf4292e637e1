import type { CleanupPreview, CleanupSettings } from '../../../../../shared/domain/cleanup-rules'
import { rulePatternProblem } from '../../../../../shared/domain/cleanup-rules'
import { formatCount } from '../../../../../shared/limits'

/** The first of the user's rules that cannot run (its number, 0-based), or null. */
export function brokenRule(settings: CleanupSettings): number | null {
  const index = settings.rules.findIndex(
    (rule) => rule.find !== '' && rulePatternProblem(rule) !== null,
  )
  return index < 0 ? null : index
}

/** "43 changes in 12 blocks · 1,240 characters fewer to pay for". */
export function summaryOf(preview: CleanupPreview): string {
  const count = preview.reports.reduce((sum, r) => sum + r.count, 0)
  const saved = preview.reports.reduce((sum, r) => sum + r.charactersSaved, 0)
  if (count === 0) return 'The rules find nothing to change.'
  const blocks = preview.changes.length
  const money =
    saved > 0
      ? `${formatCount(saved)} characters fewer to pay for`
      : saved < 0
        ? `${formatCount(-saved)} characters more`
        : 'the same length'
  return `${formatCount(count)} ${count === 1 ? 'change' : 'changes'} in ${formatCount(blocks)} ${blocks === 1 ? 'block' : 'blocks'} · ${money}`
}

/** The built-in rules that are switched on and off (the addresses rule is a choice of three). */
const SWITCHED = ['citations', 'footnoteMarkers', 'repeatedPunctuation', 'capsHeadings'] as const

/**
 * The settings with the rule behind a report (`citations`, `links`, `rule:2`…) turned off: what
 * "Undo" beside a rule's changes does. Addresses are then kept as written; the user's own rule
 * stays in the list, turned off, to turn on again.
 */
export function withoutRule(settings: CleanupSettings, reportId: string): CleanupSettings {
  if (reportId === 'links') return { ...settings, links: 'keep' }
  const own = /^rule:(\d+)$/.exec(reportId)
  if (own !== null) {
    const index = Number(own[1])
    return {
      ...settings,
      rules: settings.rules.map((rule, i) => (i === index ? { ...rule, enabled: false } : rule)),
    }
  }
  const id = SWITCHED.find((name) => name === reportId)
  return id === undefined ? settings : { ...settings, [id]: false }
}

/**
 * The label of the button that applies the rules (`verb` "Apply"), or opens the manuscript with
 * them (`verb` "Open with"): what it will do, or, while a rule cannot run, what blocks it. Why:
 * a disabled "Apply 5 changes" promised changes that the broken rule stops.
 */
export function applyLabel(options: {
  verb: 'Apply' | 'Open with'
  broken: number | null
  total: number
  /** Said when nothing changes (the rules are kept, or the manuscript opens as read). */
  otherwise: string
}): string {
  const { verb, broken, total } = options
  if (broken !== null)
    return `Fix rule ${formatCount(broken + 1)} to ${verb === 'Apply' ? 'apply' : 'open'}`
  if (total > 0) return `${verb} ${formatCount(total)} ${total === 1 ? 'change' : 'changes'}`
  return options.otherwise
}
