import { format } from 'node:util'

const LEVELS = { debug: 'debug', log: 'info', info: 'info', warn: 'warn', error: 'error' } as const

/**
 * Makes every console line of the process (ours and the libraries') one JSON object on stdout:
 * `{ time, level, service, msg }`, errors with their stack in `msg`. A line that already is a JSON
 * object (the request log) keeps its fields. Log collectors then need no parser per message.
 */
export function useJsonConsole(service: string, write: (line: string) => void = (line) => process.stdout.write(line)): void {
  for (const [method, level] of Object.entries(LEVELS) as [keyof typeof LEVELS, string][]) {
    console[method] = (...args: unknown[]) => {
      const base = { time: new Date().toISOString(), level, service }
      const structured = args.length === 1 && typeof args[0] === 'string' ? objectIn(args[0]) : undefined
      write(`${JSON.stringify(structured ? { ...base, ...structured } : { ...base, msg: format(...args) })}\n`)
    }
  }
}

function objectIn(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
