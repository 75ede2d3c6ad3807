/** Headers every origin sends besides its CSP. */
export function securityHeaders(csp: string, referrerPolicy: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': referrerPolicy,
  }
}
