import { FilePlus, FolderOpen, Sparkles } from 'lucide-react'
import type { ReactElement } from 'react'
import { acceleratorOf } from '../../../../../shared/domain/shortcuts'
import { shortcutLabel } from '../../../components/ui/shortcut-label'
import { useRecentProjects, useVoiceOptions } from '../api/script-api'
import type { useDocumentActions } from '../hooks/use-document-actions'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { KeyBanner } from './voice-banner'
import type { ScriptKeyAccess } from './voice-banner'

/** The recent projects, each opened with a click, removed from the list or the list emptied. */
function RecentProjects(props: {
  actions: ReturnType<typeof useDocumentActions>
}): ReactElement | null {
  const { actions } = props
  const recent = useRecentProjects()
  const items = recent.data ?? []
  if (items.length === 0) return null
  return (
    <div className="script-empty__recent">
      <div className="script-empty__recent-head">
        <h2>Recent projects</h2>
        <button
          type="button"
          className="button button--small"
          title="Empty the list (the files are not deleted)"
          onClick={actions.clearRecent}
        >
          Clear recent
        </button>
      </div>
      <ul>
        {items.map((item) => (
          <li key={item.id} data-testid="recent-project">
            <button
              type="button"
              className="link-button"
              disabled={!item.exists}
              title={item.location}
              onClick={() => actions.openRecent(item.id)}
            >
              {item.fileName}
            </button>
            <span className="field__hint">{item.exists ? item.location : 'File not found'}</span>
            <button
              type="button"
              className="button button--small script-empty__remove"
              aria-label={`Remove ${item.fileName} from recent projects`}
              title="Remove from the list (the file is not deleted)"
              onClick={() => actions.removeRecent(item.id)}
            >
              Remove from recent
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * The Script workspace with no script open: start a new one, open or import a file, or try a
 * short sample with two speakers and a narrator; and the recent projects.
 */
export function ScriptEmpty(props: {
  actions: ReturnType<typeof useDocumentActions>
  access: ScriptKeyAccess
}): ReactElement {
  const { actions } = props
  const keyMissing = props.access.keyMissing === true
  const readFootnotes = useEditorUiStore((s) => s.readFootnotes)
  const openKeys = acceleratorOf('script:open')
  const voices = useVoiceOptions()

  return (
    <div className="stack script-empty" data-testid="script-empty">
      {keyMissing && props.access.onOpenAccount !== undefined && (
        <KeyBanner onOpenAccount={props.access.onOpenAccount} />
      )}
      <div className="stack script-empty__start">
        <h2 className="script-empty__title">Start a script</h2>
        <div className="script-empty__actions">
          <button type="button" className="button button--primary" onClick={actions.newScript}>
            <FilePlus className="button__icon" aria-hidden="true" focusable="false" />
            New script
          </button>
          <button
            type="button"
            className="button"
            onClick={actions.open}
            title={openKeys === undefined ? undefined : shortcutLabel(openKeys)}
          >
            <FolderOpen className="button__icon" aria-hidden="true" focusable="false" />
            Open or import…
          </button>
          <button type="button" className="button" onClick={() => actions.trySample(voices.data)}>
            <Sparkles className="button__icon" aria-hidden="true" focusable="false" />
            Try a sample script
          </button>
        </div>
        <p className="field__hint">
          {keyMissing
            ? 'The sample is a short scene with a narrator and two speakers; with your API key added, each gets a voice from your list to preview and render.'
            : 'The sample is a short scene with a narrator and two speakers, each already given a voice from your list: preview a line, change a voice in Cast, or render it at once.'}{' '}
          Or drop a text or Markdown script, a Word or OpenDocument file, a web page, a PDF or an
          EPUB book here. Lines like “ALICE: Hello” become speakers you can give voices; headings
          become chapters.
        </p>
        <label className="script-empty__option">
          <input
            type="checkbox"
            checked={readFootnotes}
            onChange={(event) => useEditorUiStore.getState().setReadFootnotes(event.target.checked)}
          />
          <span>Read footnotes and endnotes aloud when importing a book or document</span>
        </label>
      </div>
      <RecentProjects actions={actions} />
    </div>
  )
}
