export { escapeHtml } from '../html'
export { renderInboxPage } from './inbox-page'
export {
  MailTimeoutError,
  startMailSink,
  type Mail,
  type MailMatch,
  type MailSink,
  type StartMailSinkOptions,
  type WaitForMailOptions,
} from './sink'
