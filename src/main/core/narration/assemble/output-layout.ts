import { createHash } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { z } from 'zod'
import type { PieceCache } from '../fetch/piece-cache'

/**
 * Where every piece and pause of a finished WAV/PCM output sits, kept in the piece cache (not
 * beside the user's file) so the next render of the same output can copy unchanged stretches
 * instead of assembling them again. The file's size, modification time and inode are recorded:
 * if anything touched the file since, the layout is ignored.
 */
const layoutSchema = z.object({
  format: z.literal('voicedesk-output-layout'),
  version: z.literal(1),
  outputPath: z.string(),
  audioFormat: z.enum(['wav', 'pcm']),
  sampleRate: z.number().int(),
  /** Bytes before the first sample (44 for WAV, 0 for PCM). */
  dataOffset: z.number().int().nonnegative(),
  size: z.number().int().nonnegative(),
  mtimeMs: z.number(),
  ino: z.number(),
  /** In program order: [piece hash, samples] for a piece, ["", samples] for a pause. */
  segments: z.array(z.tuple([z.string(), z.number().int().nonnegative()])),
})
export type OutputLayout = z.infer<typeof layoutSchema>

/** The record key of an output path. */
export function layoutKey(outputPath: string): string {
  return createHash('sha256').update(resolve(outputPath)).digest('hex')
}

/** The layout of the file now at `outputPath`, or null when there is none or the file changed. */
export async function readOutputLayout(
  cache: PieceCache,
  outputPath: string,
): Promise<OutputLayout | null> {
  const parsed = layoutSchema.safeParse(await cache.readRecord(layoutKey(outputPath)))
  if (!parsed.success) return null
  const layout = parsed.data
  if (layout.outputPath !== resolve(outputPath)) return null
  const info = await stat(outputPath).catch(() => null)
  if (
    !info ||
    info.size !== layout.size ||
    info.mtimeMs !== layout.mtimeMs ||
    info.ino !== layout.ino
  )
    return null
  const samples = layout.segments.reduce((n, [, s]) => n + s, 0)
  if (layout.dataOffset + samples * 2 !== layout.size) return null
  return layout
}

/** Records the layout of the file just renamed to `outputPath` (best effort: only a hint). */
export async function writeOutputLayout(
  cache: PieceCache,
  outputPath: string,
  fields: Pick<OutputLayout, 'audioFormat' | 'sampleRate' | 'dataOffset' | 'segments'>,
): Promise<void> {
  try {
    const info = await stat(outputPath)
    const layout: OutputLayout = {
      format: 'voicedesk-output-layout',
      version: 1,
      outputPath: resolve(outputPath),
      ...fields,
      size: info.size,
      mtimeMs: info.mtimeMs,
      ino: info.ino,
    }
    await cache.writeRecord(layoutKey(outputPath), layout)
  } catch {
    // Without a layout the next render simply assembles everything again.
  }
}
