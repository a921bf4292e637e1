import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

// How the voice-over tests check a muxed video with ffmpeg's own tools, not with our readers.

const run = promisify(execFile)

/** ffmpeg's MD5 of each packet of a file's video stream, copied (not decoded). */
export async function videoPacketHashes(path: string): Promise<string[]> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-map', '0:v', '-c', 'copy', '-f', 'framemd5', '-'],
    { maxBuffer: 1 << 26 },
  )
  // The hash is the last column; the stream's time base line differs between containers.
  return stdout
    .split('\n')
    .filter((l) => /^\s*0,/.test(l))
    .map((l) => l.split(',').at(-1)?.trim() ?? '')
}

/** A stream as ffprobe describes it, with the packets or frames it counted when asked. */
export interface ProbedStream {
  codec_type: string
  codec_name: string
  nb_read_packets?: string
  nb_read_frames?: string
  disposition: { default: number }
}

/** The file's streams, ffprobe counting each one's packets, or its frames (decoding them). */
export async function probeStreams(
  path: string,
  count: 'packets' | 'frames',
): Promise<ProbedStream[]> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    count === 'packets' ? '-count_packets' : '-count_frames',
    '-show_streams',
    '-of',
    'json',
    path,
  ])
  return (JSON.parse(stdout) as { streams: ProbedStream[] }).streams
}
