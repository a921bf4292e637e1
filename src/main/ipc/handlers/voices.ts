import type { VoicesService } from '../../core/voices/voices-service'
import type { PlatformPorts } from '../../core/platform-ports'
import type { Handlers } from '../dispatch'

type VoicesHandlers = Pick<
  Handlers,
  | 'voices:list'
  | 'voices:listFirst'
  | 'voices:getLibrary'
  | 'voices:setFavorite'
  | 'voices:markUsed'
  | 'voices:getMedia'
  | 'voices:chooseSample'
  | 'voices:stageSample'
  | 'voices:create'
  | 'voices:delete'
  | 'voices:downloadSample'
  | 'voices:revealSample'
  | 'voices:tryText'
>

/** `voices:*` handlers: thin calls into the voices service; dialogs and jobs belong to the caller's window. */
export function createVoicesHandlers(
  voices: VoicesService,
  platform: Pick<PlatformPorts, 'showItemInFolder'>,
): VoicesHandlers {
  return {
    'voices:list': ({ refresh }) => voices.list(refresh),
    'voices:listFirst': ({ count, order }) => voices.firstByName(count, order),
    'voices:getLibrary': () => voices.library(),
    'voices:setFavorite': ({ voiceId, favorite }) => voices.setFavorite(voiceId, favorite),
    'voices:markUsed': ({ voiceId }) => voices.markUsed(voiceId),
    'voices:getMedia': ({ voiceId, kind, locale }) => voices.media(voiceId, kind, locale),
    'voices:chooseSample': (_input, { sender }) => voices.chooseSample(sender.webContentsId),
    'voices:stageSample': ({ fileName, bytes }, { sender }) =>
      voices.stageSample(sender.webContentsId, fileName, bytes),
    'voices:create': (input, { sender }) =>
      voices.createPersonalVoice(sender.webContentsId, {
        name: input.name,
        gender: input.gender,
        sampleId: input.sampleId,
        consent: input.consent,
        ...(input.locale === undefined ? {} : { locale: input.locale }),
      }),
    'voices:delete': ({ voiceId }) => voices.deletePersonalVoice(voiceId),
    'voices:downloadSample': ({ voiceId, voiceName }, { sender }) =>
      voices.downloadSample(sender.webContentsId, voiceId, voiceName),
    'voices:revealSample': ({ path }, { sender }) =>
      platform.showItemInFolder(voices.savedSample(sender.webContentsId, path)),
    'voices:tryText': (input, { sender, emit }) =>
      voices.tryText(
        sender.webContentsId,
        {
          voiceId: input.voiceId,
          text: input.text,
          ...(input.model === undefined ? {} : { model: input.model }),
          ...(input.language === undefined ? {} : { language: input.language }),
        },
        (event) => emit(event.channel, event.payload),
      ),
  }
}
