import type { ReactElement } from 'react'
import { DELIVERY_PRESET_IDS, DELIVERY_PRESETS } from '../../../../../shared/domain/delivery'

/** "Made for" with no store's delivery preset, in the words a listener uses. */
export const GENERAL_USE = 'General listening'

/**
 * The options of a "Made for" select: general listening (no store's checks), then each delivery
 * preset by name.
 */
export function PresetOptions(): ReactElement {
  return (
    <>
      <option value="">{GENERAL_USE}</option>
      {DELIVERY_PRESET_IDS.map((id) => (
        <option key={id} value={id}>
          {DELIVERY_PRESETS[id].name}
        </option>
      ))}
    </>
  )
}
