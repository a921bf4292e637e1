import { useEffect, useState } from 'react'
import type { StagedVoiceSample } from '../../../../../shared/ipc/contract'
import type { SampleCheck } from '../../../lib/audio/sample-analysis'
import { checkSample } from '../../../lib/audio/sample-analysis'
import { describeError } from '../../../lib/error-messages'
import { chooseSampleFile, stageSample } from '../api/voice-samples'

/** Largest sample (the service takes 10 MB). */
const MAX_SAMPLE_BYTES = 10 * 1024 * 1024

/** A sample staged in main, with the page's own check of it and a blob: URL to listen to it. */
export interface VoiceSample {
  staged: StagedVoiceSample
  origin: 'file' | 'recording'
  check: SampleCheck | null
  url: string
}

/** "812 KB", "3.4 MB". */
export function sampleSizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.round(bytes / 1024)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

function tooLargeMessage(fileName: string, bytes: number): string {
  return `${fileName} is ${sampleSizeText(bytes)}; the service takes at most 10 MB. Use a shorter recording (10 to 30 seconds is enough).`
}

export interface VoiceSampleState {
  sample: VoiceSample | null
  /** What is happening to the sample right now ("Checking the sample…"), or null. */
  busy: string | null
  /** Why the last sample could not be used, or null. */
  error: string | null
  setError: (message: string | null) => void
  /** Stages a recording's or a dropped file's bytes in main, then checks them. */
  stageBytes: (fileName: string, bytes: Uint8Array, origin: VoiceSample['origin']) => Promise<void>
  /** Opens main's file dialog and takes the chosen file. */
  chooseFile: () => Promise<void>
  /** Takes a file dropped on the page (too large ones are refused before reading them). */
  dropFile: (file: File) => void
  clear: () => void
}

/**
 * The sample of a new personal voice: staged in main from a file or a recording, checked in the
 * page (length, level, clipping) before upload. `onNewSample` runs whenever the user offers
 * another sample, so an earlier rejection of the service is not shown against the new one.
 */
export function useVoiceSample(onNewSample: () => void): VoiceSampleState {
  const [sample, setSample] = useState<VoiceSample | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  // The blob URL of the sample player is released when the sample changes or the dialog goes.
  useEffect(() => {
    const url = sample?.url
    return () => {
      if (url !== undefined) URL.revokeObjectURL(url)
    }
  }, [sample?.url])

  const adopt = async (staged: StagedVoiceSample, origin: VoiceSample['origin']): Promise<void> => {
    const url = URL.createObjectURL(new Blob([staged.bytes.slice().buffer]))
    setSample({ staged, origin, check: null, url })
    setBusy('Checking the sample…')
    try {
      const check = await checkSample(staged.bytes)
      setSample({ staged, origin, check, url })
    } finally {
      setBusy(null)
    }
  }

  /** Runs one way of getting a sample with the busy line shown and its failure explained. */
  const getSample = async (
    busyText: string,
    fetch: () => Promise<StagedVoiceSample | null>,
    origin: VoiceSample['origin'],
  ): Promise<void> => {
    setBusy(busyText)
    try {
      const staged = await fetch()
      if (staged !== null) await adopt(staged, origin)
    } catch (failure) {
      setError(describeError(failure).message)
    } finally {
      setBusy(null)
    }
  }

  const stageBytes: VoiceSampleState['stageBytes'] = async (fileName, bytes, origin) => {
    setError(null)
    onNewSample()
    if (bytes.byteLength > MAX_SAMPLE_BYTES) {
      setError(tooLargeMessage(fileName, bytes.byteLength))
      return
    }
    await getSample('Reading the sample…', () => stageSample(fileName, bytes), origin)
  }

  const chooseFile = async (): Promise<void> => {
    setError(null)
    onNewSample()
    await getSample('Waiting for a file…', chooseSampleFile, 'file')
  }

  const dropFile = (file: File): void => {
    if (file.size > MAX_SAMPLE_BYTES) {
      setError(tooLargeMessage(file.name, file.size))
      return
    }
    void file.arrayBuffer().then(
      (buffer) => stageBytes(file.name, new Uint8Array(buffer), 'file'),
      () => setError(`${file.name} could not be read. Choose another file.`),
    )
  }

  const clear = (): void => {
    setSample(null)
    setError(null)
  }

  return { sample, busy, error, setError, stageBytes, chooseFile, dropFile, clear }
}
