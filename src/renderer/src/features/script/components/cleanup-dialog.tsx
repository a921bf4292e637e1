import { Plus, Trash2 } from 'lucide-react'
import { useId, useRef } from 'react'
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
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { IconButton } from '../../../components/ui/icon-button'
import { ErrorNotice } from '../../../components/error-notice'
import { useCleanupPreview, useCleanupRules } from '../hooks/use-cleanup-preview'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { CleanupChanges } from './cleanup-changes'
import { CleanupTryField } from './cleanup-try-field'
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
      <FoundBadge count={rule.find === '' || problem !== null ? null : props.count} />
      <IconButton label={`Remove rule ${n}`} icon={Trash2} onClick={props.onRemove} />
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
  return (
    <fieldset className="box box--fields cleanup__group">
      <legend>Your rules</legend>
      {rules.length === 0 ? (
        <p className="field__hint">
          Replace words the way you want them read: “Dr.” with “Doctor”, a name spelt as it sounds.
          Tick Pattern to write a regular expression.
        </p>
      ) : (
        <ol className="cleanup__user-rules">
          {rules.map((rule, index) => (
            <UserRuleRow
              key={index}
              rule={rule}
              index={index}
              count={countFor(index)}
              onChange={(next) => onChange(rules.map((r, i) => (i === index ? next : r)))}
              onRemove={() => onChange(rules.filter((_, i) => i !== index))}
            />
          ))}
        </ol>
      )}
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
      </div>
      {rules.length > 0 && <CleanupTryField settings={settings} />}
    </fieldset>
  )
}

/** "43 changes in 12 blocks · 1,240 characters fewer to pay for". */
function summaryOf(preview: CleanupPreview): string {
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

/**
 * Clean up text: the built-in rules and the user's own find-and-replace, with what each would
 * change listed before anything changes. Apply writes every change as one undoable edit and keeps
 * the rules for the next script.
 */
export function CleanupDialog(): ReactElement {
  const open = useEditorUiStore((s) => s.cleanupOpen)
  const [settings, setSettings, keep] = useCleanupRules(open)
  const { preview, loading, error } = useCleanupPreview(open, settings)
  const applyRef = useRef<HTMLButtonElement>(null)
  const introId = useId()
  const close = (): void => useEditorUiStore.getState().setCleanupOpen(false)
  const total = preview?.reports.reduce((sum, r) => sum + r.count, 0) ?? 0
  const apply = (): void => {
    if (preview === null || preview.changes.length === 0) return
    useScriptDocumentStore.getState().replaceTexts(preview.changes)
    // Kept for the next script; the text is already changed if this fails, and the rules are
    // shown again next time as they were.
    keep(settings)
    close()
  }
  return (
    <DialogFrame
      open={open}
      title="Clean up text"
      onClose={close}
      size="wide"
      initialFocus={applyRef}
      describedBy={introId}
      className="cleanup"
      testId="cleanup-dialog"
      footer={
        <>
          <p className="cleanup__summary" aria-live="polite" data-testid="cleanup-summary">
            {loading ? 'Looking through the script…' : preview === null ? '' : summaryOf(preview)}
          </p>
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button
            ref={applyRef}
            type="button"
            className="button button--primary"
            disabled={preview === null || preview.changes.length === 0}
            onClick={apply}
          >
            {total > 0
              ? `Apply ${formatCount(total)} ${total === 1 ? 'change' : 'changes'}`
              : 'Apply'}
          </button>
        </>
      }
    >
      <p id={introId} className="dialog__text">
        Tidy what would be read aloud before anything is paid for. Nothing changes until you apply;
        Undo takes it all back. Blocks written in SSML are left as they are.
      </p>
      {error !== null && <ErrorNotice error={error} testId="cleanup-error" />}
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
        </div>
        <CleanupChanges preview={preview} loading={loading} />
      </div>
    </DialogFrame>
  )
}
