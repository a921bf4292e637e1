/**
 * The audio formats the sandbox's speech endpoint produces, with their content types: one module
 * that the whole-file encoder, the stream encoder and the routes all read.
 */

/** Every audio format the speech endpoint produces. */
export type AudioFormat = 'wav' | 'mp3' | 'ogg' | 'aac' | 'pcm'

/** The formats in the order the service documents them. */
export const AUDIO_FORMATS: readonly AudioFormat[] = ['wav', 'mp3', 'ogg', 'aac', 'pcm']

/** Content type of each format, as sent on the stream endpoint and on downloads. */
export const CONTENT_TYPES: Record<AudioFormat, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
  pcm: 'audio/L16;rate=24000;channels=1',
}
