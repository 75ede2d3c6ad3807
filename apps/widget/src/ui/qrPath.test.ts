import { encode } from 'uqr'
import { describe, expect, it } from 'vitest'
import { qrShape } from './qrPath'

const uri = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}&expiryTime=1795340170`

/** Which modules the path paints dark, read back from its `M x y h w v1 h-w z` runs. */
function painted(path: string): Set<string> {
  const cells = new Set<string>()
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    for (let i = 0; i < Number(w); i++) cells.add(`${Number(x) + i},${y}`)
  }
  return cells
}

describe('qrShape', () => {
  it('paints exactly the dark data modules outside the finders and the logo area', () => {
    const shape = qrShape(uri, true)
    const { data, size } = encode(uri, { ecc: 'Q', border: 0 })
    expect(shape.size).toBe(size)
    const cells = painted(shape.modules)
    const { start, span } = shape.logo
    let logoDark = 0
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const finder = (x < 7 && y < 7) || (x >= size - 7 && y < 7) || (x < 7 && y >= size - 7)
        const logo = x >= start - 1 && x < start + span + 1 && y >= start - 1 && y < start + span + 1
        if (logo && data[y]![x]) logoDark++
        expect(cells.has(`${x},${y}`)).toBe(Boolean(data[y]![x]) && !finder && !logo)
      }
    }
    // The cleared centre stays well inside what error correction Q recovers (25 %).
    expect((span + 2) ** 2 / size ** 2).toBeLessThan(0.1)
    expect(logoDark).toBeGreaterThan(0)
  })

  it('keeps every module without a logo', () => {
    expect(qrShape(uri, false).logo.span).toBe(0)
  })
})
