import type { VoiceoverWorkspace } from '../../core/voiceover-workspace/voiceover-workspace'
import type { Handlers } from '../dispatch'

type VoiceoverChannel = Extract<keyof Handlers, `voiceover:${string}`>

/** `voiceover:*` handlers: thin calls into the Voice-over workspace; dialogs and jobs are the caller window's. */
export function createVoiceoverHandlers(
  voiceover: VoiceoverWorkspace,
): Pick<Handlers, VoiceoverChannel> {
  return {
    'voiceover:open': (_input, { sender }) => voiceover.open(sender.webContentsId),
    'voiceover:resolveOverlaps': ({ pendingId, choice }) =>
      voiceover.resolveOverlaps(pendingId, choice),
    'voiceover:openSample': () => voiceover.openSample(),
    'voiceover:openProject': (_input, { sender }) => voiceover.openProject(sender.webContentsId),
    'voiceover:saveProject': ({ projectId }, { sender }) =>
      voiceover.saveProject(sender.webContentsId, projectId),
    'voiceover:chooseVideo': ({ projectId }, { sender }) =>
      voiceover.chooseVideo(sender.webContentsId, projectId),
    'voiceover:view': ({ projectId }) => voiceover.view(projectId),
    'voiceover:editLine': ({ projectId, cue, text }) => voiceover.editLine(projectId, cue, text),
    'voiceover:setSettings': ({ projectId, settings }) =>
      voiceover.setSettings(projectId, settings),
    'voiceover:setLineFit': ({ projectId, cue, fit }) => voiceover.setLineFit(projectId, cue, fit),
    'voiceover:render': ({ projectId }, { sender, emit }) =>
      voiceover.render(sender.webContentsId, projectId, (event) =>
        emit(event.channel, event.payload),
      ),
    'voiceover:chunk': ({ projectId, file, offset, length }) =>
      voiceover.chunk(projectId, file, offset, length),
    'voiceover:save': ({ projectId, originalAudio, audio }, { sender }) =>
      voiceover.save(sender.webContentsId, projectId, originalAudio, audio),
    'voiceover:saveReport': ({ projectId }, { sender }) =>
      voiceover.saveReport(sender.webContentsId, projectId),
    'voiceover:saveSubtitles': ({ projectId }, { sender }) =>
      voiceover.saveSubtitles(sender.webContentsId, projectId),
    'voiceover:close': ({ projectId }) => voiceover.close(projectId),
  }
}
