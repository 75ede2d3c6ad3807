export { escapeHtml } from '../html'
export { waitForMail } from './client'
export { renderInboxPage } from './inbox-page'
export { MailQuery } from './query'
export {
  Mail,
  MailTimeoutError,
  startMailSink,
  type MailMatch,
  type MailSink,
  type StartMailSinkOptions,
  type WaitForMailOptions,
} from './sink'
