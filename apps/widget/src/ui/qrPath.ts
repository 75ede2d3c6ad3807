import { encode } from 'uqr'

export interface QrShape {
  /** Modules per side. */
  size: number
  /** One SVG path for every dark data module (runs of a row merged into one rectangle). */
  modules: string
  /** Top-left corners of the three finder patterns, drawn as rounded squares instead. */
  finders: Array<[number, number]>
  /** The centred square left empty for the logo, in modules (0 when there is no logo). */
  logo: { start: number; span: number }
}

/**
 * The QR code of `text` as SVG geometry. With a logo the error correction is Q (25 %): the cleared
 * centre stays well under what that recovers.
 */
export function qrShape(text: string, withLogo: boolean): QrShape {
  const { size, data } = encode(text, { ecc: withLogo ? 'Q' : 'M', border: 0 })
  const span = withLogo ? oddAtLeast(Math.round(size * 0.22)) : 0
  const start = (size - span) / 2
  const inLogo = (x: number, y: number) => span > 0 && x >= start - 1 && x < start + span + 1 && y >= start - 1 && y < start + span + 1
  const inFinder = (x: number, y: number) => (x < 7 && y < 7) || (x >= size - 7 && y < 7) || (x < 7 && y >= size - 7)

  let modules = ''
  for (let y = 0; y < size; y++) {
    let x = 0
    while (x < size) {
      if (!data[y]![x] || inFinder(x, y) || inLogo(x, y)) {
        x++
        continue
      }
      let end = x + 1
      while (end < size && data[y]![end] && !inFinder(end, y) && !inLogo(end, y)) end++
      modules += `M${x} ${y}h${end - x}v1h${x - end}z`
      x = end
    }
  }
  return {
    size,
    modules,
    finders: [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ],
    logo: { start, span },
  }
}

function oddAtLeast(n: number): number {
  return n % 2 === 1 ? n : n + 1
}
