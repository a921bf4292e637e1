import type { ScriptWorkspaceService } from '../../core/script-workspace/script-workspace-service'
import type { PlatformPorts } from '../../core/platform-ports'
import type { Handlers } from '../dispatch'
import { createDocumentImportHandlers } from './script-document-import'
import { cleanupTrial, finishReviewedImport } from '../../core/script-workspace/cleanup-preview'
import type { CleanupSettings } from '../../../shared/domain/cleanup-rules'

type ScriptChannel = Extract<keyof Handlers, `script:${string}`>
type ScriptHandlers = Pick<Handlers, ScriptChannel>

/** The clean-up rules last applied, kept in the settings file. */
interface CleanupRules {
  get(): CleanupSettings | null
  set(settings: CleanupSettings): Promise<void>
}

/** `script:*` handlers: thin calls into the Script workspace service; dialogs and jobs belong to the caller's window. */
export function createScriptHandlers(
  script: ScriptWorkspaceService,
  platform: Pick<PlatformPorts, 'showItemInFolder' | 'openPath'>,
  cleanupRules: CleanupRules,
): ScriptHandlers {
  const docs = script.documents
  return {
    'script:new': () => docs.create(),
    'script:openRecent': ({ recentId }) => docs.openRecent(recentId),
    'script:listRecent': () => docs.listRecent(),
    'script:removeRecent': ({ recentId }) => docs.recents.remove(recentId),
    'script:clearRecent': () => docs.recents.clear(),
    'script:importDropped': ({ fileName, text }) => docs.importDropped(fileName, text),
    ...createDocumentImportHandlers(docs),
    'script:save': ({ docId, revision, as }, { sender }) =>
      docs.save(sender.webContentsId, docId, revision, as ?? false),
    'script:exportText': ({ docId, revision }, { sender }) =>
      docs.exportText(sender.webContentsId, docId, revision),
    'script:saveDraft': ({ docId, changes }) => docs.saveDraft(docId, changes),
    'script:close': ({ docId }) => docs.close(docId),
    'script:getRecovery': () => docs.recoveryOffers(),
    'script:restoreRecovery': ({ docId }) => docs.restore(docId),
    'script:discardRecovery': ({ docId }) => docs.discardRecovery(docId),
    'script:blockStates': ({ docId, blockIds }) => script.blockStates(docId, blockIds),
    'script:estimate': ({ docId, revision, format }) => script.estimate(docId, revision, format),
    ...cleanupHandlers(script, cleanupRules),
    'script:renderOverview': ({ docId }) => script.overview(docId),
    'script:startRender': ({ docId, revision, settings, resume }, { sender, emit }) =>
      script.startRender(
        sender.webContentsId,
        docId,
        revision,
        settings,
        resume ?? false,
        (event) => emit(event.channel, event.payload),
      ),
    'script:chooseCover': ({ docId }, { sender }) => docs.chooseCover(sender.webContentsId, docId),
    ...finishedRenderHandlers(script, platform),
    'script:preview': ({ docId, revision, blockId, selection }, { sender, emit }) =>
      script.preview(sender.webContentsId, docId, revision, blockId, selection, (event) =>
        emit(event.channel, event.payload),
      ),
    'script:auditionLexicon': ({ voiceId, term, alias }, { sender, emit }) =>
      script.auditionLexicon(sender.webContentsId, voiceId, term, alias, (event) =>
        emit(event.channel, event.payload),
      ),
    'script:previewPauses': ({ voiceId, paragraphMs, headingMs }, { sender, emit }) =>
      script.previewPauses(sender.webContentsId, voiceId, { paragraphMs, headingMs }, (event) =>
        emit(event.channel, event.payload),
      ),
    'script:blockAudio': ({ docId, revision, blockId }) =>
      script.blockAudio(docId, revision, blockId),
    'script:takes': ({ docId, revision, blockId, voiceIds, requestId }, { sender }) =>
      script.takes(sender.webContentsId, requestId, { docId, revision }, blockId, voiceIds),
    'script:regenerateBlock': ({ docId, revision, blockId }, { sender }) =>
      script.blockTakes.regenerate(sender.webContentsId, docId, revision, blockId),
    'script:blockTakes': ({ docId, revision, blockId }) =>
      script.blockTakes.list(docId, revision, blockId),
    'script:takeAudio': ({ docId, revision, blockId, take }) =>
      script.blockTakes.audio(docId, revision, blockId, take),
    'script:cancelTakes': ({ requestId }, { sender }) => ({
      cancelled: script.cancelTakes(sender.webContentsId, requestId),
    }),
  }
}

/** The Clean up text dialog's calls: the preview, the test field, the rules kept for next time. */
function cleanupHandlers(
  script: ScriptWorkspaceService,
  cleanupRules: CleanupRules,
): Pick<
  ScriptHandlers,
  | 'script:cleanupPreview'
  | 'script:cleanupTry'
  | 'script:getCleanupRules'
  | 'script:saveCleanupRules'
  | 'script:finishImport'
  | 'script:listCleanupRuleSets'
  | 'script:getCleanupRuleSet'
  | 'script:saveCleanupRuleSet'
  | 'script:deleteCleanupRuleSet'
> {
  return {
    'script:cleanupPreview': ({ docId, revision, settings }) =>
      script.cleanupPreview(docId, revision, settings),
    'script:cleanupTry': ({ settings, sample }) => cleanupTrial(sample, settings),
    'script:getCleanupRules': () => cleanupRules.get(),
    'script:saveCleanupRules': ({ settings }) => cleanupRules.set(settings),
    'script:finishImport': ({ docId, settings }) => finishReviewedImport(script, docId, settings),
    'script:listCleanupRuleSets': () => script.ruleSets.list(),
    'script:getCleanupRuleSet': ({ name }) => script.ruleSets.read(name),
    'script:saveCleanupRuleSet': ({ name, settings }) => script.ruleSets.save(name, settings),
    'script:deleteCleanupRuleSet': ({ name }) => script.ruleSets.remove(name),
  }
}

/** The finished render: shown in its folder, opened, and played in the app with its words. */
function finishedRenderHandlers(
  script: ScriptWorkspaceService,
  platform: Pick<PlatformPorts, 'showItemInFolder' | 'openPath'>,
): Pick<
  ScriptHandlers,
  | 'script:revealOutput'
  | 'script:openOutput'
  | 'script:renderPlayback'
  | 'script:renderAudioChunk'
  | 'script:renderWaveSlice'
  | 'script:renderWords'
> {
  return {
    'script:revealOutput': ({ docId }) => platform.showItemInFolder(script.finishedOutput(docId)),
    'script:openOutput': ({ docId }) => platform.openPath(script.finishedOutput(docId)),
    'script:renderPlayback': ({ docId }) => script.renderPlayback(docId),
    'script:renderAudioChunk': ({ docId, offset, length }) =>
      script.renderAudioChunk(docId, offset, length),
    'script:renderWaveSlice': ({ docId, fromSeconds }) =>
      script.renderWaveSlice(docId, fromSeconds),
    'script:renderWords': ({ docId, fromMs, toMs }) => script.renderWords(docId, fromMs, toMs),
  }
}
