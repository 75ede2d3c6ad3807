/** Escapes text for HTML element content and double- or single-quoted attribute values (the devnet's pages). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
