/**
 * Groups small audio chunks into fewer, larger messages for IPC. Why batch and never throttle:
 * a "latest wins" throttle would drop audio; here every byte is sent, in order, at most
 * `intervalMs` after it arrived or as soon as `maxBytes` are waiting.
 */
export interface ChunkBatcher {
  push(chunk: Uint8Array): void
  /** Sends whatever is waiting now (call before announcing the end). */
  flush(): void
  /** Bytes handed to `send` so far. */
  readonly sentBytes: number
}

export function createChunkBatcher(options: {
  send: (batch: Uint8Array, seq: number) => void
  intervalMs?: number
  maxBytes?: number
}): ChunkBatcher {
  const intervalMs = options.intervalMs ?? 40
  const maxBytes = options.maxBytes ?? 64 * 1024
  let waiting: Uint8Array[] = []
  let waitingBytes = 0
  let seq = 0
  let sentBytes = 0
  let timer: NodeJS.Timeout | null = null

  const flush = (): void => {
    if (timer !== null) clearTimeout(timer)
    timer = null
    if (waitingBytes === 0) return
    const batch = new Uint8Array(waitingBytes)
    let at = 0
    for (const chunk of waiting) {
      batch.set(chunk, at)
      at += chunk.byteLength
    }
    waiting = []
    waitingBytes = 0
    sentBytes += batch.byteLength
    options.send(batch, seq++)
  }

  return {
    push(chunk) {
      if (chunk.byteLength === 0) return
      // Copied: the caller's buffer may be reused by the socket after this returns.
      waiting.push(Uint8Array.from(chunk))
      waitingBytes += chunk.byteLength
      if (waitingBytes >= maxBytes) flush()
      else timer ??= setTimeout(flush, intervalMs)
    },
    flush,
    get sentBytes() {
      return sentBytes
    },
  }
}
