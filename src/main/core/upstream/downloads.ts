import type { SampleExtension } from '../../../shared/domain/voice'
import { createAudioChecker, sniffAudioExtension } from '../audio/check'
import type { CheckableFormat } from '../audio/check'
import { mp3FileWithInfoFrame } from '../audio/mp3-tagger'
import type { AudioChecker, AudioVerdict } from '../audio/verdict'
import type { AtomicFile } from '../files/atomic-write'
import { createAtomicFile } from '../files/atomic-write'
import type { UpstreamContext } from './context'
import type { HttpResponse } from './http'
import { pumpBody } from './streams'

/** A file downloaded and saved under its final name. */
export interface DownloadedFile {
  path: string
  contentType: string | null
  bytes: number
  extension: SampleExtension
}

const CHECKABLE: Partial<Record<SampleExtension, CheckableFormat>> = {
  wav: 'wav',
  mp3: 'mp3',
  ogg: 'ogg',
  aac: 'aac',
}

/** Sniffs the first bytes, then checks the rest with the matching audio walker. */
function sniffingChecker(): AudioChecker & { extension(): SampleExtension } {
  let head: Uint8Array = new Uint8Array(0)
  let inner: AudioChecker | null = null
  let extension: SampleExtension | null = null
  let bytes = 0
  const decide = (): void => {
    extension = sniffAudioExtension(head)
    const format = CHECKABLE[extension]
    inner = format ? createAudioChecker(format) : null
    inner?.push(head)
  }
  return {
    get bytes() {
      return bytes
    },
    push(chunk) {
      bytes += chunk.byteLength
      if (extension !== null) {
        inner?.push(chunk)
        return
      }
      head = Buffer.concat([head, chunk])
      if (head.byteLength >= 4096) decide()
    },
    finish(): AudioVerdict {
      if (extension === null) decide()
      if (bytes === 0) return { ok: false, reason: 'the file is empty' }
      return inner?.finish() ?? { ok: true, units: 0, durationMs: null }
    },
    extension: () => extension ?? sniffAudioExtension(head),
  }
}

/**
 * Streams a binary answer to a temp file beside `targetPath`, checks it (Content-Length, and the
 * audio itself when the sniffed container is checkable), then renames it. The sniffed extension is
 * returned so a caller can name the file; the path is used as given. A body past `maxBytes` is
 * stopped there and its temp file removed.
 */
export async function saveDownload(
  ctx: UpstreamContext,
  res: HttpResponse,
  targetPath: string,
  what: string,
  signal: AbortSignal | undefined,
  maxBytes: number,
): Promise<DownloadedFile> {
  const checker = sniffingChecker()
  let file: AtomicFile | undefined
  try {
    // The container is known only from the first bytes: an MP3 gets an Info frame in front of
    // its audio (players read its length from it); anything else passes through untouched.
    file = mp3FileWithInfoFrame(await createAtomicFile(targetPath, signal ? { signal } : {}))
    const pumped = await pumpBody({
      res,
      maxBytes,
      checker,
      file,
      stallMs: ctx.timeouts.idleMs,
      what,
      ...(signal ? { signal } : {}),
    })
    await file.commit()
    const contentType = res.headers['content-type'] ?? null
    // What was saved (an MP3's Info frame included), not only what arrived.
    const bytes = Math.max(pumped.bytes, file.bytesWritten)
    return { path: targetPath, contentType, bytes, extension: checker.extension() }
  } catch (error) {
    await file?.abort()
    throw error
  }
}
