/**
 * Clipboard access inside a cross-origin iframe needs `allow="clipboard-write"` on the iframe;
 * without it, fall back to the legacy copy command.
 */
export async function copyText(text: string, doc: Document = document): Promise<boolean> {
  try {
    await doc.defaultView?.navigator.clipboard.writeText(text)
    return true
  } catch {
    const area = doc.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    doc.body.append(area)
    area.select()
    try {
      return doc.execCommand('copy')
    } catch {
      return false
    } finally {
      area.remove()
    }
  }
}
