import { Plus, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import type { ReactElement } from 'react'
import type {
  BuiltInRuleId,
  CleanupPreview,
  CleanupSettings,
  LinkMode,
  UserRule,
} from '../../../../../shared/domain/cleanup-rules'
import {
  BUILT_IN_RULE_LABELS,
  MAX_USER_RULES,
  rulePatternProblem,
} from '../../../../../shared/domain/cleanup-rules'
import { formatCount } from '../../../../../shared/limits'
import { IconButton } from '../../../components/ui/icon-button'
import { CleanupChanges } from './cleanup-changes'
import { CleanupRuleSets } from './cleanup-rule-sets'
import { CleanupTryField } from './cleanup-try-field'
import { withoutRule } from './cleanup-words'
import './cleanup-dialog.css'

const SWITCHES: readonly Exclude<BuiltInRuleId, 'links'>[] = [
  'citations',
  'footnoteMarkers',
  'repeatedPunctuation',
  'capsHeadings',
]

function countOf(preview: CleanupPreview | null, id: string): number | null {
  if (preview === null) return null
  return preview.reports.find((r) => r.id === id)?.count ?? 0
}

function FoundBadge(props: { count: number | null }): ReactElement | null {
  if (props.count === null) return null
  return (
    <span className={`cleanup__found${props.count === 0 ? ' cleanup__found--none' : ''}`}>
      {props.count === 0 ? 'none found' : `${formatCount(props.count)} found`}
    </span>
  )
}

function BuiltInRules(props: {
  settings: CleanupSettings
  preview: CleanupPreview | null
  onChange: (patch: Partial<CleanupSettings>) => void
}): ReactElement {
  const { settings, preview, onChange } = props
  return (
    <fieldset className="box box--fields cleanup__group">
      <legend>Built-in rules</legend>
      {SWITCHES.map((id) => (
        <label key={id} className="cleanup__rule">
          <input
            type="checkbox"
            checked={settings[id]}
            onChange={(e) => onChange({ [id]: e.target.checked })}
          />
          <span className="cleanup__rule-label">{BUILT_IN_RULE_LABELS[id]}</span>
          {settings[id] && <FoundBadge count={countOf(preview, id)} />}
        </label>
      ))}
      <div className="cleanup__rule">
        <label className="cleanup__rule-label" htmlFor="cleanup-links">
          {BUILT_IN_RULE_LABELS.links}
        </label>
        <select
          id="cleanup-links"
          className="input cleanup__links"
          value={settings.links}
          onChange={(e) => onChange({ links: e.target.value as LinkMode })}
        >
          <option value="say">Read as “link”</option>
          <option value="remove">Leave out</option>
          <option value="keep">Keep as written</option>
        </select>
        {settings.links !== 'keep' && <FoundBadge count={countOf(preview, 'links')} />}
      </div>
    </fieldset>
  )
}

function UserRuleRow(props: {
  rule: UserRule
  index: number
  count: number | null
  advanced: boolean
  onChange: (rule: UserRule) => void
  onRemove: () => void
}): ReactElement {
  const { rule, index, onChange } = props
  const problem = rule.find === '' ? null : rulePatternProblem(rule)
  const problemId = useId()
  const n = index + 1
  return (
    <li className="cleanup__user-rule">
      <input
        className="input"
        aria-label={`Rule ${n}: find`}
        placeholder="Find"
        value={rule.find}
        aria-invalid={problem !== null}
        aria-describedby={problem !== null ? problemId : undefined}
        onChange={(e) => onChange({ ...rule, find: e.target.value })}
      />
      <input
        className="input"
        aria-label={`Rule ${n}: replace with`}
        placeholder="Replace with (empty leaves it out)"
        value={rule.replace}
        onChange={(e) => onChange({ ...rule, replace: e.target.value })}
      />
      {rule.enabled ? (
        <FoundBadge count={rule.find === '' || problem !== null ? null : props.count} />
      ) : (
        // Turned off by Undo in the list of changes: kept here to turn on again.
        <button
          type="button"
          className="button button--small"
          aria-label={`Turn on rule ${n} (turned off)`}
          onClick={() => onChange({ ...rule, enabled: true })}
        >
          Turn on
        </button>
      )}
      <IconButton label={`Remove rule ${n}`} icon={Trash2} onClick={props.onRemove} />
      {props.advanced && (
        <div className="cleanup__flags">
          <label className="cleanup__flag">
            <input
              type="checkbox"
              checked={rule.regex}
              onChange={(e) => onChange({ ...rule, regex: e.target.checked })}
            />
            Pattern
          </label>
          <label className="cleanup__flag">
            <input
              type="checkbox"
              checked={rule.matchCase}
              onChange={(e) => onChange({ ...rule, matchCase: e.target.checked })}
            />
            Match case
          </label>
        </div>
      )}
      {problem !== null && (
        <p id={problemId} className="field__error cleanup__problem" role="alert">
          {problem}
        </p>
      )}
    </li>
  )
}

function UserRules(props: {
  settings: CleanupSettings
  preview: CleanupPreview | null
  onChange: (rules: UserRule[]) => void
}): ReactElement {
  const { settings, preview, onChange } = props
  const rules = settings.rules
  const countFor = (index: number): number | null => countOf(preview, `rule:${index}`)
  // Patterns and case are for writers who know regular expressions: out of sight until asked
  // for, unless a rule already uses them.
  const [asked, setAsked] = useState(false)
  const advanced = asked || rules.some((rule) => rule.regex || rule.matchCase)
  return (
    <fieldset className="box box--fields cleanup__group">
      <legend>Your rules</legend>
      {rules.length === 0 && (
        <p className="field__hint">
          Replace words the way you want them read: “Dr.” with “Doctor”, a name spelt as it sounds.
        </p>
      )}
      {/* First, so a long list of rules never pushes it under the dialog's footer. */}
      <div className="cleanup__user-actions">
        <button
          type="button"
          className="button"
          disabled={rules.length >= MAX_USER_RULES}
          onClick={() =>
            onChange([
              ...rules,
              { name: '', find: '', replace: '', regex: false, matchCase: false, enabled: true },
            ])
          }
        >
          <Plus size={16} aria-hidden /> Add a rule
        </button>
        <label className="cleanup__flag">
          <input
            type="checkbox"
            checked={advanced}
            disabled={advanced && !asked}
            onChange={(e) => setAsked(e.target.checked)}
          />
          Advanced: patterns and case
        </label>
      </div>
      {rules.length > 0 && (
        <ol className="cleanup__user-rules">
          {rules.map((rule, index) => (
            <UserRuleRow
              key={index}
              rule={rule}
              index={index}
              count={countFor(index)}
              advanced={advanced}
              onChange={(next) => onChange(rules.map((r, i) => (i === index ? next : r)))}
              onRemove={() => onChange(rules.filter((_, i) => i !== index))}
            />
          ))}
        </ol>
      )}
      {advanced && (
        <p className="field__hint">
          Pattern: the text to find is a regular expression. Match case: “May” finds “May”, not
          “may”.
        </p>
      )}
      {rules.length > 0 && <CleanupTryField settings={settings} />}
    </fieldset>
  )
}

/**
 * The rules and what they change, side by side: the built-in switches, the user's own rules with
 * their test field, the named sets (when `sets`), and each rule's changes. Used by Clean up text
 * and by an import's review before the manuscript opens.
 */
export function CleanupEditor(props: {
  settings: CleanupSettings
  setSettings: (change: (s: CleanupSettings) => CleanupSettings) => void
  preview: CleanupPreview | null
  loading: boolean
  sets: boolean
  /** Where a change is, in the reader's terms; see CleanupChanges. */
  placeOf?: (block: number) => string
}): ReactElement {
  const { settings, setSettings, preview } = props
  return (
    <div className="cleanup__columns">
      <div className="cleanup__rules">
        <BuiltInRules
          settings={settings}
          preview={preview}
          onChange={(patch) => setSettings((s) => ({ ...s, ...patch }))}
        />
        <UserRules
          settings={settings}
          preview={preview}
          onChange={(rules) => setSettings((s) => ({ ...s, rules }))}
        />
        {props.sets && (
          <CleanupRuleSets settings={settings} onLoad={(loaded) => setSettings(() => loaded)} />
        )}
      </div>
      <CleanupChanges
        preview={preview}
        loading={props.loading}
        onUndo={(id) => setSettings((s) => withoutRule(s, id))}
        {...(props.placeOf === undefined ? {} : { placeOf: props.placeOf })}
      />
    </div>
  )
}
