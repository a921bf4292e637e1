import busboy from 'busboy'
import type { IncomingMessage } from 'node:http'
import { z } from 'zod'
import { ApiError } from '../server/api-error.js'
import { checkImage, checkSample } from '../voices/sample-check.js'
import type { VoiceGender } from '../voices/voice-record.js'
import type { NewVoice } from '../voices/voice-store.js'

const MAX_AVATAR_BYTES = 2 * 1024 * 1024
const consentSchema = z.object({ fullName: z.string().trim().min(1), email: z.email() })

interface Parts {
  fields: Map<string, string>
  files: Map<string, { bytes: Buffer; mimeType: string; truncated: boolean }>
}

function readParts(req: IncomingMessage, maxFileBytes: number): Promise<Parts> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: maxFileBytes + 1, files: 4, fields: 20, fieldSize: 65_536 },
      })
    } catch {
      reject(new ApiError(400, 'bad_request', 'the body must be multipart/form-data'))
      return
    }
    const parts: Parts = { fields: new Map(), files: new Map() }
    parser.on('field', (name, value) => parts.fields.set(name, value))
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = []
      let truncated = false
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('limit', () => {
        truncated = true
      })
      stream.on('close', () => {
        parts.files.set(name, { bytes: Buffer.concat(chunks), mimeType: info.mimeType, truncated })
      })
    })
    parser.on('error', () =>
      reject(new ApiError(400, 'bad_request', 'the multipart body could not be read')),
    )
    parser.on('close', () => resolve(parts))
    req.pipe(parser)
  })
}

const GENDERS: Record<string, VoiceGender> = {
  male: 'male',
  female: 'female',
  notSpecified: 'not_specified',
  not_specified: 'not_specified',
}

/**
 * Reads and validates a `POST /v1/voices` multipart body part by part; every problem is reported in
 * one 400 validation_failed with a `fields` entry per part (413 when the sample is too large).
 */
export async function readNewVoice(
  req: IncomingMessage,
  maxSampleBytes: number,
): Promise<NewVoice> {
  const parts = await readParts(req, Math.max(maxSampleBytes, MAX_AVATAR_BYTES))
  const problems: Record<string, string> = {}
  const name = parts.fields.get('name')?.trim() ?? ''
  if (!name) problems['name'] = 'is required'
  else if (name.length > 100) problems['name'] = 'must be at most 100 characters'
  const rawGender = parts.fields.get('gender') ?? 'not_specified'
  const gender = GENDERS[rawGender]
  if (!gender) problems['gender'] = 'must be male, female or not_specified'
  const locale = parts.fields.get('locale')?.trim() || 'en-US'
  if (!/^[a-z]{2,3}-[A-Z]{2}$/.test(locale)) problems['locale'] = 'must be a locale like en-US'

  const sampleFile = parts.files.get('sample')
  let sample: NewVoice['sample'] | undefined
  if (!sampleFile || sampleFile.bytes.length === 0)
    problems['sample'] = 'is required (an audio file)'
  else if (sampleFile.truncated || sampleFile.bytes.length > maxSampleBytes) {
    throw new ApiError(413, 'payload_too_large', `sample must be at most ${maxSampleBytes} bytes`, {
      sample: `must be at most ${maxSampleBytes} bytes`,
    })
  } else {
    const kind = checkSample(sampleFile.bytes)
    if ('problem' in kind) problems['sample'] = kind.problem
    else
      sample = { bytes: sampleFile.bytes, contentType: kind.contentType, extension: kind.extension }
  }

  const avatarFile = parts.files.get('avatar')
  let avatar: NewVoice['avatar']
  if (avatarFile && avatarFile.bytes.length > 0) {
    const kind = checkImage(avatarFile.bytes)
    if (avatarFile.truncated || avatarFile.bytes.length > MAX_AVATAR_BYTES)
      problems['avatar'] = `must be at most ${MAX_AVATAR_BYTES} bytes`
    else if (!kind) problems['avatar'] = 'must be a PNG, JPEG, WebP or GIF image'
    else
      avatar = { bytes: avatarFile.bytes, contentType: kind.contentType, extension: kind.extension }
  }

  const rawConsent = parts.fields.get('consent')
  if (rawConsent === undefined) problems['consent'] = 'is required (JSON with fullName and email)'
  else {
    let consent: unknown
    try {
      consent = JSON.parse(rawConsent)
    } catch {
      problems['consent'] = 'must be a JSON object with fullName and email'
    }
    if (consent !== undefined && !consentSchema.safeParse(consent).success) {
      problems['consent'] = 'must contain a non-empty fullName and a valid email'
    }
  }

  const [first] = Object.entries(problems)
  if (first || !sample || !gender) {
    throw new ApiError(
      400,
      'validation_failed',
      first ? `${first[0]} ${first[1]}` : 'invalid voice',
      problems,
    )
  }
  return { name, gender, locale, sample, ...(avatar ? { avatar } : {}) }
}
