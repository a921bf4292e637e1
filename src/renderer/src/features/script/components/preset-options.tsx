import type { ReactElement } from 'react'
import { DELIVERY_PRESET_IDS, DELIVERY_PRESETS } from '../../../../../shared/domain/delivery'

/** The options of a "Made for" select: no store checks, then each delivery preset by name. */
export function PresetOptions(): ReactElement {
  return (
    <>
      <option value="">Any use (no store checks)</option>
      {DELIVERY_PRESET_IDS.map((id) => (
        <option key={id} value={id}>
          {DELIVERY_PRESETS[id].name}
        </option>
      ))}
    </>
  )
}
