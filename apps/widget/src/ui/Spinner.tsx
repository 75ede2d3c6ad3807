export function Spinner({ size = 20, label = 'Loading' }: { size?: number; label?: string }) {
  return <span className="al-spinner" role="progressbar" aria-label={label} style={{ width: size, height: size }} />
}
