/** Size of the canonical PCM WAV header VoiceDesk writes (narration outputs, recordings). */
export const WAV_HEADER_BYTES = 44

/** Largest data chunk a RIFF file can describe (sizes are 32-bit). */
export const WAV_MAX_DATA_BYTES = 0xffffffff - 36

/** A canonical 44-byte RIFF/WAVE header for 16-bit PCM with `dataBytes` of samples. */
export function wavHeader(sampleRate: number, channels: number, dataBytes: number): Uint8Array {
  if (dataBytes > WAV_MAX_DATA_BYTES) {
    throw new RangeError('the audio is too long for a WAV file (4 GB); choose another format')
  }
  const header = new Uint8Array(WAV_HEADER_BYTES)
  const view = new DataView(header.buffer)
  const ascii = (offset: number, text: string): void => {
    for (let i = 0; i < text.length; i++) header[offset + i] = text.charCodeAt(i)
  }
  const blockAlign = channels * 2
  ascii(0, 'RIFF')
  view.setUint32(4, 36 + dataBytes, true)
  ascii(8, 'WAVE')
  ascii(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, channels, true)
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * blockAlign, true)
  view.setUint16(32, blockAlign, true)
  view.setUint16(34, 16, true)
  ascii(36, 'data')
  view.setUint32(40, dataBytes, true)
  return header
}
