/**
 * The few DOM builders the confirmation is drawn with. Every string is set as text (textContent,
 * title, dataset), never parsed as markup: the request's fields are untrusted.
 */

export type Child = Node | string | undefined | false

/** What a request shows: its facts, in the summary (what it moves, what it costs), and what is read below it. */
export interface Parts {
  facts?: HTMLElement
  details?: HTMLElement
}
export type Props = { className?: string; testId?: string; title?: string; text?: string; data?: Record<string, string> }

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (props.className) node.className = props.className
  if (props.testId) node.dataset.testid = props.testId
  if (props.title) node.title = props.title
  if (props.text !== undefined) node.textContent = props.text
  for (const [key, value] of Object.entries(props.data ?? {})) node.dataset[key] = value
  for (const child of children) if (child) node.append(child)
  return node
}

export const row = (label: string, value: Child) =>
  el('div', { className: 'al-approve-row' }, el('dt', { text: label }), el('dd', {}, value))
export const mono = (text: string, props: Props = {}) => el('span', { ...props, className: 'al-approve-mono', text })
export const label = (text: string, ...rest: Child[]) => el('h3', { className: 'al-approve-label', text }, ...rest)
export const note = (text: string) => el('p', { className: 'al-approve-note', text })
export const button = (text: string, variant: 'primary' | 'secondary' | 'link', testId: string) => {
  const node = el('button', { className: `al-button al-button-${variant}`, testId, text })
  node.type = 'button'
  return node
}
