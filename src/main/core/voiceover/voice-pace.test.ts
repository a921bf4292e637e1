import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '../../testing/temp-dir'
import { numbersAsWords, spokenCharacters } from './spoken-length'
import type { PaceModel } from './voice-pace'
import { DEFAULT_PACE_CPS, VoicePaces, fitPace, predictRate, predictedMs } from './voice-pace'

const tempDir = useTempDirs('vd-voice-pace-')

/** Paces in memory with `points` (characters, seconds at 100%) recorded for one voice. */
async function measured(points: [number, number][]): Promise<VoicePaces> {
  const paces = await VoicePaces.open(null)
  for (const [characters, seconds] of points) paces.record('olivia', characters, seconds, 1)
  return paces
}

/** A voice that takes 600 ms for any line and 50 ms a character said. */
const truth = (characters: number): number => 0.6 + 0.05 * characters

describe('a voice’s pace model', () => {
  it('fitted on points of a known line gives that line’s parts', async () => {
    const paces = await measured([20, 45, 60, 95, 120].map((x) => [x, truth(x)]))
    const model = paces.model('olivia')
    expect(model.fixedMs).toBeCloseTo(600, 6)
    expect(model.msPerCharacter).toBeCloseTo(50, 6)
    // Spoken at a faster pace, a line counts as its length at 100%.
    const faster = await VoicePaces.open(null)
    for (const x of [20, 45, 60, 95, 120]) faster.record('olivia', x, truth(x) / 1.25, 1.25)
    expect(faster.model('olivia').fixedMs).toBeCloseTo(600, 6)
  })

  it('predicts a short line better than one rate does, and asks the pace that line needs', async () => {
    // Measured on long lines, as the first lines of a film often are.
    const points: [number, number][] = [60, 75, 90, 105, 120].map((x) => [x, truth(x)])
    const paces = await measured(points)
    const listen = 'Listen.'
    const said = truth(listen.length) * 1000
    const oneRate: PaceModel = { fixedMs: 0, msPerCharacter: 1000 / paces.pace('olivia') }
    const byOneRate = predictedMs(oneRate, listen.length)
    const byModel = paces.naturalMs('olivia', listen)
    expect(Math.abs(byModel - said)).toBeLessThan(1)
    expect(Math.abs(byOneRate - said)).toBeGreaterThan(400)
    // In an 800 ms slot the line needs about 120%: one rate says it fits as it is, and the line
    // would be asked again; the model asks the pace it needs at once.
    const slot = 800
    expect(predictRate(byOneRate, slot, 1.25)).toBe(1)
    const rate = predictRate(byModel, slot, 1.25)
    expect(said / rate).toBeLessThanOrEqual(slot - 20)
  })

  it('keeps one rate with too few lines, too little spread, or a line that makes no sense', async () => {
    const few = await measured([20, 60, 120].map((x) => [x, truth(x)]))
    expect(few.model('olivia')).toEqual({ fixedMs: 0, msPerCharacter: 1000 / few.pace('olivia') })
    const alike = await measured([40, 41, 42, 40, 41, 42].map((x) => [x, truth(x)]))
    expect(alike.model('olivia').fixedMs).toBe(0)
    // Longer lines said faster than short ones: no fixed part below zero is believed.
    const odd = await measured([20, 40, 60, 80, 100].map((x) => [x, 0.04 * x - 0.5]))
    expect(odd.model('olivia').fixedMs).toBe(0)
    expect(fitPace({ lines: 5, characters: 0, seconds: 0, squares: 0, products: 0 })).toBeNull()
    const never = await VoicePaces.open(null)
    expect(never.naturalMs('george', 'Fifteen chars!!')).toBeCloseTo(
      (15 / DEFAULT_PACE_CPS) * 1000,
      6,
    )
  })

  it('is kept in its file, and a file from before the model still gives its one rate', async () => {
    const dir = await tempDir()
    const path = join(dir, 'voice-paces.json')
    const paces = await VoicePaces.open(path)
    for (const x of [20, 45, 60, 95, 120]) paces.record('olivia', x, truth(x), 1)
    await paces.save()
    const again = await VoicePaces.open(path)
    expect(again.model('olivia').fixedMs).toBeCloseTo(600, 6)

    const older = join(dir, 'older.json')
    await writeFile(
      older,
      JSON.stringify({ version: 1, voices: { olivia: { characters: 300, seconds: 20 } } }),
    )
    const old = await VoicePaces.open(older)
    expect(old.model('olivia')).toEqual({ fixedMs: 0, msPerCharacter: 1000 / 15 })
    // Its points start with the next line measured; its totals keep counting.
    old.record('olivia', 30, 2, 1)
    await old.save()
    const saved = JSON.parse(await readFile(older, 'utf8')) as {
      voices: Record<string, { characters: number; points: { lines: number } }>
    }
    expect(saved.voices.olivia).toMatchObject({ characters: 330, points: { lines: 1 } })
  })
})

describe('characters a voice says', () => {
  it('counts numbers as the words said for them', () => {
    expect(numbersAsWords('In 1999 we left.')).toBe('In nineteen ninety-nine we left.')
    expect(spokenCharacters('In 1999.')).toBe([...'In nineteen ninety-nine.'].length)
    expect(numbersAsWords('2024')).toBe('two thousand and twenty-four')
    expect(numbersAsWords('1905')).toBe('nineteen oh five')
    expect(numbersAsWords('Take 8.')).toBe('Take eight.')
    expect(numbersAsWords('1,250 boats')).toBe('one thousand two hundred and fifty boats')
    expect(numbersAsWords('3.25 m')).toBe('three point two five m')
    expect(numbersAsWords('1100')).toBe('one thousand one hundred')
    expect(spokenCharacters('Listen.')).toBe(7)
    expect(spokenCharacters('Café')).toBe(4)
  })
})
